import CookieHarnessCLI
import Foundation
import ProcessCleanup

// Before any other thread exists, so that every thread inherits the blocked SIGINT/SIGTERM (see Interruption).
Interruption.installSignalHandling()
let status = CookieHarnessCommand.run(Array(CommandLine.arguments.dropFirst()))
// Whatever the command, no child process group and no scratch path outlives the harness.
ProcessCleanup.cleanUpEverything()
exit(status.rawValue)
