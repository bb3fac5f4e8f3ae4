/// `*` (any run of characters) and `?` (one character) patterns, as expectation files write scenario ids and
/// `observed=` messages, matched in time linear in the text for literal stretches.
///
/// The one-back-tracking-point matcher this replaces costs pattern × text in the worst case: an `observed=` pattern
/// of a few thousand characters against a long message took 158 s, past any `--time-limit` (issue 41). Here the
/// pattern is cut at its stars; the first piece must start the text and the last end it, and each piece between is
/// taken at its leftmost place after the one before (leftmost is always safe when only `*` separates pieces). A piece
/// is found by Knuth–Morris–Pratt when it has no `?` (linear), otherwise by a bit-parallel scan (text × piece/64).
/// Here, not in SuiteFormat, because an expected failure's `observed=` is matched by the run (``ExpectedStatus``).
package enum WildcardPattern {
    package static func matches(_ pattern: [Character], _ text: [Character]) -> Bool {
        let pieces = pattern.split(separator: "*", omittingEmptySubsequences: false).map(Array.init)
        if pieces.count == 1 { return pieces[0].count == text.count && fits(pieces[0], text, at: 0) }
        let (first, last) = (pieces[0], pieces[pieces.count - 1])
        guard first.count + last.count <= text.count, fits(first, text, at: 0), fits(last, text, at: text.count - last.count)
        else { return false }
        var position = first.count
        let end = text.count - last.count
        for piece in pieces[1..<(pieces.count - 1)] where !piece.isEmpty {
            guard let found = find(piece, in: text, from: position, before: end) else { return false }
            position = found + piece.count
        }
        return true
    }

    /// Whether `piece` matches `text` at `offset` (`?` matching any character).
    private static func fits(_ piece: [Character], _ text: [Character], at offset: Int) -> Bool {
        for index in piece.indices where piece[index] != "?" && piece[index] != text[offset + index] { return false }
        return true
    }

    /// The first offset in `from..<before` where `piece` fits wholly before `before`, or nil.
    private static func find(_ piece: [Character], in text: [Character], from start: Int, before end: Int) -> Int? {
        guard end - start >= piece.count else { return nil }
        return piece.contains("?")
            ? bitParallelFind(piece, in: text, from: start, before: end)
            : kmpFind(piece, in: text, from: start, before: end)
    }

    private static func kmpFind(_ piece: [Character], in text: [Character], from start: Int, before end: Int) -> Int? {
        // failure[i]: the length of the longest proper prefix of piece[0...i] that is also its suffix.
        var failure = [Int](repeating: 0, count: piece.count)
        var length = 0
        for index in 1..<max(piece.count, 1) {
            while length > 0, piece[index] != piece[length] { length = failure[length - 1] }
            if piece[index] == piece[length] { length += 1 }
            failure[index] = length
        }
        var matched = 0
        for index in start..<end {
            while matched > 0, text[index] != piece[matched] { matched = failure[matched - 1] }
            if text[index] == piece[matched] { matched += 1 }
            if matched == piece.count { return index - piece.count + 1 }
        }
        return nil
    }

    /// Shift-And over as many 64-bit words as the piece needs: bit i of the state says piece[0...i] ends here.
    private static func bitParallelFind(_ piece: [Character], in text: [Character], from start: Int, before end: Int) -> Int? {
        let words = (piece.count + 63) / 64
        var wildcard = [UInt64](repeating: 0, count: words)
        var masks: [Character: [UInt64]] = [:]
        for (index, character) in piece.enumerated() {
            let (word, bit) = (index / 64, UInt64(1) << UInt64(index % 64))
            if character == "?" { wildcard[word] |= bit } else { masks[character, default: [UInt64](repeating: 0, count: words)][word] |= bit }
        }
        let lastWord = (piece.count - 1) / 64, lastBit = UInt64(1) << UInt64((piece.count - 1) % 64)
        var state = [UInt64](repeating: 0, count: words)
        for index in start..<end {
            let mask = masks[text[index]]
            var carry: UInt64 = 1  // a match may start at every position
            for word in 0..<words {
                let shifted = (state[word] << 1) | carry
                carry = state[word] >> 63
                state[word] = shifted & ((mask?[word] ?? 0) | wildcard[word])
            }
            if state[lastWord] & lastBit != 0 { return index - piece.count + 1 }
        }
        return nil
    }
}
