import CookieHarnessCLI
import Foundation

exit(CookieHarnessCommand.run(Array(CommandLine.arguments.dropFirst())).rawValue)
