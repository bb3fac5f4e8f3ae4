import HarnessCore

/// What an adapter says about itself in its reply to `start`: name, version and capabilities.
package struct AdapterHandshake: Sendable, Hashable {
    /// The implementation's own name (informational: the harness reports the configured name).
    package var name: String
    /// The implementation's version, reported in every result (JUnit properties, JSON).
    package var version: String
    /// The capabilities the harness grants: the adapter's store-level ones plus those every shared-store app has.
    package var capabilities: Set<Capability>
    /// Capability names the adapter listed that this harness does not know or cannot grant (kept for `list`).
    package var ignoredCapabilities: [String]
    /// Optional operations the adapter announced among its capabilities (``optionalOperationNames``): what the
    /// harness may ask of it besides a scenario's operations, e.g. `bench`.
    package var optionalOperations: Set<String>

    /// Capability names that announce an optional operation rather than a store capability (PROTOCOL.md,
    /// "Capabilities"): the harness sends that operation only to an adapter that lists it.
    package static let optionalOperationNames: Set<String> = ["bench"]

    /// What any store gets from the shared-store app around it (DESIGN §3): native side, web view, private stores.
    package static let sharedStoreCapabilities: Set<Capability> = [.nativeStore, .webView, .nonPersistentDataStore]

    /// What an adapter may claim for its store; each needs the adapter's own support (PROTOCOL.md, "start").
    package static let storeCapabilities: Set<Capability> = [
        .virtualClock, .persistence, .storeInspection, .javascript, .httpOnly, .rawSetCookie,
    ]

    package init(
        name: String, version: String, capabilities: Set<Capability>, ignoredCapabilities: [String] = [],
        optionalOperations: Set<String> = []
    ) {
        self.name = name
        self.version = version
        self.capabilities = capabilities
        self.ignoredCapabilities = ignoredCapabilities
        self.optionalOperations = optionalOperations
    }

    /// Reads and checks the `start` result.
    /// - Throws: `AdapterProtocol.Violation` for a missing or mistyped field or another protocol version.
    package init(result: AdapterProtocol.Result) throws(AdapterProtocol.Violation) {
        let spoken = try result.integer("protocol")
        guard spoken == AdapterProtocol.version else {
            throw AdapterProtocol.Violation(
                "the adapter speaks protocol \(spoken); this harness speaks protocol \(AdapterProtocol.version)")
        }
        var granted = Self.sharedStoreCapabilities
        var ignored: [String] = []
        var operations: Set<String> = []
        for (index, entry) in try result.array("capabilities").enumerated() {
            guard case .string(let name) = entry else {
                throw AdapterProtocol.Violation(
                    "'result.capabilities[\(index)]' must be a string, found \(entry.typeName)")
            }
            if let capability = Capability(rawValue: name),
               Self.storeCapabilities.contains(capability) || Self.sharedStoreCapabilities.contains(capability) {
                granted.insert(capability)
            } else if Self.optionalOperationNames.contains(name) {
                operations.insert(name)
            } else {
                ignored.append(name)
            }
        }
        self.init(
            name: try result.string("name"), version: try result.string("version"), capabilities: granted,
            ignoredCapabilities: ignored, optionalOperations: operations
        )
    }
}
