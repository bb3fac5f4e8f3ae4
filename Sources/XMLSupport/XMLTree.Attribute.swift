extension XMLTree {
    /// An attribute and where its name begins, so errors about a value can point right at it.
    public struct Attribute: Sendable, Hashable {
        /// The name as written, prefix included (`xsi:type`).
        public var name: String
        /// The namespace the name is in, if it has a prefix.
        public var namespaceURI: String?
        /// The value after XML normalisation (character references replaced, newlines as spaces).
        public var value: String
        /// 1-based line of the attribute's name.
        public var line: Int
        /// 1-based column of the attribute's name in Unicode scalars; 0 if unknown (see `XMLDiagnostic`).
        public var column: Int

        public init(name: String, namespaceURI: String? = nil, value: String, line: Int, column: Int) {
            self.name = name
            self.namespaceURI = namespaceURI
            self.value = value
            self.line = line
            self.column = column
        }

        /// A diagnostic pointing at this attribute, for callers that check values the schema cannot.
        public func diagnostic(in file: String, _ message: String) -> XMLDiagnostic {
            XMLDiagnostic(file: file, line: line, column: column, message: message)
        }
    }
}
