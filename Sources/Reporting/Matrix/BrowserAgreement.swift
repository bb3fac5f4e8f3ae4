import HarnessCore

/// The scenarios where every real browser engine of a matrix is seen to do the same thing and the reference jar
/// (RFC 6265bis) something else (issue 21): the cases a library that follows browsers should follow too.
///
/// The engines are the browser adapters (`chromium`, `firefox`) and the first live WebKitGTK column (a
/// `…@webkitgtk-live` strategy: one real WebKit, whichever strategy drives it). They agree when each ran the
/// scenario (no skip, no error) with the same ``Matrix/Cell/observation``; the reference disagrees when it ran it
/// and was seen to do otherwise.
package struct BrowserAgreement: Sendable {
    /// The engines' column labels, in matrix order.
    package var browsers: [String]
    /// The scenarios where they agree against the reference, in matrix order.
    package var rows: [Matrix.Row]
    /// How many scenarios every engine and the reference ran (the denominator).
    package var compared: Int

    /// The adapter names that are a browser themselves.
    package static let browserAdapters: Set<String> = ["chromium", "firefox"]

    /// Nil unless the matrix has the reference and at least two engines.
    package init?(_ matrix: Matrix) {
        guard let reference = matrix.referenceColumn else { return nil }
        var engines = matrix.columns.indices.filter { Self.browserAdapters.contains(matrix.columns[$0].adapter.name) }
        if let live = matrix.columns.indices.first(where: { matrix.columns[$0].adapter.profile.hasSuffix("-live") }) {
            engines.append(live)
            engines.sort()
        }
        guard engines.count >= 2 else { return nil }
        let labels = matrix.columnLabels
        browsers = engines.map { labels[$0] }
        rows = []
        compared = 0
        for row in matrix.rows {
            let cells = engines.compactMap { row.cells[$0] }
            guard cells.count == engines.count, let referenceCell = row.cells[reference],
                  (cells + [referenceCell]).allSatisfy({ $0.outcome == .pass || $0.outcome == .fail })
            else { continue }
            compared += 1
            if Set(cells.map(\.observation)).count == 1, cells[0].observation != referenceCell.observation {
                rows.append(row)
            }
        }
    }
}
