import HarnessCore
import WebKitModel

extension WebKitEngine {
    /// Lets the engine run until idle, its failures said as an app's (``AppError``): a step the engine cannot do at
    /// all makes the scenario unservable here (a skip), a broken engine is an engine failure (an error result).
    ///
    /// Shared by every app that drives an engine (the strategies' web-view app and the browsers'), which must turn
    /// an engine's errors into results the same way.
    package func settleForApp() throws {
        do {
            try runUntilIdle()
        } catch let error as WebKitError where error.code == .unsupportedByEngine {
            throw AppError.cannotServe(error.message)
        } catch let error as WebKitError where error.code == .engineFailed {
            throw AppError.engineFailure("\(error)")
        }
    }
}
