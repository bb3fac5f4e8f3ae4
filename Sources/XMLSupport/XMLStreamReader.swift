import FileAccess
import Foundation

/// Reads a document one child of the root at a time, validating it in the same pass, without building the whole
/// tree.
///
/// ``XMLTree/parse(_:file:validatingAgainst:maximumInputSize:)`` holds libxml2's document of the whole file and
/// its Swift copy at once (≈ 30× the file's size), and validating parses the file a second time; a suite file of
/// 100,000 scenarios reached 1 GB that way (docs/big-suites.md). Here libxml2's `xmlTextReader` parses and
/// validates in one pass, reading the file in pieces, and each child of the root is converted to the same
/// ``XMLTree/Element`` the tree would hold — names, namespaces, attributes, text, comments and source positions —
/// then freed before the next is read.
/// The hardening is the tree's: no network, no external entities or DTDs, libxml2's limits on, entity references
/// refused.
///
/// Only a clean document streams to the end. At the first problem of any kind (not well-formed, not valid, an
/// entity reference, an encoding the position scanner cannot read) the stream stops with
/// ``Outcome/needsFullParse``: libxml2's streaming validator reports errors at the parser's position rather than
/// at the element concerned, so the caller describes a faulty document with the whole-tree API, whose diagnostics
/// point at the right start tag or attribute. The caller discards what it read from the stream in that case.
public enum XMLStreamReader {
    /// How a stream ended.
    public enum Outcome: Sendable, Hashable {
        /// The document is well-formed (and valid, when a schema was given) and every child was handed over.
        case finished
        /// The `root` callback asked to stop.
        case stopped
        /// The document has a problem, or a feature this reader leaves to the whole-tree API; the reason is for
        /// people and tests, not for matching.
        case needsFullParse(String)
    }

    /// Streams a file, reading it in pieces as the parser needs them.
    ///
    /// - Parameters:
    ///   - path: The file; also the name diagnostics would use.
    ///   - maximumInputSize: Bytes above which the file is not streamed (the whole-tree API then says why).
    ///   - schema: When given, the document is validated as it is read; any validity error stops the stream.
    ///   - root: Called once with the root element's start tag (attributes, position, no children); return false
    ///     to stop before reading further.
    ///   - child: Called with each element child of the root and its whole subtree, in document order. Text and
    ///     comments directly inside the root are not handed over.
    /// - Returns: How the stream ended; everything handed over is meaningful only when it is ``Outcome/finished``.
    ///   A file that cannot be opened, or is not a regular file, or is too large, needs the full parse, whose
    ///   error says so.
    public static func read(
        contentsOf path: String,
        maximumInputSize: Int = XMLTree.defaultMaximumInputSize,
        validatingAgainst schema: XMLSchema? = nil,
        root: (XMLTree.Element) -> Bool,
        child: (XMLTree.Element) -> Void
    ) -> Outcome {
        let window: InputFile.Window
        do {
            window = try InputFile.Window(contentsOf: path, maximumSize: maximumInputSize)
        } catch {
            return .needsFullParse("\(error)")
        }
        return LibXML2.stream(window, schema: schema?.handle, root: root, child: child)
    }

    /// Streams a document already in memory; see ``read(contentsOf:maximumInputSize:validatingAgainst:root:child:)``.
    public static func read(
        _ data: Data,
        file: String,
        maximumInputSize: Int = XMLTree.defaultMaximumInputSize,
        validatingAgainst schema: XMLSchema? = nil,
        root: (XMLTree.Element) -> Bool,
        child: (XMLTree.Element) -> Void
    ) -> Outcome {
        let window = InputFile.Window(data, file: file, maximumSize: maximumInputSize)
        return LibXML2.stream(window, schema: schema?.handle, root: root, child: child)
    }
}
