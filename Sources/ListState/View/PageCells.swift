import ListStore
import Mustache

/// Every shown cell of a table page (``TableRowList``), row after row
/// (`row * columns + position`): plain data per cell, its text in one buffer,
/// the labels of the shown columns and the cells' links.
final class PageCells: Sendable {
    /// The cells of a row: the columns a list page shows.
    let columns: Int
    /// Each shown column's label (by position among the shown columns).
    let labels: [PrintedText]
    /// The same labels as spans, which a cell reads without retaining its list's
    /// label (an object every request for the list shares).
    let labelSpans: [PrintedText.Span]
    /// What `kind` and `href` print, whether a cell is NULL or cut, and where its text
    /// ends in ``texts``.
    let cells: [Cell]
    /// Every cell's `text` as UTF-8, one after the other in the order of ``cells``:
    /// made once from the cell's value while the page's values are read for the cells
    /// anyway, and copied from here when printed. Written from the value at each print,
    /// every cell read its value a second time (an enum with a string to retain) and
    /// checked its text again: the 20-row page of an 8-column table took 496 K
    /// instructions to draw (callgrind, `liststate-bench --table`).
    let texts: ByteBuffer
    /// The links of the cells that have one (``Cell/link``).
    let links: [String]
    /// The words saying the row's page shows all of a cut value (`clampedNote`).
    let clampedNote: String

    /// What a page keeps of one cell: plain data, so a page's cells are one array
    /// with nothing in it to retain or release.
    struct Cell {
        var kind: RecordCells.CellKind
        var isNull: Bool
        /// Whether the source cut the value (``ListStore/RowPage/clampLength``).
        var isCut: Bool
        /// Whether the cell shows a cut value (the source cut it, or it is longer than a list page shows).
        var isClamped: Bool
        /// The cell's link in ``PageCells/links``; -1 for none.
        var link: Int32
        /// Where the cell's text ends in ``PageCells/texts`` (it starts where the cell before it ends).
        var textEnd: Int32
        /// Whether the text has a byte HTML escapes (``Mustache/HTMLEscaping``): most
        /// cells' texts (numbers, dates, words) have none and are copied as they are.
        var textNeedsEscaping: Bool
    }

    init(columns: Int, labels: [PrintedText], cells: [Cell], texts: ByteBuffer, links: [String], clampedNote: String) {
        precondition(labels.count == columns, "a label for every shown column")
        (self.columns, self.labels, self.cells, self.texts, self.links) = (columns, labels, cells, texts, links)
        labelSpans = labels.map(\.span)
        self.clampedNote = clampedNote
    }

    /// The link of `cell`, if it has one.
    func link(cell: Int) -> String? {
        let index = cells[cell].link
        return index < 0 ? nil : links[Int(index)]
    }

    /// Where the text of `cell` is in ``texts``.
    func textRange(cell: Int) -> Range<Int> {
        Int(cell == 0 ? 0 : cells[cell - 1].textEnd)..<Int(cells[cell].textEnd)
    }

    /// The text `cell` shows (``RecordCells/text(_:clamp:isClamped:bytes:format:)``, clamped).
    func text(cell: Int) -> String {
        texts.string(textRange(cell: cell))
    }

    /// Writes ``text(cell:)``, HTML-escaped when `escaped`, copied as it is when
    /// escaping would change nothing: escaping the 160 cells of a 20-row page of 8
    /// columns cost 27 K instructions (callgrind, `liststate-bench --table`).
    func writeText(cell: Int, escaped: Bool, into output: inout MustacheOutput) {
        output.append(utf8: texts[textRange(cell: cell)], escaped: escaped && cells[cell].textNeedsEscaping)
    }
}

/// The cells of rows `rows` of a table page as `{{#cells}}` sees them: one row's
/// (a row's `cells` value), or the whole page's, whose rows' ranges the rows' sections
/// run over (``TableRowList/sublist(at:field:)``). A struct of two words and a range:
/// it fits the existential's inline buffer, so a list costs one allocation (its box).
///
/// Fields of each cell: `label`, `text`, `kind` (the storage class), `isNull`,
/// `isClamped`, `clampedNote`, `href` (see `RecordCells`).
struct CellList: MustacheList {
    let page: PageCells
    /// The page's index of the first cell.
    let first: Int
    let count: Int

    /// The cells of the page's rows `rows`.
    init(_ page: PageCells, rows: Range<Int>) {
        self.page = page
        first = rows.lowerBound * page.columns
        count = rows.count * page.columns
    }

    /// Every row's cells have the same fields: the body is planned once per library.
    static var fieldsAreTheTypes: Bool { true }

    enum Field: Int, CaseIterable {
        case label, text, kind, isNull, isClamped, href, clampedNote
        static let byName = fieldNumbers(Field.self)
    }

    func field(named key: String) -> Int? { Field.byName[key] }

    /// The label of cell `cell` of the page: its column's.
    private func label(_ cell: Int) -> PrintedText.Span { page.labelSpans[cell % page.columns] }

    func mustacheValue(at position: Int, field: Int) -> MustacheValue {
        let cell = first + position
        switch Field(rawValue: field) {
        case .label: return .string(label(cell).text.text)
        case .text: return .string(page.text(cell: cell))
        case .kind: return .string(page.cells[cell].kind.name.description)
        case .isNull: return .bool(page.cells[cell].isNull)
        case .isClamped: return .bool(page.cells[cell].isClamped)
        case .href: return page.link(cell: cell).map { .string($0) } ?? .null
        case .clampedNote: return .string(page.clampedNote)
        case nil: return .null
        }
    }

    /// Every field's truthiness, said without making the value: `{{#href}}` twice
    /// and `{{#isClamped}}` once in every cell.
    func truthiness(at position: Int, field: Int) -> Bool? {
        let cell = first + position
        switch Field(rawValue: field) {
        case .label: return !label(cell).escaped.isEmpty
        case .text: return !page.textRange(cell: cell).isEmpty
        case .kind: return true
        case .isNull: return page.cells[cell].isNull
        case .isClamped: return page.cells[cell].isClamped
        case .href:
            let link = page.cells[cell].link
            return link >= 0 && !page.links[Int(link)].isEmpty
        case .clampedNote: return !page.clampedNote.isEmpty
        case nil: return false
        }
    }

    /// `label`, `kind` and a cell's `text` are written straight into the page
    /// (every cell of every row has them), without a value around them.
    func interpolate(at position: Int, field: Int, escaped: Bool, into output: inout MustacheOutput) {
        write(field, of: position, escaped: escaped, into: &output)
    }

    /// Writes `steps` for cell `position` as the default does, with the field writer
    /// inlined instead of called once per field.
    func interpolate(row position: Int, _ steps: UnsafeBufferPointer<MustacheRowStep>, into output: inout MustacheOutput) {
        for step in steps {
            if let text = step.text {
                output.append(html: UnsafeBufferPointer(start: text, count: step.count))
            } else {
                write(step.count, of: position, escaped: step.escaped, into: &output)
            }
        }
    }

    /// What ``interpolate(at:field:escaped:into:)`` writes.
    @inline(__always)
    private func write(_ field: Int, of position: Int, escaped: Bool, into output: inout MustacheOutput) {
        let cell = first + position
        switch Field(rawValue: field) {
        case .label: label(cell).write(escaped: escaped, into: &output)
        case .text: page.writeText(cell: cell, escaped: escaped, into: &output)
        case .kind: output.append(literal: page.cells[cell].kind.name)
        default: output.append(mustacheValue(at: position, field: field), escaped: escaped)
        }
    }
}
