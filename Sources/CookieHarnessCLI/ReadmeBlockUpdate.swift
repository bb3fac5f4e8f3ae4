import FileAccess
import Foundation
import ProcessCleanup
import Reporting

/// `--update-readme FILE`: a command's generated Markdown written into its marked block of a README (the truth
/// table, the agreement figures), like every file the tool writes (atomically, a symlink followed, the mode kept).
enum ReadmeBlockUpdate {
    /// Writes `markdown` between `block`'s markers in `readme`; `what` names it in the messages. An interrupted
    /// run's text is partial: the README keeps the whole one it has.
    static func write(_ markdown: String, into readme: String, block: MarkedBlock, what: String, output: CommandOutput) -> ExitStatus {
        if let signal = Interruption.signal {
            output.err("cookie-harness: interrupted by \(Interruption.name(of: signal)): \(readme) not updated")
            return .interrupted(by: signal)
        }
        do {
            let document = try String(contentsOfFile: readme, encoding: .utf8)
            guard let updated = block.replacingBlock(in: document, with: markdown) else {
                output.err("\(readme): error: needs one line '\(block.beginMarker)' and, after it, one line '\(block.endMarker)'")
                return .invalidInput
            }
            if updated != document { try AtomicFile.write(updated, to: readme) }
            output.err("\(what): \(readme)\(updated == document ? " (unchanged)" : "")")
        } catch let error as FileAccessError {
            output.err(error.description)
            return .infrastructureFailure
        } catch {
            output.err("cookie-harness: error: updating \(readme): \((error as NSError).localizedDescription)")
            return .infrastructureFailure
        }
        return .success
    }
}
