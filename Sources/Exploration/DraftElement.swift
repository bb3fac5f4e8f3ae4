import XMLSupport

/// A suite file as a tree of elements, before it is written: what the generator draws and the minimizer cuts.
///
/// The tree knows nothing of the vocabulary; whether a draft is a suite is the schema's and the loader's to say when
/// it is written and read back, so a cut the vocabulary forbids (a route without its path) is simply not a suite.
package struct DraftElement: Sendable, Hashable {
    package struct Attribute: Sendable, Hashable {
        package var name: String
        package var value: String

        package init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    package var name: String
    package var attributes: [Attribute]
    /// Character data (a `Set-Cookie` line, a script); nil for an element of elements.
    package var text: String?
    package var children: [DraftElement]

    package init(_ name: String, _ attributes: [Attribute] = [], text: String? = nil, children: [DraftElement] = []) {
        self.name = name
        self.attributes = attributes
        self.text = text
        self.children = children
    }

    /// The value of the attribute `name`; setting nil removes it.
    package subscript(attribute name: String) -> String? {
        get { attributes.first { $0.name == name }?.value }
        set {
            if let index = attributes.firstIndex(where: { $0.name == name }) {
                if let newValue { attributes[index].value = newValue } else { attributes.remove(at: index) }
            } else if let newValue {
                attributes.append(Attribute(name, newValue))
            }
        }
    }

    /// Every element of the tree, this one first, depth first.
    package var allElements: [DraftElement] {
        [self] + children.flatMap(\.allElements)
    }

    /// The tree once for each edit of each of its elements (this one first, then depth first): `edit` gives an
    /// element's replacements, and each comes back in a copy of the whole tree.
    package func everyEdit(_ edit: (DraftElement) -> [DraftElement]) -> [DraftElement] {
        var trees = edit(self)
        for index in children.indices {
            for child in children[index].everyEdit(edit) {
                var tree = self
                tree.children[index] = child
                trees.append(tree)
            }
        }
        return trees
    }

    /// The document: this element as its root, in `namespace`, one element per line.
    package func document(namespace: String) throws -> String {
        try XMLStreamWriter.string { writer in
            try write(to: writer, namespace: namespace)
        }
    }

    private func write(to writer: XMLStreamWriter, namespace: String?) throws {
        try writer.startElement(name)
        if let namespace { try writer.attribute("xmlns", namespace) }
        for attribute in attributes { try writer.attribute(attribute.name, attribute.value) }
        if let text { try writer.text(text) }
        for child in children { try child.write(to: writer, namespace: nil) }
        try writer.endElement()
    }
}
