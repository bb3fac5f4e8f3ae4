import Foundation

/// The one Python stand-in for an out-of-process adapter (the line protocol of docs/adapter-protocol.md) that tests
/// write to a file and start: a handshake with the given name and capabilities, fixed replies to some requests, and
/// every other request answered the same way. What a test needs beyond that goes in `prelude`, which runs once at
/// start-up, after `import json, os, sys, time`.
///
/// Behaviours every stand-in shares:
/// - `stop` ends the loop (with `writesPidOnStop`, after writing the process id to the file named by its first
///   argument);
/// - with `$HANG` set (or set by the prelude) every request after the handshake hangs.
public enum StandInAdapter {
    /// How a request with no fixed reply is answered.
    public enum Otherwise: Sendable {
        /// `skipped`, with this reason.
        case skipped(String)
        /// `ok` with an empty result.
        case emptyResult
    }

    /// The script's text.
    /// - Parameters:
    ///   - replies: Request op → the result, as a Python expression (`{"header": None}`).
    public static func script(
        name: String, version: String = "0.1", capabilities: [String] = [], prelude: String = "",
        replies: [String: String] = [:], otherwise: Otherwise = .skipped("a stand-in without a store"),
        writesPidOnStop: Bool = false
    ) -> String {
        var text = """
            import json, os, sys, time
            \(prelude)

            def send(message):
                sys.stdout.write(json.dumps(message) + "\\n")
                sys.stdout.flush()

            for raw in sys.stdin:
                request = json.loads(raw)
                op, rid = request["op"], request["id"]
                if op == "start":
                    send({"id": rid, "status": "ok", "result": {"protocol": 1, "name": \(literal(name)), "version": \(literal(version)),
                          "capabilities": [\(capabilities.map(literal).joined(separator: ", "))]}})
                elif op == "stop":

            """
        if writesPidOnStop { text += "        open(sys.argv[1], \"w\").write(str(os.getpid()))\n" }
        text += """
                    break
                elif os.environ.get("HANG"):
                    time.sleep(3600)

            """
        for op in replies.keys.sorted() {
            text += "    elif op == \(literal(op)):\n        send({\"id\": rid, \"status\": \"ok\", \"result\": \(replies[op]!)})\n"
        }
        switch otherwise {
        case .skipped(let reason):
            text += "    else:\n        send({\"id\": rid, \"status\": \"skipped\", \"reason\": \(literal(reason))})\n"
        case .emptyResult:
            text += "    else:\n        send({\"id\": rid, \"status\": \"ok\", \"result\": {}})\n"
        }
        return text
    }

    /// A Python string literal (a JSON string is one).
    static func literal(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])) ?? Data("[\"\"]".utf8)
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }
}
