/// The expectation files of a run, by adapter, with `extends` resolved.
public struct ExpectationSet: Sendable {
    public private(set) var files: [String: ExpectationFile]

    /// - Throws: ``ExpectationSetError`` for two files of one adapter, an `extends` naming an adapter without a
    ///   file, or a cycle of `extends`.
    public init(_ files: [ExpectationFile]) throws {
        var byAdapter: [String: ExpectationFile] = [:]
        for file in files {
            if let earlier = byAdapter[file.adapter] {
                throw ExpectationSetError(description:
                    "\(file.file): error: a second expectation file for adapter '\(file.adapter)' (first: \(earlier.file))")
            }
            byAdapter[file.adapter] = file
        }
        self.files = byAdapter
        for file in files {
            var seen: [String] = [file.adapter]
            var queue = file.extends
            while let parent = queue.first {
                queue.removeFirst()
                guard let parentFile = byAdapter[parent] else {
                    throw ExpectationSetError(description:
                        "\(file.file): error: extends=\"\(parent)\", but no expectation file is for adapter '\(parent)'")
                }
                guard !seen.contains(parent) else {
                    throw ExpectationSetError(description:
                        "\(file.file): error: extends makes a cycle: \((seen + [parent]).joined(separator: " → "))")
                }
                seen.append(parent)
                queue.append(contentsOf: parentFile.extends)
            }
        }
    }

    /// The entry that decides `scenario` on `adapter`: its own file first, then the files it extends, in order.
    public func entry(adapter: String, scenario: String) -> ExpectationFile.Entry? {
        guard let file = files[adapter] else { return nil }
        if let own = file.entry(forScenario: scenario) { return own }
        for parent in file.extends {
            if let inherited = entry(adapter: parent, scenario: scenario) { return inherited }
        }
        return nil
    }

    public func expectedStatus(adapter: String, scenario: String) -> ExpectedStatus {
        entry(adapter: adapter, scenario: scenario)?.expectedStatus ?? .pass
    }
}

public struct ExpectationSetError: Error, Sendable, CustomStringConvertible {
    public var description: String
}
