import ListStore
import Synchronization

/// What the first rows a list reads say of its columns (issue 46, "Columns chosen for
/// reading"): which hold long text and which hold text at all. Measured once per list (a
/// list's table changed is a new sample) on its first page of rows, at most ``sampleRows``
/// of them, and kept for the process's life: its pages then keep one set of columns while a
/// reader scrolls (a continuation's rows match the header drawn before them).
final class ColumnSample: Sendable {
    /// A column whose values average more Unicode scalars than this is long text.
    static let threshold = 80
    /// The most rows measured.
    static let sampleRows = 20

    /// What a sample found, by column index.
    struct Measure: Sendable, Equatable {
        /// The columns whose values average more than ``threshold`` scalars (a NULL or a
        /// number counts as 0, a value the source cut as long).
        var long: Set<Int> = []
        /// The columns with a text among the values sampled and no number or blob.
        var text: Set<Int> = []
    }

    /// The sample; nil until a page with rows was measured.
    private let kept = Mutex<Measure?>(nil)

    /// Whether a page was measured (later pages are not: they may read texts shorter, ``ListStore/ShownPrefix``).
    var isMeasured: Bool { kept.withLock { $0 != nil } }

    /// The sample, measuring `page` if none was taken yet (a page without rows measures
    /// nothing: nil then).
    func measure(_ page: RowPage?, width: Int) -> Measure? {
        if let known = kept.withLock({ $0 }) { return known }
        guard let page, !page.rows.isEmpty else { return nil }
        let measured = Self.measure(page, width: width)
        return kept.withLock { kept in
            if kept == nil { kept = measured }
            return kept
        }
    }

    /// The measure of `page`'s first rows (`width` columns), read in place (no `String` made).
    static func measure(_ page: RowPage, width: Int) -> Measure {
        let rows = min(page.rows.count, sampleRows)
        guard rows > 0, width > 0 else { return Measure() }
        var totals = [Int](repeating: 0, count: width)
        var texts = [Bool](repeating: false, count: width)
        var others = [Bool](repeating: false, count: width)
        page.rows.withUnsafeValues { values in
            for row in 0..<rows {
                for column in 0..<width {
                    switch values[row * width + column] {
                    case .text(let utf8), .textBytes(let utf8):
                        texts[column] = true
                        // Scalars counted as the bytes that start one.
                        totals[column] +=
                            page.isClamped(row: row, column: column, width: width)
                            ? RowPage.clampLength : utf8.count(where: { $0 & 0xC0 != 0x80 })
                    case .integer, .real, .blob: others[column] = true
                    case .null: break
                    }
                }
            }
        }
        return Measure(
            long: Set(totals.indices.filter { totals[$0] > threshold * rows }),
            text: Set(texts.indices.filter { texts[$0] && !others[$0] }))
    }
}
