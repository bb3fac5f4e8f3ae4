import SyncStrategies
import Testing

/// The strategies by name: what the adapters are built from, one adapter a name.
@Suite("sync strategy kinds")
struct SyncStrategyKindTests {
    @Test("every strategy has a name of its own, a summary and a known breakage")
    func namesUnique() {
        var seen: Set<String> = []
        for kind in SyncStrategyKind.all {
            #expect(seen.insert(kind.name).inserted, "two strategies are named '\(kind.name)'")
            #expect(!kind.summary.isEmpty && !kind.knownBreakage.isEmpty, "'\(kind.name)' says nothing of itself")
        }
    }

    @Test("each kind makes a fresh strategy that carries its name")
    func makesItsStrategy() {
        for kind in SyncStrategyKind.all {
            let first = kind.make()
            #expect(first.name == kind.name, "'\(kind.name)' makes a strategy named '\(first.name)'")
            #expect(kind.make() !== first, "'\(kind.name)' hands out one instance to every launch")
        }
    }
}
