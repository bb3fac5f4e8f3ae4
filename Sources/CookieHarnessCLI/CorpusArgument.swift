/// `CORPUS [PATH]`, the operands `conformance` and `import` share: which corpus, and its folder when given.
struct CorpusArgument: Equatable {
    enum Corpus: String {
        case httpState = "http-state"
        case wptCookies = "wpt-cookies"
    }

    var corpus: Corpus
    /// PATH as given; nil: the corpus' own folder.
    var path: String?
}

extension CorpusArgument {
    /// Reads the operands of `command`.
    /// - Throws: ``UsageError`` for more than CORPUS and PATH, or a corpus it does not know.
    init(_ positional: [String], command: String) throws {
        guard positional.count <= 2 else { throw UsageError("\(command): too many arguments") }
        guard let corpus = positional.first.flatMap(Corpus.init(rawValue:)) else {
            throw UsageError("\(command): expected the corpus name 'http-state' or 'wpt-cookies'")
        }
        self.corpus = corpus
        path = positional.count == 2 ? positional[1] : nil
    }
}
