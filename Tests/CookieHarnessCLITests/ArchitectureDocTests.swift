import Foundation
import Testing

/// `docs/architecture.md`'s module map against `Package.swift`: a map that is not checked drifts with the first new
/// target.
@Suite("docs/architecture.md")
struct ArchitectureDocTests {
    static let root = RunCommandTests.packageRoot

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("the module map has every target of Package.swift, with its dependencies, and each floor is one above its dependencies'")
    func moduleMapIsTrue() throws {
        let manifest = try PackageManifest(text: Self.text("Package.swift"))
        let map = try ModuleMap(MarkdownDocument(name: "docs/architecture.md", text: Self.text("docs/architecture.md")))
        let problems = map.problems(against: manifest)
        #expect(
            problems.isEmpty,
            "docs/architecture.md's module map is not Package.swift's:\n\(problems.map { "  " + $0 }.joined(separator: "\n"))")
        #expect(manifest.targets.contains { $0.name == "CookieHarnessCLI" && $0.dependencies.contains("AdapterCatalog") })
        #expect(map.modules.count + map.testTargets.count == manifest.targets.count)
    }

    /// The library products an app's package links (`Package.swift`'s `products:`).
    static let libraryProducts = ["CookieModel", "CookieHarnessCore", "CookieHarness"]

    @Test("no library product links the counting allocator: it would replace malloc in the app's binary")
    func libraryProductsKeepTheAllocator() throws {
        let manifest = try PackageManifest(text: Self.text("Package.swift"))
        let byName = Dictionary(manifest.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for product in Self.libraryProducts {
            #expect(byName[product] != nil, "no target \(product)")
            var closure: Set<String> = []
            var pending = [product]
            while let name = pending.popLast() {
                guard closure.insert(name).inserted else { continue }
                pending += byName[name]?.dependencies ?? []
            }
            #expect(closure.count > 1 || product == "CookieModel", "\(product) depends on nothing: the manifest reader lost it")
            #expect(!closure.contains("CMallocCounter"), "\(product) links CMallocCounter")
        }
        // The executable and the benchmarks' tests do count: the probe is reached from Bench, the counter from them.
        #expect(byName["cookie-harness"]?.dependencies.contains("CMallocCounter") == true)
        #expect(byName["Bench"]?.dependencies.contains("CAllocationProbe") == true)
    }

    /// A target's dependencies, transitively, itself included.
    static func closure(of target: String, in manifest: PackageManifest) -> Set<String> {
        let byName = Dictionary(manifest.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var closure: Set<String> = []
        var pending = [target]
        while let name = pending.popLast() {
            guard closure.insert(name).inserted else { continue }
            pending += byName[name]?.dependencies ?? []
        }
        return closure
    }

    @Test("the core product builds no engine driver, browser, libcurl store, benchmark or the full product's set-up")
    func coreProductSized() throws {
        let manifest = try PackageManifest(text: Self.text("Package.swift"))
        let core = Self.closure(of: "CookieHarnessCore", in: manifest)
        #expect(core.contains("CookieHarnessCLI") && core.contains("StrategyAdapters") && core.contains("Reporting"))
        let fullOnly: Set = [
            "EngineDrivers", "LiveStrategyAdapters", "Browsers", "CurlCookieStore", "CLibCurl", "CLibMicroHTTPD", "Bench", "FullHarness",
            "CMallocCounter",
        ]
        #expect(core.isDisjoint(with: fullOnly), "the core product builds \(core.intersection(fullOnly).sorted())")
        // Its C libraries are the three the core install group is for.
        let systemLibraries = core.filter { name in manifest.targets.contains { $0.name == name && $0.kind == .systemLibrary } }
        #expect(systemLibraries == ["CLibPSL", "CLibXML2", "CJavaScriptCore", "CProcessControl"])
        // The full product is the core and the rest.
        let full = Self.closure(of: "CookieHarness", in: manifest)
        #expect(core.isSubset(of: full) && fullOnly.subtracting(["CMallocCounter"]).isSubset(of: full))
    }

    // MARK: The reader of Package.swift

    static let sample = """
        let package = Package(
            name: "P",
            products: [.library(name: "A", targets: ["A"])],
            targets: [
                .systemLibrary(name: "CLib", pkgConfig: "lib", providers: [.apt(["lib-dev"])]),
                // A comment with "quotes", .target( and ] in it.
                .target(name: "A", dependencies: ["CLib"], swiftSettings: strict),
                .target(name: "Files", swiftSettings: strict), /* dependency-free */
                .target(
                    name: "B",
                    dependencies: ["A", "Files"],
                    exclude: ["Driver"],
                    swiftSettings: strict
                ),
                .executableTarget(name: "b", dependencies: ["B"], path: "Sources/b"),
                .testTarget(name: "BTests", dependencies: ["B"]),
            ],
            swiftLanguageModes: [.v6]
        )
        """

    @Test("a target in this Package.swift's style is read, a new one included, comments aside")
    func readsTargets() throws {
        let manifest = try PackageManifest(text: Self.sample)
        #expect(manifest.targets == [
            .init(name: "CLib", kind: .systemLibrary, dependencies: []),
            .init(name: "A", kind: .target, dependencies: ["CLib"]),
            .init(name: "Files", kind: .target, dependencies: []),
            .init(name: "B", kind: .target, dependencies: ["A", "Files"]),
            .init(name: "b", kind: .executableTarget, dependencies: ["B"]),
            .init(name: "BTests", kind: .testTarget, dependencies: ["B"]),
        ])
    }

    @Test(
        "what the reader cannot read is an error that names it",
        arguments: [
            (#".target(name: "A", dependencies: [.product(name: "X", package: "x")]),"#, "target 'A': the dependency '.product(name: \"X\", package: \"x\")'"),
            (#".plugin(name: "Gen", capability: .buildTool()),"#, "'.plugin(…)' is a kind of target this reader does not know"),
            (#".target(dependencies: ["A"]),"#, "has no 'name: \"…\"'"),
            (#".target(name: "A"), .target(name: "A"),"#, "target 'A' is declared twice"),
            (#"someTargets,"#, "cannot read the element 'someTargets'"),
        ])
    func refusesWhatItCannotRead(element: String, message: String) {
        let text = Self.sample.replacingOccurrences(of: "    ],\n    swiftLanguageModes", with: "        \(element)\n    ],\n    swiftLanguageModes")
        #expect(text != Self.sample, "the element was inserted")
        let error = #expect(throws: PackageManifest.ParseError.self, "read without an error: \(element)") {
            try PackageManifest(text: text)
        }
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    }

    // MARK: The checks of the map

    static let sampleMap = """
        # Architecture

        ## Modules

        Prose before the table.

        | module | kind | floor | depends on | for |
        |---|---|---|---|---|
        | `CLib` | system library | L0 | — | a C library |
        | `Files` | library | L0 | — | files |
        | `A` | library | L1 | `CLib` | a |
        | `B` | library | L2 | `A`, `Files` | b |
        | `b` | executable | L3 | `B` | the executable |

        ### Test targets

        | test target | depends on |
        |---|---|
        | `BTests` | `B` |
        """

    static func problems(_ map: String, _ manifest: String = sample) throws -> [String] {
        try ModuleMap(MarkdownDocument(name: "map.md", text: map)).problems(against: PackageManifest(text: manifest))
    }

    @Test("a true map has no problem")
    func trueMap() throws {
        #expect(try Self.problems(Self.sampleMap) == [])
    }

    @Test(
        "each difference is named with its module",
        arguments: [
            // A target added to Package.swift: the row to add, with its floor.
            (nil, (#".executableTarget(name: "b""#, #".target(name: "C", dependencies: ["B", "CLib"]), .executableTarget(name: "b""#),
             "`C`: declared in Package.swift (.target), with no row in the table under '## Modules'; add | `C` | library | L3 | `B`, `CLib` | … |"),
            (("| `b` | executable | L3 | `B` | the executable |\n", ""), nil, "`b`: declared in Package.swift (.executableTarget), with no row"),
            (("| `BTests` | `B` |", "| `BTests` | `B` |\n| `OldTests` | `A` |"), nil, "`OldTests` (line 20): a row of the test targets table, but Package.swift has no test target"),
            (("| `Files` | library | L0 | — | files |", "| `Files` | library | L0 | — | files |\n| `Gone` | library | L0 | — | gone |"), nil,
             "`Gone` (line 11): a row of the module table, but Package.swift has no target of that name"),
            (("| `B` | library | L2 | `A`, `Files` | b |", "| `B` | library | L2 | `A`, `CLib` | b |"), nil,
             "`B` (line 12): dependencies differ: Package.swift lists `A`, `Files`; the table lacks `Files`; the table has `CLib`, which Package.swift does not list"),
            (("| `B` | library | L2 |", "| `B` | library | L3 |"), nil, "`B` (line 12): floor L3, but it is L2: one above its highest dependency, `A` (L1)"),
            (("| `Files` | library | L0 |", "| `Files` | library | L1 |"), nil, "`Files` (line 10): floor L1, but it is L0: it depends on nothing"),
            (("| `b` | executable |", "| `b` | library |"), nil, "`b` (line 13): the table says library, Package.swift declares it with .executableTarget(…) (executable)"),
            (("| `BTests` | `B` |", "| `BTests` | `B`, `A` |"), nil, "`BTests` (line 19): dependencies differ"),
        ] as [((String, String)?, (String, String)?, String)])
    func namesEachDifference(mapChange: (String, String)?, manifestChange: (String, String)?, message: String) throws {
        var map = Self.sampleMap
        var manifest = Self.sample
        if case let (old, new)? = mapChange {
            #expect(map.contains(old))
            map = map.replacingOccurrences(of: old, with: new)
        }
        if case let (old, new)? = manifestChange {
            #expect(manifest.contains(old))
            manifest = manifest.replacingOccurrences(of: old, with: new)
        }
        let problems = try Self.problems(map, manifest)
        #expect(problems.contains { $0.hasPrefix(message) }, "\(problems)")
    }
}
