/// Options several commands take, with one help text each: the keys a command's ``CommandSpec`` picks from and its
/// body (or a helper such as ``RunOptions``) reads.
package enum SharedOptions {
    package static let adapter: OptionKey<[String]?> = .repeatable(
        "adapter", "NAME", "an adapter to run (repeatable); see 'cookie-harness list adapters'")
    package static let external: OptionKey<[String]?> = .repeatable(
        "external", "NAME=CMD",
        """
        add an out-of-process adapter speaking the JSON-lines protocol
        (Sources/CookieStores/OutOfProcess/PROTOCOL.md), e.g. 'mine=python3 my_adapter.py';
        it adds to --adapter (or to the defaults), under a name no built-in adapter has
        """)
    package static let jobs: OptionKey<String?> = .valued(
        "jobs", "N",
        """
        scenarios run in parallel (default: the number of cores; twice that when an
        @webkitgtk-live adapter runs: its drivers wait on WebKit more than they compute)
        """)
    package static let timeLimit: OptionKey<String?> = .valued(
        "time-limit", "SECONDS", "per scenario; a scenario over it is an error and the run goes on (default 30)")
    /// `--time-limit` as `compare` and `agreement` word it: the same value, read by the same rule as `run`'s.
    package static let pairedTimeLimit: OptionKey<String?> = .valued(
        "time-limit", "SECONDS", "per scenario; a scenario over it is an error (default 30)")
    package static let filter: OptionKey<[String]?> = .repeatable(
        "filter", "GLOB", "only scenarios whose id matches (repeatable; * and ?)")
    package static let tag: OptionKey<[String]?> = .repeatable(
        "tag", "TAG", "only scenarios with this tag (repeatable)")
    package static let expectations: OptionKey<[String]?> = .repeatable(
        "expectations", "FILE", "an expectation file to load besides those found among the suites (repeatable)")
    package static let schema: OptionKey<String?> = .valued(
        "schema", "FILE", "the suite schema (default: Suites/suite.xsd, found from here, the executable or the package)")
}
