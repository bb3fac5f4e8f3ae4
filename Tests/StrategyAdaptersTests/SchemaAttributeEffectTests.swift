import TestSupport
import Testing

/// Every attribute `Suites/suite.xsd` accepts has an effect (issue 37).
///
/// The schema is the suite author's contract: an attribute it accepts reads as a promise that the harness does
/// something with it. `handles-cookies="false"` on a fetch was once accepted and implemented nowhere, so scenarios
/// using it silently tested something else. This test walks the schema (with libxml2, through `XMLTree`) for every
/// element and the element's attributes — its own, those of the named types it extends and the attribute groups it
/// uses — and requires for each `element` and `element/@attribute` one witness: scenario (or expectation file)
/// texts that differ only in that element or attribute (present or not, or two values), run through the real loader and runner on a concrete adapter, whose results differ (status,
/// failure message, skip reason, observations, expected status, or the id, title and tags a run reports and
/// selects by). A new attribute without a witness fails the walk, and so does a witness for an attribute the schema
/// no longer has. An attribute the loader refuses (a `file:line` error rather than a silent no-op) is witnessed by
/// that refusal. The walk's first run found two more holes: `<native-request handles-cookies="false">` was dropped
/// by the executor, and `xml:lang`, `xml:base` and `xml:id` on a Set-Cookie line were let in by the schema's
/// `anyAttribute` and read by nobody (now refused).
@Suite("every attribute the suite schema accepts has an effect")
struct SchemaAttributeEffectTests {
    /// Elements and attributes the schema accepts that knowingly change no outcome, each with why it is left so.
    /// The walk fails when a key here gains a witness or leaves the schema, so the list stays true.
    static let knownHoles: [String: String] = [
        "description": "a note for people reading the suite, like an XML comment; the loader skips it on purpose",
    ]

    @Test("the witnesses' and known holes' keys are exactly the schema's elements and element/@attribute pairs")
    func witnessesCoverTheSchema() throws {
        let schemaKeys = try SchemaWalk.keys(of: RepositoryFiles.suiteSchema)
        let witnessKeys = Self.witnesses.map(\.key)
        #expect(Set(witnessKeys).count == witnessKeys.count, "a key has two witnesses")
        let witnessed = Set(witnessKeys)
        let holes = Set(Self.knownHoles.keys)
        #expect(witnessed.isDisjoint(with: holes), "a known hole has a witness now: drop it from knownHoles: \(witnessed.intersection(holes).sorted())")
        let missing = schemaKeys.subtracting(witnessed).subtracting(holes)
        #expect(missing.isEmpty, "elements and attributes the schema accepts with no witness of their effect: \(missing.sorted())")
        let stale = witnessed.union(holes).subtracting(schemaKeys)
        #expect(stale.isEmpty, "witnesses or known holes for what the schema no longer has: \(stale.sorted())")
    }

    @Test("the walk finds elements, and attributes of named types, extensions, attribute groups and the expectation root")
    func walkReachesEveryKindOfDeclaration() throws {
        let keys = try SchemaWalk.keys(of: RepositoryFiles.suiteSchema)
        for key in [
            "fetch/@handles-cookies", "fetch/@kind", "load/@method", "expect-request/@contains", "expect-document-cookie/@empty",
            "set-cookie/@delay-ms", "set-cookie/@encoding", "set-cookie/@xml:space", "native-set-cookie/@url",
            "expect-web-view-store/@persistent", "expectations/@extends", "expect/@observed", "header/@name",
            "suite", "go-back", "body", "expectations", "expect",
        ] {
            #expect(keys.contains(key), "\(key)")
        }
    }

    @Test("the witness changes the outcome", arguments: witnesses)
    func witnessChangesTheOutcome(_ witness: Witness) throws {
        let outcomes = try witness.variants.map { try witness.outcome(of: $0) }
        for (index, outcome) in outcomes.enumerated() {
            #expect(!outcome.isEmpty, "variant \(index) (\(witness.variants[index])) gave nothing to compare")
            if outcome.contains(where: { $0.hasPrefix("refused: ") }), !witness.refusedByLoader {
                Issue.record("variant \(index) (\(witness.variants[index])) was refused by the loader: \(outcome)")
            }
        }
        #expect(
            Set(outcomes).count == outcomes.count,
            "\(witness.key): variants \(witness.variants) give the same outcome:\n\(outcomes.map { $0.joined(separator: "\n") }.joined(separator: "\n--\n"))"
        )
        if witness.refusedByLoader {
            #expect(outcomes.contains { $0.contains { $0.hasPrefix("refused: ") } }, "\(witness.key) was not refused")
        }
    }
}
