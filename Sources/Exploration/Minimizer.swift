/// Delta debugging over a one-scenario suite: cuts steps, routes, origins, `Set-Cookie` lines, their attributes and
/// optional XML attributes while `isInteresting` still holds (the same difference between two engines), until no
/// single cut keeps it, or the budget of tries is spent (Zeller and Hildebrandt's ddmin on the steps, then one cut at
/// a time on the rest, repeated to a fixpoint).
///
/// A cut the vocabulary forbids (a route left without its path, an origin without routes) is no suite; the predicate
/// sees it fail to load and says no, so the minimizer needs no knowledge of the schema.
package struct Minimizer {
    /// What the minimizer tried and kept.
    package struct Outcome: Sendable {
        package var draft: DraftElement
        /// Candidates run.
        package var tries: Int
        /// Whether a fixpoint was reached (false: the budget ran out first).
        package var isMinimal: Bool
    }

    /// Attributes a cut never removes: those that name what an element is.
    static let essential: Set<String> = ["id", "url", "path", "name", "seconds", "outcome", "has", "lacks", "title", "value"]

    package var budget: Int
    /// When the cutting stops whatever the tries left (a case whose engine hangs costs its time limit per try).
    package var deadline: ContinuousClock.Instant?
    private var tries = 0
    private let isInteresting: (DraftElement) -> Bool

    package init(budget: Int, deadline: ContinuousClock.Instant? = nil, isInteresting: @escaping (DraftElement) -> Bool) {
        self.budget = budget
        self.deadline = deadline
        self.isInteresting = isInteresting
    }

    /// The smallest draft found that keeps `isInteresting` (true of `draft` itself, which the caller has checked).
    package mutating func minimize(_ draft: DraftElement) -> Outcome {
        var current = draft
        var changed = true
        while changed, tries < budget {
            changed = false
            if let cut = cutSteps(current) { current = cut; changed = true }
            for pass in [Self.elementCuts, Self.cookieAttributeCuts, Self.attributeCuts] {
                while tries < budget, let cut = firstInteresting(pass(current)) {
                    current = cut
                    changed = true
                }
            }
        }
        return Outcome(draft: current, tries: tries, isMinimal: tries < budget)
    }

    private mutating func test(_ candidate: DraftElement) -> Bool {
        guard tries < budget else { return false }
        if let deadline, ContinuousClock.now >= deadline {
            budget = tries
            return false
        }
        tries += 1
        return isInteresting(candidate)
    }

    private mutating func firstInteresting(_ candidates: [DraftElement]) -> DraftElement? {
        for candidate in candidates where test(candidate) { return candidate }
        return nil
    }

    // MARK: Steps (ddmin)

    /// ddmin over the scenario's steps and checks (its title kept): complements of ever smaller chunks.
    private mutating func cutSteps(_ draft: DraftElement) -> DraftElement? {
        guard let scenarioIndex = draft.children.firstIndex(where: { $0.name == "scenario" }) else { return nil }
        let scenario = draft.children[scenarioIndex]
        let head = scenario.children.prefix { $0.name == "title" || $0.name == "ref" }
        var steps = Array(scenario.children.dropFirst(head.count))
        func with(_ kept: [DraftElement]) -> DraftElement {
            var candidate = draft
            candidate.children[scenarioIndex].children = Array(head) + kept
            return candidate
        }
        var reduced = false
        var granularity = 2
        while steps.count >= 2, tries < budget {
            let size = (steps.count + granularity - 1) / granularity
            var found = false
            for start in stride(from: 0, to: steps.count, by: size) {
                let complement = Array(steps[..<start] + steps[min(start + size, steps.count)...])
                if !complement.isEmpty, test(with(complement)) {
                    steps = complement
                    granularity = max(granularity - 1, 2)
                    found = true
                    reduced = true
                    break
                }
            }
            if !found {
                if granularity >= steps.count { break }
                granularity = min(granularity * 2, steps.count)
            }
        }
        return reduced ? with(steps) : nil
    }

    // MARK: One cut at a time

    /// Each element below the root but the scenario's own and its title removed, one at a time, deepest last; an
    /// origin left without routes goes with its last route.
    static func elementCuts(_ draft: DraftElement) -> [DraftElement] {
        var candidates: [DraftElement] = []
        for (index, child) in draft.children.enumerated() where child.name != "scenario" {
            var candidate = draft
            candidate.children.remove(at: index)
            candidates.append(candidate)
            for (inner, grandchild) in child.children.enumerated() {
                var candidate = draft
                candidate.children[index].children.remove(at: inner)
                if candidate.children[index].children.isEmpty, child.name == "origin" { candidate.children.remove(at: index) }
                candidates.append(candidate)
                for deepest in grandchild.children.indices {
                    var candidate = draft
                    candidate.children[index].children[inner].children.remove(at: deepest)
                    candidates.append(candidate)
                }
            }
        }
        return candidates
    }

    /// Each attribute of each `Set-Cookie` line (a route's, a native store's, a script's) removed, one at a time.
    static func cookieAttributeCuts(_ draft: DraftElement) -> [DraftElement] {
        draft.everyEdit { element in
            guard let text = element.text, ["set-cookie", "native-set-cookie", "run-script"].contains(element.name) else { return [] }
            return shorterLines(text, script: element.name == "run-script").map { shorter in
                var cut = element
                cut.text = shorter
                return cut
            }
        }
    }

    /// `line` without one of its attributes (the part after a `;`), for each; in a script, the quoted line's.
    package static func shorterLines(_ text: String, script: Bool) -> [String] {
        if script {
            guard let open = text.firstIndex(of: "\""), let close = text.lastIndex(of: "\""), open < close else { return [] }
            let line = String(text[text.index(after: open)..<close])
            return shorterLines(line, script: false).map { String(text[...open]) + $0 + String(text[close...]) }
        }
        let parts = text.split(separator: ";", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return [] }
        return (1..<parts.count).map { cut in
            parts.enumerated().filter { $0.offset != cut }.map { String($0.element) }.joined(separator: ";")
        }
    }

    /// Each optional XML attribute (a status, a kind, a data store…) removed, one at a time.
    static func attributeCuts(_ draft: DraftElement) -> [DraftElement] {
        draft.everyEdit { element in
            element.attributes.filter { !essential.contains($0.name) }.map { attribute in
                var cut = element
                cut[attribute: attribute.name] = nil
                return cut
            }
        }
    }
}
