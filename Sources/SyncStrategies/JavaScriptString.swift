/// Text put inside a single-quoted JavaScript string literal by the strategies' `document.cookie` scripts.
enum JavaScriptString {
    /// `text` with backslashes and single quotes escaped, so it ends the literal nowhere.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
    }
}
