import Foundation
import Reporting
import Testing

/// The library products (`CookieHarnessCore`, and `CookieHarness` on top of it) export what a strategy or store author
/// needs, and docs/library.md lists it: a declaration that joins a product (a whole module's new public type, a new
/// scoped export, a new type of the WebKit-shaped API) fails here until docs/library.md says so. Users build against
/// this list; everything else may change in any refactor.
@Suite("the library product's public surface")
struct PublicSurfaceTests {
    static let root = RunCommandTests.packageRoot
    static let docBlock = MarkedBlock(name: "public-surface")

    /// Top-level public declarations of the Swift files under `folder`, by name.
    static func publicDeclarations(under folder: String) throws -> Set<String> {
        let url = root.appendingPathComponent(folder)
        let files = FileManager.default.enumerator(atPath: url.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        let pattern = try Regex(#"(?m)^public (?:final )?(?:struct|class|enum|protocol|func|var|let|typealias|actor) ([A-Za-z_][A-Za-z0-9_]*)"#)
        var names: Set<String> = []
        for file in files {
            let source = try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)
            for match in source.matches(of: pattern) { names.insert(String(match.output[1].substring!)) }
        }
        return names
    }

    /// The library products' modules: a product that exports another exports its surface whole.
    static let products = ["CookieHarnessCore", "CookieHarness"]

    /// What `Sources/PRODUCT` exports, per module: a whole module's top-level public declarations (a whole product's
    /// surface), or the declarations it names one by one; plus the product's own.
    static func surface(of product: String = "CookieHarness") throws -> [(module: String, names: [String])] {
        let source = try String(contentsOf: root.appendingPathComponent("Sources/\(product)/\(product).swift"), encoding: .utf8)
        let whole = source.matches(of: try Regex(#"(?m)^@_exported import ([A-Za-z]+)$"#)).map { String($0.output[1].substring!) }
        var scoped: [String: [String]] = [:]
        for match in source.matches(of: try Regex(#"(?m)^@_exported import (?:struct|class|enum|protocol|typealias|func|var|let) ([A-Za-z]+)\.([A-Za-z_]+)$"#)) {
            scoped[String(match.output[1].substring!), default: []].append(String(match.output[2].substring!))
        }
        var modules: [(String, [String])] = [(product, try publicDeclarations(under: "Sources/\(product)").sorted())]
        for module in whole {
            if products.contains(module) {
                modules += try surface(of: module)
            } else {
                modules.append((module, try publicDeclarations(under: "Sources/\(module)").sorted()))
            }
        }
        for module in scoped.keys.sorted() { modules.append((module + " (in part)", scoped[module]!.sorted())) }
        return modules
    }

    /// docs/library.md's list: one line per module.
    static func markdown(_ surface: [(module: String, names: [String])]) -> String {
        surface.map { "- **\($0.module)**: " + $0.names.map { "`\($0)`" }.joined(separator: ", ") }.joined(separator: "\n") + "\n"
    }

    @Test("docs/library.md lists exactly what the product exports")
    func documentListsTheSurface() throws {
        let document = try String(contentsOf: Self.root.appendingPathComponent("docs/library.md"), encoding: .utf8)
        let listed = try #require(Self.docBlock.block(in: document), "docs/library.md lacks the public-surface marker lines")
        let expected = Self.markdown(try Self.surface())
        #expect(listed == expected, "the product's surface changed: put this between docs/library.md's public-surface markers\n\(expected)")
    }

    @Test("the full product exports the core's surface and its own entry point, nothing more")
    func fullIsCorePlusEntryPoint() throws {
        let full = try Self.surface(of: "CookieHarness")
        let core = try Self.surface(of: "CookieHarnessCore")
        #expect(full.first?.module == "CookieHarness" && full.first?.names == ["CookieHarness"])
        #expect(Array(full.dropFirst()).map { "\($0.module): \($0.names)" } == core.map { "\($0.module): \($0.names)" })
    }

    @Test("the whole WebKit-shaped API is exported, and nothing of the engines under it")
    func webKitAPIExported() throws {
        let surface = try Self.surface()
        let exported = Set(surface.first { $0.module == "WebKitModel (in part)" }?.names ?? [])
        #expect(exported == (try Self.publicDeclarations(under: "Sources/WebKitModel/API")))
        #expect(exported.isDisjoint(with: try Self.publicDeclarations(under: "Sources/WebKitModel/Simulated")))
    }

    @Test("HarnessCore is exported in part: the runner, the loader and the results stay inside")
    func harnessCoreInPart() throws {
        let exported = Set(try Self.surface().first { $0.module == "HarnessCore (in part)" }?.names ?? [])
        let all = try Self.publicDeclarations(under: "Sources/HarnessCore")
        #expect(exported.isSubset(of: all))
        #expect(exported.count * 2 < all.count, "more than half of HarnessCore exported: \(exported.count) of \(all.count)")
        #expect(exported.isDisjoint(with: ["Runner", "RunPlan", "SuiteLoader", "ScenarioExecutor", "ExpectationUpdater"]))
    }

    /// The modules no product exports, whole or in part: their cross-module API is `package` (docs/library.md).
    static let packageOnlyModules = [
        "CookieHarnessCLI", "FullHarness", "AdapterCatalog", "Bench", "Browsers", "LiveStrategyAdapters", "CurlCookieStore",
        "Exploration", "Conformance", "EngineDrivers", "StrategyAdapters", "Reporting", "CookieStores", "ChildProcesses",
        "EngineAppSupport",
    ]

    @Test("the modules no product exports declare nothing public: an app cannot build on them")
    func internalsArePackage() throws {
        let surface = try Self.surface()
        let exported = Set(surface.map { $0.module.replacingOccurrences(of: " (in part)", with: "") })
        let declaration = try Regex(#"(?m)^\s*(?:(?:@\w+(?:\([^)]*\))?|final|nonisolated|static|override|convenience|required|mutating|indirect|lazy)\s+)*public\s"#)
        for module in Self.packageOnlyModules {
            #expect(!exported.contains(module), "\(module) is exported by a product: it is not package-only")
            let url = Self.root.appendingPathComponent("Sources/\(module)")
            let files = FileManager.default.enumerator(atPath: url.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
            #expect(!files.isEmpty, "Sources/\(module) has no Swift file")
            for file in files {
                let source = try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)
                let count = source.matches(of: declaration).count
                #expect(count == 0, "Sources/\(module)/\(file) declares \(count) public: make it package")
            }
        }
    }
}
