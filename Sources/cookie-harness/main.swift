import CookieHarnessCLI
import Foundation
import ProcessCleanup

// Before any other thread exists, so that every thread inherits the blocked SIGINT/SIGTERM (see Interruption).
Interruption.installSignalHandling()
// Whatever the command, no child process group and no scratch path outlives the harness. Registered first, so it
// runs last among the exit hooks: after the WebKitGTK driver pool's hook has stopped its drivers gracefully
// (each removes its own folders), whatever is left is killed and removed.
atexit { ProcessCleanup.cleanUpEverything() }
exit(CookieHarnessCommand.run(Array(CommandLine.arguments.dropFirst())).rawValue)
