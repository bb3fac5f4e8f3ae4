import CLibPSL

/// The public suffix list, through libpsl: the one place that calls into it.
///
/// Loaded once per process from Debian's `publicsuffix` package (`psl_latest`, which falls back to the list built
/// into libpsl). The context is immutable after loading, so lookups are safe from any thread.
public final class PublicSuffixList: @unchecked Sendable {
    private let context: OpaquePointer

    /// The system's list: `/usr/share/publicsuffix` when present, else libpsl's built-in copy.
    public static let system = PublicSuffixList()

    private init() {
        if let latest = psl_latest(nil) {
            context = latest
        } else {
            context = psl_builtin()!
        }
    }

    /// Whether `domain` (canonical, lower-case) is a public suffix such as `com` or `github.io`.
    ///
    /// libpsl's implicit `*` rule would make every unknown top-level name (`localhost`, `test`) a public suffix,
    /// which no browser does for cookies; only explicit rules count here.
    public func isPublicSuffix(_ domain: String) -> Bool {
        psl_is_public_suffix2(context, domain, PSL_TYPE_ANY | PSL_TYPE_NO_STAR_RULE) != 0
    }

    /// The registrable domain (eTLD+1) of `host`, used to decide whether two hosts are same-site.
    /// libpsl returns a pointer into the string it was given, so the copy is made while that string is alive (a
    /// temporary C string for a Swift argument is gone when the call returns).
    public func registrableDomain(of host: String) -> String? {
        host.withCString { psl_registrable_domain(context, $0).map { String(cString: $0) } }
    }

    /// The longest public suffix `host` ends with (libpsl's `psl_unregistrable_domain`), which libsoup's
    /// `soup_tld_get_base_domain` checks before taking the registrable domain.
    public func unregistrableDomain(of host: String) -> String? {
        host.withCString { psl_unregistrable_domain(context, $0).map { String(cString: $0) } }
    }
}
