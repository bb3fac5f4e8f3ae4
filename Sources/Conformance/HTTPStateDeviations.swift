/// http-state parser cases whose expectation RFC 6265bis changes, each with the rule that changes it.
///
/// A case may be listed only with a reason from the specification; a listed case that passes is reported as an
/// unexpected pass, so the list cannot go stale silently. Every entry was checked by hand against the case's files.
package enum HTTPStateDeviations {
    /// RFC 6265 §5.2 ignored a `Set-Cookie` line without "=" or with an empty name. RFC 6265bis §5.6 step 3 keeps it
    /// as a cookie with an empty name whose value is the whole name-value-pair, §5.7 step 2 ignores only an empty
    /// name *and* value, and §5.8.3 step 4 serialises it as the bare value. Name-less cookies share one identity per
    /// (domain, path), so a later one replaces an earlier one and keeps its creation time (§5.7 step 23).
    static let namelessCookie = "RFC 6265bis §5.6 step 3 / §5.7 step 2: a line without '=' or with an empty name "
        + "is a name-less cookie (RFC 6265 ignored it), sent as its bare value (§5.8.3 step 4)"

    /// RFC 6265bis §5.6 step 1 rejects a whole line containing a control character other than HTAB; the corpus
    /// (disabled upstream for this reason) expected truncation at the control character.
    static let controlCharacter = "RFC 6265bis §5.6 step 1: a line with a control character (%x00-08 / %x0A-1F / "
        + "%x7F) is ignored entirely (the corpus expected truncation; disabled upstream)"

    package static let rfc6265bis: [String: String] = {
        var list: [String: String] = [:]
        for name in [
            "0004", "0021", "0023", "0024", "0025", "0026", "0027", "0028", "chromium0009", "chromium0010",
            "chromium0012", "mozilla0012", "mozilla0014", "mozilla0015", "mozilla0016", "mozilla0017", "name0017",
            "name0023", "name0025", "name0028", "name0031", "name0032", "name0033",
        ] {
            list[name] = namelessCookie
        }
        list["optional-domain0042"] = "RFC 6265bis §5.6.3 no longer ignores an empty Domain attribute (RFC 6265 "
            + "§5.2.3 did): the last Domain attribute, 'domain=', is empty, so §5.7 step 7 makes the cookie host-only "
            + "for home.example.org instead of rejecting it for foo.example.org"
        list["disabled-chromium0022"] = controlCharacter + " (NUL)"
        list["disabled-chromium0023"] = controlCharacter + " (CR)"
        list["disabled-path0029"] = "RFC 6265bis §5.1.4: path-match compares the request path as sent "
            + "(/cookie-parser-result/f%6Fo/bar), without percent-decoding, so Path=/cookie-parser-result/foo/bar "
            + "does not match (disabled upstream)"
        return list
    }()
}
