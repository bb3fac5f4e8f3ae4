import CookieModel
import Testing

/// Parses an absolute URL, failing the test (at the caller) when the model refuses it, instead of crashing it.
public func url(_ string: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CookieURL {
    try #require(CookieURL(string: string), "CookieURL(string: \(string)) is nil", sourceLocation: sourceLocation)
}
