import Foundation

/// The module map of `docs/architecture.md` — a table of modules with kind, floor and dependencies under
/// `## Modules`, and one of test targets with their dependencies under `### Test targets` — and what differs between
/// it and `Package.swift`.
struct ModuleMap {
    struct Module {
        let name: String
        let kind: PackageManifest.Kind
        let floor: Int
        let dependencies: [String]
        let line: Int
    }

    static let modulesHeading = "## Modules"
    static let testTargetsHeading = "### Test targets"
    static let moduleColumns = ["module", "kind", "floor", "depends on", "for"]
    static let testColumns = ["test target", "depends on"]
    static let kindNames: [PackageManifest.Kind: String] = [
        .target: "library", .executableTarget: "executable", .systemLibrary: "system library",
    ]

    let modules: [Module]
    /// Test targets and their dependencies (kind `testTarget`, no floor).
    let testTargets: [Module]

    init(_ document: MarkdownDocument) throws(MarkdownDocument.FormatError) {
        var modules: [Module] = []
        for row in try Self.rows(of: document, under: Self.modulesHeading, columns: Self.moduleColumns) {
            let (place, cells) = (row.place, row.cells)
            let name = try Self.name(cells[0], at: place)
            guard let kind = Self.kindNames.first(where: { $0.value == cells[1] })?.key else {
                throw MarkdownDocument.FormatError(
                    description: "\(place): `\(name)`: the kind '\(cells[1])' is not one of \(Self.kindNames.values.sorted())")
            }
            guard cells[2].hasPrefix("L"), let floor = Int(cells[2].dropFirst()), floor >= 0 else {
                throw MarkdownDocument.FormatError(description: "\(place): `\(name)`: the floor '\(cells[2])' is not L0, L1, …")
            }
            modules.append(Module(
                name: name, kind: kind, floor: floor, dependencies: try Self.dependencies(cells[3], at: place), line: row.line))
        }
        var testTargets: [Module] = []
        for row in try Self.rows(of: document, under: Self.testTargetsHeading, columns: Self.testColumns) {
            testTargets.append(Module(
                name: try Self.name(row.cells[0], at: row.place), kind: .testTarget, floor: 0,
                dependencies: try Self.dependencies(row.cells[1], at: row.place), line: row.line))
        }
        self.modules = modules
        self.testTargets = testTargets
    }

    /// The rows of the table under `heading`, which must have these columns, each with as many cells.
    private static func rows(
        of document: MarkdownDocument, under heading: String, columns: [String]
    ) throws(MarkdownDocument.FormatError) -> [(place: String, line: Int, cells: [String])] {
        let table = try document.table(under: heading)
        guard table.header == columns else {
            throw MarkdownDocument.FormatError(
                description: "\(document.name): the table under '\(heading)' must have the columns \(columns), not \(table.header)")
        }
        var rows: [(place: String, line: Int, cells: [String])] = []
        for row in table.rows {
            let place = "\(document.name):\(row.line)"
            guard row.cells.count == columns.count else {
                throw MarkdownDocument.FormatError(description: "\(place): \(row.cells.count) cells, not \(columns.count)")
            }
            rows.append((place, row.line, row.cells))
        }
        return rows
    }

    /// Each difference from `manifest`, as a line that names the module and what differs.
    func problems(against manifest: PackageManifest) -> [String] {
        var problems: [String] = []
        let floors = Dictionary(modules.map { ($0.name, $0.floor) }, uniquingKeysWith: { first, _ in first })
        for name in Self.repeated(modules.map(\.name) + testTargets.map(\.name)) {
            problems.append("`\(name)`: more than one row")
        }

        for target in manifest.targets {
            let isTest = target.kind == .testTarget
            let rows = isTest ? testTargets : modules
            guard let row = rows.first(where: { $0.name == target.name }) else {
                let suggestion = isTest
                    ? "| `\(target.name)` | \(Self.list(target.dependencies)) |"
                    : "| `\(target.name)` | \(Self.kindNames[target.kind]!) | \(Self.expectedFloor(of: target, floors: floors).map { "L\($0)" } ?? "L?") | \(Self.list(target.dependencies)) | … |"
                problems.append(
                    "`\(target.name)`: declared in Package.swift (.\(target.kind.rawValue)), with no row in the table under '\(isTest ? Self.testTargetsHeading : Self.modulesHeading)'; add \(suggestion)")
                continue
            }
            if !isTest, row.kind != target.kind {
                problems.append(
                    "`\(target.name)` (line \(row.line)): the table says \(Self.kindNames[row.kind]!), Package.swift declares it with .\(target.kind.rawValue)(…) (\(Self.kindNames[target.kind]!))")
            }
            let missing = target.dependencies.filter { !row.dependencies.contains($0) }
            let extra = row.dependencies.filter { !target.dependencies.contains($0) }
            if !missing.isEmpty || !extra.isEmpty {
                problems.append(
                    "`\(target.name)` (line \(row.line)): dependencies differ: Package.swift lists \(Self.list(target.dependencies))"
                        + (missing.isEmpty ? "" : "; the table lacks \(Self.list(missing))")
                        + (extra.isEmpty ? "" : "; the table has \(Self.list(extra)), which Package.swift does not list"))
            }
            if !isTest, let expected = Self.expectedFloor(of: target, floors: floors), expected != row.floor {
                let highest = target.dependencies.max { floors[$0]! < floors[$1]! }
                problems.append(
                    "`\(target.name)` (line \(row.line)): floor L\(row.floor), but it is L\(expected): "
                        + (highest.map { "one above its highest dependency, `\($0)` (L\(floors[$0]!))" } ?? "it depends on nothing"))
            }
        }
        for row in modules where !manifest.targets.contains(where: { $0.name == row.name && $0.kind != .testTarget }) {
            problems.append(
                manifest.targets.contains { $0.name == row.name }
                    ? "`\(row.name)` (line \(row.line)): a test target, listed in the table of modules; it belongs under '\(Self.testTargetsHeading)'"
                    : "`\(row.name)` (line \(row.line)): a row of the module table, but Package.swift has no target of that name")
        }
        for row in testTargets where !manifest.targets.contains(where: { $0.name == row.name && $0.kind == .testTarget }) {
            problems.append("`\(row.name)` (line \(row.line)): a row of the test targets table, but Package.swift has no test target of that name")
        }
        return problems
    }

    /// 1 + the highest floor of the target's dependencies (0 without any), from the table's floors; nil when a
    /// dependency has no row (that is reported on its own).
    static func expectedFloor(of target: PackageManifest.Target, floors: [String: Int]) -> Int? {
        var highest = -1
        for dependency in target.dependencies {
            guard let floor = floors[dependency] else { return nil }
            highest = max(highest, floor)
        }
        return highest + 1
    }

    /// `` `Name` `` → Name.
    private static func name(_ cell: String, at place: String) throws(MarkdownDocument.FormatError) -> String {
        let inner = cell.dropFirst().dropLast()
        guard cell.count > 2, cell.first == "`", cell.last == "`", !inner.contains("`"), !inner.contains(" ") else {
            throw MarkdownDocument.FormatError(description: "\(place): '\(cell)' is not one `Name`")
        }
        return String(inner)
    }

    /// `—` (none) or `` `A`, `B` ``.
    private static func dependencies(_ cell: String, at place: String) throws(MarkdownDocument.FormatError) -> [String] {
        if cell == "—" { return [] }
        var names: [String] = []
        for part in cell.split(separator: ",") {
            let text = part.trimmingCharacters(in: .whitespaces)
            names.append(try name(text, at: place))
        }
        return names
    }

    private static func list(_ names: [String]) -> String {
        names.isEmpty ? "—" : names.map { "`\($0)`" }.joined(separator: ", ")
    }

    private static func repeated(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        var repeated: [String] = []
        for name in names where !seen.insert(name).inserted && !repeated.contains(name) { repeated.append(name) }
        return repeated
    }
}
