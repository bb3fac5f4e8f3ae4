extension XMLTree {
    /// An element with its attributes in document order and where its start tag begins.
    ///
    /// Positions point at the `<` of the start tag (libxml2 itself only records the line on which the start tag
    /// ends), so a caller can report `file:line:column` for a bad element like a compiler would.
    public struct Element: Sendable, Hashable {
        /// The name as written, prefix included (`xs:element`).
        public var name: String
        /// The namespace the name is in, if any.
        public var namespaceURI: String?
        /// Attributes in the order they were written; namespace declarations (`xmlns`) are not included.
        public var attributes: [Attribute]
        /// Child elements, text (including CDATA sections) and comments, in document order.
        public var children: [Node]
        /// 1-based line of the start tag's `<`.
        public var line: Int
        /// 1-based column of the start tag's `<` in Unicode scalars; 0 if unknown (see `XMLDiagnostic`).
        public var column: Int

        public init(
            name: String,
            namespaceURI: String? = nil,
            attributes: [Attribute] = [],
            children: [Node] = [],
            line: Int,
            column: Int
        ) {
            self.name = name
            self.namespaceURI = namespaceURI
            self.attributes = attributes
            self.children = children
            self.line = line
            self.column = column
        }

        /// The value of the attribute written with this name (prefix included), if present.
        public subscript(attribute name: String) -> String? {
            attribute(named: name)?.value
        }

        /// The attribute written with this name (prefix included), with its position, if present.
        public func attribute(named name: String) -> Attribute? {
            attributes.first { $0.name == name }
        }

        /// The child elements, skipping text and comments.
        public var elements: [Element] {
            children.compactMap {
                if case .element(let element) = $0 { element } else { nil }
            }
        }

        /// The child elements with this name (prefix included).
        public func elements(named name: String) -> [Element] {
            elements.filter { $0.name == name }
        }

        /// All text inside the element, descendants included, as the DOM's `textContent` would give it.
        public var text: String {
            var result = ""
            appendText(to: &result)
            return result
        }

        private func appendText(to result: inout String) {
            for child in children {
                switch child {
                case .text(let text): result += text
                case .element(let element): element.appendText(to: &result)
                case .comment: break
                }
            }
        }

        /// A diagnostic pointing at this element's start tag, for callers that check more than the schema does.
        public func diagnostic(in file: String, _ message: String) -> XMLDiagnostic {
            XMLDiagnostic(file: file, line: line, column: column, message: message)
        }
    }

    /// One piece of an element's content.
    public enum Node: Sendable, Hashable {
        case element(Element)
        /// Character data; CDATA sections arrive here too, and entity references are already replaced.
        case text(String)
        case comment(String)
    }
}
