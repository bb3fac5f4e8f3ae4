/// Where an HTML form sends its fields (HTML, "form submission algorithm", "mutate action URL"), decided once for
/// the virtual network's app and the simulated engine: a GET form puts its url-encoded fields in the query of its
/// action URL, replacing the query there, and sends no body; a POST form sends them as the body.
public enum HTMLFormSubmission {
    /// The URL a GET form with `fields` (url-encoded, `a=1&b=2`) and `action` navigates to: `action` with its query
    /// replaced by the fields (an empty one when there are none), its fragment kept.
    public static func getURL(action: String, fields: String) -> String {
        let fragmentStart = action.firstIndex(of: "#") ?? action.endIndex
        let beforeFragment = action[..<fragmentStart]
        let base = beforeFragment[..<(beforeFragment.firstIndex(of: "?") ?? beforeFragment.endIndex)]
        return base + "?" + fields + action[fragmentStart...]
    }
}
