import XMLSupport

/// The attributes each element of an XML Schema accepts, read from the schema document itself.
enum SchemaWalk {
    struct Unsupported: Error, CustomStringConvertible {
        var description: String
    }

    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
    /// The attributes of the XML namespace (the W3C's xml.xsd): what `<xs:anyAttribute namespace=XML>` lets in.
    static let xmlNamespaceAttributes = ["xml:space", "xml:lang", "xml:base", "xml:id"]

    /// `element` and `element/@attribute` for every element declared anywhere in the schema (global, local,
    /// inside named types).
    static func keys(of path: String) throws -> Set<String> {
        let root = try XMLTree.parse(contentsOf: path).root
        func named(_ kind: String) -> [String: XMLTree.Element] {
            Dictionary(root.elements(named: kind).compactMap { e in e[attribute: "name"].map { ($0, e) } }, uniquingKeysWith: { a, _ in a })
        }
        let types = named("xs:complexType")
        let groups = named("xs:attributeGroup")

        func attributes(_ node: XMLTree.Element) throws -> [String] {
            var names: [String] = []
            for child in node.elements {
                switch child.name {
                case "xs:attribute":
                    guard let name = child[attribute: "name"] else { throw Unsupported(description: "xs:attribute without name= at line \(child.line)") }
                    names.append(name)
                case "xs:attributeGroup":
                    guard let ref = child[attribute: "ref"], let group = groups[ref] else {
                        throw Unsupported(description: "attribute group reference at line \(child.line)")
                    }
                    names += try attributes(group)
                case "xs:anyAttribute":
                    guard child[attribute: "namespace"] == xmlNamespace else {
                        throw Unsupported(description: "xs:anyAttribute beyond the XML namespace at line \(child.line)")
                    }
                    names += xmlNamespaceAttributes
                case "xs:simpleContent", "xs:complexContent":
                    names += try attributes(child)
                case "xs:extension", "xs:restriction":
                    if let base = child[attribute: "base"], let type = types[base] { names += try attributes(type) }
                    names += try attributes(child)
                default:
                    break  // content models, annotations, facets: no attributes of this element
                }
            }
            return names
        }

        func declarations(in node: XMLTree.Element) -> [XMLTree.Element] {
            node.elements.flatMap { child in
                (child.name == "xs:element" && child[attribute: "name"] != nil ? [child] : []) + declarations(in: child)
            }
        }

        var keys: Set<String> = []
        for declaration in declarations(in: root) {
            let name = declaration[attribute: "name"]!
            keys.insert(name)
            let type: XMLTree.Element?
            if let typeName = declaration[attribute: "type"] {
                type = types[typeName]  // nil for a simple type such as xs:string: no attributes
            } else {
                type = declaration.elements(named: "xs:complexType").first
            }
            guard let type else { continue }
            for attribute in try attributes(type) { keys.insert("\(name)/@\(attribute)") }
        }
        return keys
    }
}
