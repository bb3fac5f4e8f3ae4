import CookieModel
import Foundation
import HarnessCore
import Reporting
import TestSupport
import Testing

@testable import CookieStores

/// The protocol's promises at the edges of a process's life: `stop` at the end, the stderr tail of a process
/// that broke the protocol, and cookies an adapter lists after they expired.
@Suite("out-of-process life cycle", .timeLimit(.minutes(1)))
struct OutOfProcessLifecycleTests {
    /// A stand-in adapter: writes `stopped <pid>` to the marker file given as its argument when it receives `stop`;
    /// on a cookie named `garbage` writes a traceback to stderr and then a line that is not JSON; `cookies` lists
    /// three cookies: one expired 10 s before `now`, one expiring exactly at `now`, one alive, and a session one.
    static let script = #"""
    import json, os, sys
    marker = sys.argv[1]
    def send(message):
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()
    for raw in sys.stdin:
        request = json.loads(raw)
        op, rid = request["op"], request["id"]
        ok = lambda result: send({"id": rid, "status": "ok", "result": result})
        if op == "start":
            ok({"protocol": 1, "name": "stand-in", "version": "1", "capabilities": ["store-inspection", "virtual-clock"]})
        elif op == "set-cookie":
            if request["set-cookie"].startswith("garbage="):
                sys.stderr.write("Traceback (most recent call last):\nValueError: the stand-in broke\n")
                sys.stderr.flush()
                print("<html>not JSON</html>", flush=True)
                continue
            ok({})
        elif op == "cookie-header":
            ok({"header": None})
        elif op == "cookies":
            now = request["now"]
            cookie = lambda name, expires: {"name": name, "value": "1", "domain": "app.example.com", "path": "/",
                                            "host-only": True, "secure": False, "http-only": False, "expires": expires}
            ok({"cookies": [cookie("expired", now - 10), cookie("at-now", now), cookie("alive", now + 100),
                            cookie("session", None)]})
        elif op == "reset":
            ok({})
        elif op == "stop":
            with open(marker, "w") as handle:
                handle.write(f"stopped {os.getpid()}\n")
            break
        else:
            send({"id": rid, "status": "skipped", "reason": f"no {op} here"})
    """#

    private static func standIn(_ directory: TestDirectory) throws -> (ExternalAdapter, marker: String) {
        let path = try directory.write("stand-in.py", script)
        let marker = "\(directory.path)/stopped"
        return (ExternalAdapter(name: "stand-in", command: ["python3", path, marker], requestTimeout: .seconds(5)), marker)
    }

    @Test("a run ends with `stop`: the idle adapter process receives it and exits")
    func stopAtTheEndOfARun() throws {
        let directory = try TestDirectory()
        let (external, marker) = try Self.standIn(directory)
        let suite = OutOfProcessSupport.suite([
            OutOfProcessSupport.scenario("oop.one", [.nativeSetCookie(url: "https://app.example.com/", setCookie: "a=1")]),
            OutOfProcessSupport.scenario("oop.two", [.nativeSetCookie(url: "https://app.example.com/", setCookie: "b=1")]),
        ])
        let summary = try Runner().run(
            RunPlan(suites: [suite], adapters: [external.adapter()], jobs: 1), reporter: CollectingReporter())
        #expect(summary.errored == 0)
        #expect(!FileManager.default.fileExists(atPath: marker), "stop before the end of the run")

        // What every command that runs scenarios does when the run is over (RunSession, in HarnessCore).
        ExternalAdapter.stopAllIdleProcesses()
        // stop is sent and not waited for (the child has a second to exit): wait for the marker, 2 s at most.
        // The marker can be seen created but not yet written: wait for its whole line.
        var text: String?
        let markerDeadline = Date().addingTimeInterval(2)
        repeat {
            text = try? String(contentsOfFile: marker, encoding: .utf8)
            if text?.hasSuffix("\n") != true { usleep(20_000) }
        } while text?.hasSuffix("\n") != true && Date() < markerDeadline
        let written = try #require(text, "the adapter never saw stop")
        let pid = try #require(Int32(written.dropFirst("stopped ".count).trimmingCharacters(in: .whitespacesAndNewlines)),
                               "the marker reads \(written.debugDescription)")
        // It exits on its own: gone within a second (kill(pid, 0) fails once it is reaped).
        let deadline = Date().addingTimeInterval(2)
        while kill(pid, 0) == 0 && Date() < deadline { usleep(20_000) }
        #expect(kill(pid, 0) != 0, "process \(pid) still there after stop")
    }

    @Test("a reply that is not JSON: the error carries the offending line and the stderr written before it")
    func nonJSONReplyCarriesTheStderrTail() throws {
        let directory = try TestDirectory()
        let (external, _) = try Self.standIn(directory)
        defer { external.stopIdleProcesses() }
        let store = try ExternalCookieStore(external, clock: .frozen(at: OutOfProcessSupport.start))
        do {
            try store.receive(
                setCookie: "garbage=1", from: CookieURL(string: "https://app.example.com/")!, context: .sameSiteNavigation)
            Issue.record("expected an invalid-reply error")
        } catch let error as ExternalAdapterError {
            #expect(error.code == .invalidReply)
            #expect(error.line == "<html>not JSON</html>")
            #expect(error.stderrTail?.contains("ValueError: the stand-in broke") == true, "stderr tail: \(String(describing: error.stderrTail))")
            #expect("\(error)".contains("ValueError: the stand-in broke"), "not in the message:\n\(error)")
        }
    }

    @Test("cookies an adapter lists at or past their expiry are dropped; live and session ones are kept")
    func expiredCookiesAreDropped() throws {
        let directory = try TestDirectory()
        let (external, _) = try Self.standIn(directory)
        defer { external.stopIdleProcesses() }
        let store = try ExternalCookieStore(external, clock: .frozen(at: OutOfProcessSupport.start))
        #expect(try store.storedCookies().map(\.name).sorted() == ["alive", "session"])
    }
}
