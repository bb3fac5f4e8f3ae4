/// Options several commands take, with one help text each: the table a command's ``CommandSpec`` picks from.
package enum SharedOptions {
    package static let adapter = OptionSpec.valued(
        "adapter", "NAME", repeatable: true, "an adapter to run (repeatable); see 'cookie-harness list adapters'")
    package static let external = OptionSpec.valued(
        "external", "NAME=CMD", repeatable: true,
        """
        add an out-of-process adapter speaking the JSON-lines protocol
        (Sources/CookieStores/OutOfProcess/PROTOCOL.md), e.g. 'mine=python3 my_adapter.py';
        it adds to --adapter (or to the defaults), under a name no built-in adapter has
        """)
    package static let jobs = OptionSpec.valued("jobs", "N", "scenarios run in parallel (default: the number of cores; twice that when an\n@webkitgtk-live adapter runs: its drivers wait on WebKit more than they compute)")
    package static let timeLimit = OptionSpec.valued(
        "time-limit", "SECONDS", "per scenario; a scenario over it is an error and the run goes on (default 30)")
    package static let filter = OptionSpec.valued("filter", "GLOB", repeatable: true, "only scenarios whose id matches (repeatable; * and ?)")
    package static let tag = OptionSpec.valued("tag", "TAG", repeatable: true, "only scenarios with this tag (repeatable)")
    package static let expectations = OptionSpec.valued(
        "expectations", "FILE", repeatable: true,
        "an expectation file to load besides those found among the suites (repeatable)")
    package static let schema = OptionSpec.valued(
        "schema", "FILE", "the suite schema (default: Suites/suite.xsd, found from here, the executable or the package)")
}
