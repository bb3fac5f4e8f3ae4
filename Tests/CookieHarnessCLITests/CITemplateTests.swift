import Foundation
import Testing
import TestSupport

/// The CI templates in docs/ci/ are valid against the official schemas, through check-jsonschema's built-in
/// `github-workflows` and `gitlab-ci` schemas (installed by `.ci/install-deps` into `.build/check-jsonschema-venv`).
@Suite("CI templates")
struct CITemplateTests {
    static let root = RunCommandTests.packageRoot
    static let checker = root.appendingPathComponent(".build/check-jsonschema-venv/bin/check-jsonschema").path

    /// Runs check-jsonschema with a built-in schema on `file`: its exit status and output.
    private func check(_ schema: String, _ file: String) throws -> (Int32, String) {
        try #require(FileManager.default.isExecutableFile(atPath: Self.checker),
                     "check-jsonschema is missing: run 'bash .ci/install-deps' (it installs it into .build/check-jsonschema-venv)")
        let result = try ExternalTool.run(Self.checker, ["--builtin-schema", schema, file])
        return (result.status, result.output)
    }

    @Test("each template validates against its schema", arguments: [
        ("vendor.github-workflows", "docs/ci/github-actions.yml"),
        ("vendor.gitlab-ci", "docs/ci/gitlab-ci.yml"),
    ])
    func templateIsValid(schema: String, file: String) throws {
        let (status, output) = try check(schema, Self.root.appendingPathComponent(file).path)
        #expect(status == 0, "\(output)")
    }

    @Test("the templates install, run in shards, merge, upload JUnit and diff", arguments: [
        "docs/ci/github-actions.yml", "docs/ci/gitlab-ci.yml",
    ])
    func templateDoesTheWorkflow(file: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
        for step in ["bash .ci/install-deps", "cookie-harness run --shard", "cookie-harness merge", "--expect-shards 3",
                     "Reports/junit.xml", "cookie-harness diff"] {
            #expect(text.contains(step), "\(file) lacks '\(step)'")
        }
    }

    @Test("a broken workflow is refused, so the check can fail")
    func brokenTemplateIsRefused() throws {
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).yml")
        defer { try? FileManager.default.removeItem(at: broken) }
        // `runs-on` missing and a step with neither `run` nor `uses`.
        try Data("on: push\njobs:\n  run:\n    steps:\n      - name: nothing\n".utf8).write(to: broken)
        let (status, _) = try check("vendor.github-workflows", broken.path)
        #expect(status != 0)
    }
}
