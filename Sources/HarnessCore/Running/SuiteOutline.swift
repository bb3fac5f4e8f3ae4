/// What a run needs of a suite file without its scenarios: ids, titles, tags, compactly.
///
/// Scenario ids are kept as one run of UTF-8 bytes with their end offsets, and tags as an index into the file's
/// distinct tag lists (a generated suite has a handful), so a million scenarios take ≈ 30 MB, not ≈ 150 MB of
/// separate strings and arrays.
public struct SuiteOutline: Sendable {
    public let id: String
    public let title: String
    /// The file it was loaded from; empty for a suite built in code.
    public let file: String
    public let provenance: String?
    private let idBytes: [UInt8]
    private let idEnds: [UInt32]
    private let tagLists: [[String]]
    private let tagListOfScenario: [UInt32]

    public init(_ suite: Suite) {
        id = suite.id
        title = suite.title
        file = suite.file
        provenance = suite.provenance
        var bytes: [UInt8] = []
        var ends: [UInt32] = []
        var lists: [[String]] = []
        var listIndex: [[String]: UInt32] = [:]
        var listOfScenario: [UInt32] = []
        ends.reserveCapacity(suite.scenarios.count)
        listOfScenario.reserveCapacity(suite.scenarios.count)
        for scenario in suite.scenarios {
            bytes.append(contentsOf: scenario.id.utf8)
            ends.append(UInt32(bytes.count))
            if let known = listIndex[scenario.tags] {
                listOfScenario.append(known)
            } else {
                let index = UInt32(lists.count)
                lists.append(scenario.tags)
                listIndex[scenario.tags] = index
                listOfScenario.append(index)
            }
        }
        idBytes = bytes
        idEnds = ends
        tagLists = lists
        tagListOfScenario = listOfScenario
    }

    public var scenarioCount: Int { idEnds.count }

    /// The id of scenario `index` (in file order).
    public func scenarioID(at index: Int) -> String {
        let start = index == 0 ? 0 : Int(idEnds[index - 1])
        return String(decoding: idBytes[start..<Int(idEnds[index])], as: UTF8.self)
    }

    /// The tags of scenario `index`.
    public func tags(at index: Int) -> [String] { tagLists[Int(tagListOfScenario[index])] }
}
