import FileAccess
import Foundation
import ProcessCleanup
import Reporting

/// `--update-docs FILE`: a command's generated Markdown written into its marked block of a document (the truth
/// table, the agreement figures), like every file the tool writes (atomically, a symlink followed, the mode kept).
enum DocBlockUpdate {
    /// Writes `markdown` between `block`'s markers in `document`; `what` names it in the messages. An interrupted
    /// run's text is partial: the document keeps the whole one it has.
    static func write(_ markdown: String, into document: String, block: MarkedBlock, what: String, output: CommandOutput) -> ExitStatus {
        if let signal = Interruption.signal {
            output.err("cookie-harness: interrupted by \(Interruption.name(of: signal)): \(document) not updated")
            return .interrupted(by: signal)
        }
        do {
            let text = try String(contentsOfFile: document, encoding: .utf8)
            guard let updated = block.replacingBlock(in: text, with: markdown) else {
                output.err("\(document): error: needs one line '\(block.beginMarker)' and, after it, one line '\(block.endMarker)'")
                return .invalidInput
            }
            if updated != text { try AtomicFile.write(updated, to: document) }
            output.err("\(what): \(document)\(updated == text ? " (unchanged)" : "")")
        } catch let error as FileAccessError {
            output.err(error.description)
            return .infrastructureFailure
        } catch {
            output.err("cookie-harness: error: updating \(document): \((error as NSError).localizedDescription)")
            return .infrastructureFailure
        }
        return .success
    }
}
