import CookieModel
import Foundation
import HarnessCore
import TestSupport
import Testing

@testable import CookieStores

/// Shared pieces of the out-of-process adapter tests: the package's paths, temporary adapters, small suites.
enum OutOfProcessSupport {
    /// The built-in Python adapter, located from the package root.
    static func pythonCookiejar(requestTimeout: Duration = .seconds(10)) throws -> ExternalAdapter {
        try ExternalAdapters.pythonCookiejarSpec.description(
            currentDirectory: RepositoryFiles.root, executablePath: nil, requestTimeout: requestTimeout)
    }

    /// A store on the Python adapter, with its own frozen-or-virtual clock.
    static func pythonStore(clock: VirtualClock) throws -> ExternalCookieStore {
        try ExternalCookieStore(try pythonCookiejar(), clock: .virtual(clock))
    }

    /// 2026-01-01T00:00:00Z, the suites' default start.
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    // MARK: Scenarios in code

    static let location = SuiteLocation(file: "oop.xml", line: 1)

    static func scenario(_ id: String, _ kinds: [Step.Kind]) -> Scenario {
        Scenario(
            id: id, title: id,
            steps: kinds.enumerated().map { Step($1, location: SuiteLocation(file: "oop.xml", line: $0 + 10)) },
            location: location)
    }

    static let origins = [
        Origin(url: "https://app.example.com", routes: [Route(path: "/home")]),
    ]

    static func suite(_ scenarios: [Scenario], id: String = "oop") -> Suite {
        Suite(id: id, title: id, file: "oop.xml", origins: origins, scenarios: scenarios)
    }

    /// A native cookie `name=value`, then a native request that must carry exactly `expected`.
    static func roundTrip(_ id: String, set values: [String], expect expected: String) -> Scenario {
        scenario(id, values.map { .nativeSetCookie(url: "https://app.example.com/", setCookie: $0) } + [
            .nativeRequest(Request(url: "https://app.example.com/home")),
            .expect(.request(RequestExpectation(url: "https://app.example.com/home", cookie: CookieStringMatch(equals: expected)))),
        ])
    }
}

/// A tiny adapter in Python that keeps `name=value` pairs and misbehaves on request: a cookie whose value is
/// `crash`, `hang`, `garbage`, `wrong-id` or `error` (optionally followed by `!` and text, which `garbage`
/// prints) makes it exit, sleep, print junk, answer another id, or reply `errored`. Written to a temporary
/// directory by each test that needs it.
enum FaultyAdapter {
    static let script = #"""
    import json, os, sys, time
    jar = {}

    def send(message):
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()

    for raw in sys.stdin:
        request = json.loads(raw)
        op, rid = request["op"], request["id"]
        ok = lambda result: send({"id": rid, "status": "ok", "result": result})
        if op == "start":
            ok({"protocol": 1, "name": "faulty", "version": "0.1", "capabilities": ["store-inspection", "teleport"]})
        elif op == "set-cookie":
            name, _, value = request["set-cookie"].partition(";")[0].partition("=")
            value, _, extra = value.strip().partition("!")
            if value == "crash":
                sys.stderr.write("boom: simulated crash\n")
                sys.stderr.flush()
                os._exit(3)
            if value == "hang":
                time.sleep(3600)
            if value == "garbage":
                print("this is not JSON" + extra, flush=True)
                continue
            if value == "wrong-id":
                send({"id": rid + 100, "status": "ok", "result": {}})
                continue
            if value == "error":
                send({"id": rid, "status": "errored", "message": "simulated failure", "details": "line 1\nline 2"})
                continue
            jar[name.strip()] = value
            ok({})
        elif op == "cookie-header":
            ok({"header": "; ".join(f"{k}={v}" for k, v in jar.items()) or None})
        elif op == "cookies":
            ok({"cookies": [{"name": k, "value": v, "domain": "app.example.com", "path": "/", "host-only": True,
                             "secure": False, "http-only": False, "expires": None} for k, v in jar.items()]})
        elif op == "reset":
            jar.clear()
            ok({})
        elif op == "stop":
            break
        else:
            send({"id": rid, "status": "skipped", "reason": f"no {op} here"})
    """#

    /// The adapter written to `directory`, named `name`.
    static func make(in directory: TestDirectory, name: String = "faulty", timeout: Duration = .seconds(5)) throws -> ExternalAdapter {
        let path = try directory.write("faulty.py", script)
        return ExternalAdapter(name: name, command: ["python3", path], requestTimeout: timeout)
    }
}
