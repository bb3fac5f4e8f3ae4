import HarnessCore
import XMLSupport

extension XMLTree.Element {
    /// The element's name without its namespace prefix.
    ///
    /// The schema puts every element of a suite in one namespace, and validation has already checked it, so an
    /// author may write `<suite xmlns="…">` or `<s:suite xmlns:s="…">` and the reader sees the same names.
    var unprefixedName: String {
        guard let colon = name.lastIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }

    /// Whether this is the element `name` of the suite namespace.
    func isSuiteElement(_ name: String) -> Bool {
        unprefixedName == name && namespaceURI == SuiteSchema.namespace
    }
}
