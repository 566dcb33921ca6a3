import ListStore
import Mustache

/// The cells of a row of a table as `table-row.mustache` and
/// `table-detail.mustache` see them: any table shown well (labels, numbers
/// right-aligned, NULL as a quiet dash, blobs as a size, long text clamped,
/// web addresses and foreign keys as links).
///
/// Fields of a cell: `label` (the column's name), `text` (the value as shown),
/// `kind` (`integer`, `real`, `text`, `blob`, `null`: a class for alignment),
/// `isNull`, `href` (a web address or the referenced row's page, if any),
/// `isClamped` (the text was cut at ``clampedLength`` characters).
enum RecordCells {
    /// The most characters a cell shows on a list page; the row's page shows all.
    /// A character is what a reader counts as one (an extended grapheme cluster,
    /// UAX #29: a family emoji of five code points is one), so a text is never cut
    /// inside one (found by a break-it pass: 300 code points cut a family emoji to a man).
    static let clampedLength = 300
    /// What a cell shows for NULL: a quiet dash.
    static let nullText = "—"
    /// The most columns a list page shows per row; the row's page shows all.
    static let listedColumns = 8

    /// The cells of a row's own page: every value of `row` (one per column of
    /// `list`) whole, as dictionaries (a list page's cells are a `TableRowList.CellList`).
    /// - Parameter lists: Every list served, for foreign-key links (nil: no such links).
    static func cells(
        _ row: [SQLValue], of list: ListDefinition, words: TableWords, lists: TableLists?, languageParameter: String? = nil
    ) -> [MustacheValue] {
        let suffix = ListLinks.link("", language: languageParameter)
        return zip(list.table.columns, row).map { column, value in
            let shown = text(value, clamp: false, isClamped: false, words: words, format: column.valueFormat)
            var cell: MustacheFields = [
                "label": .string(list.label(column)), "kind": .string(kind(value, exactNumber: isExactNumber(column, of: list.table))),
                "text": .string(shown),
            ]
            if value.isNull { cell["isNull"] = true }
            if let href = href(value, reference: column.reference, lists: lists, languageSuffix: suffix) {
                cell["href"] = .string(href)
                if !VisibleText.showsSomething(shown) { cell["text"] = .string(words.blank) }
            }
            return .dictionary(cell)
        }
    }

    /// A value as a cell shows it: NULL as a dash, a blob as its size, text cut
    /// at ``clampedLength`` characters when `clamp` (with "…"), numbers as they
    /// read back, a boolean column's 0 and 1 (`format`) as `false` and `true`.
    /// - Parameter isClamped: Whether the source already cut the value (``RowPage/clampLength``).
    static func text(
        _ value: SQLValue, clamp: Bool, isClamped: Bool, words: TableWords, format: TableDescription.ValueFormat = .plain
    ) -> String {
        text(value, clamp: clamp, isClamped: isClamped, bytes: words.bytes, format: format)
    }

    /// ``text(_:clamp:isClamped:words:)`` given only the words it needs (a blob's
    /// size, `bytes`): a list page calls it for every cell, and passing the whole
    /// `TableWords` copied each of its fields every time (perf: a tenth of the page).
    static func text(
        _ value: SQLValue, clamp: Bool, isClamped: Bool, bytes: (Int) -> String, format: TableDescription.ValueFormat = .plain
    ) -> String {
        if format == .boolean, case .integer(let number) = value { return number == 0 ? "false" : "true" }
        switch value {
        case .null:
            return nullText
        case .blob(let blob):
            return (isClamped ? "≥ " : "") + bytes(blob.count)
        case .textBytes:
            // Only keys are read so; shown as the text with U+FFFD, like a row's own value.
            return text(.text(value.plainText ?? ""), clamp: clamp, isClamped: isClamped, bytes: bytes, format: format)
        case .text(let text):
            guard clamp else { return VisibleText.escape(text) }
            let end = CharacterCut.end(of: text, after: clampedLength)
            guard isClamped || end != nil else { return VisibleText.escape(text) }
            return VisibleText.escape(String(text[..<(end ?? text.endIndex)])) + "…"
        case .integer, .real:
            return value.plainText ?? ""
        }
    }

    /// A cell's `kind` (its class, for alignment): the value's storage class, but `real`
    /// for the exact text of a number (`exactNumber`), so it is right-aligned as numbers are.
    static func kind(_ value: SQLValue, exactNumber: Bool) -> String {
        cellKind(value, exactNumber: exactNumber).name.description
    }

    /// ``kind(_:exactNumber:)`` as a ``CellKind``.
    static func cellKind(_ value: SQLValue, exactNumber: Bool) -> CellKind {
        switch value {
        case .null: .null
        case .integer: .integer
        case .real: .real
        case .text, .textBytes: exactNumber ? .real : .text
        case .blob: .blob
        }
    }

    /// A cell's `kind`: a storage class's name (``SQLValue/storageClass``).
    enum CellKind: UInt8 {
        case null, integer, real, text, blob

        /// The name a page prints: lower-case ASCII letters, the same escaped or not.
        var name: StaticString {
            switch self {
            case .null: "null"
            case .integer: "integer"
            case .real: "real"
            case .text: "text"
            case .blob: "blob"
            }
        }
    }

    /// Whether `column` of `table` holds numbers read as their exact text (a PostgreSQL
    /// `numeric`; found by QA: its cells were left-aligned).
    static func isExactNumber(_ column: TableDescription.Column, of table: TableDescription) -> Bool {
        isExactNumber(affinity: column.affinity, of: table)
    }

    /// ``isExactNumber(_:of:)`` for a column of `affinity`.
    static func isExactNumber(affinity: TableDescription.Affinity, of table: TableDescription) -> Bool {
        table.dialect == .postgreSQL && affinity == .numeric
    }

    /// Whether a text value is longer than a list page shows (more than ``clampedLength``
    /// characters; a text of no more bytes or code points has no more, and the
    /// characters are walked only up to the limit).
    static func needsClamp(_ value: SQLValue) -> Bool {
        switch value {
        case .text(let text): CharacterCut.end(of: text, after: clampedLength) != nil
        // Shown as the text with U+FFFD (a reference read as stored): cut as that text is.
        case .textBytes(let bytes): bytes.count > clampedLength && needsClamp(.text(value.plainText ?? ""))
        default: false
        }
    }

    /// A cell's link: the referenced row's page for a foreign key (`reference`: the
    /// column's reference, not the whole column, which a list page copied for every
    /// cell: callgrind), else the value itself when it is a web address.
    /// - Parameter languageSuffix: `?lang=…` when the page's language came from the address
    ///   (found by QA: the referenced row's page lost it), "" otherwise.
    static func href(
        _ value: SQLValue, reference: TableDescription.Reference?, lists: TableLists?, languageSuffix: String = ""
    ) -> String? {
        href(value, target: reference.flatMap { referenceTarget($0, lists: lists) }, languageSuffix: languageSuffix)
    }

    /// ``href(_:reference:lists:languageSuffix:)`` with the reference's target
    /// found (``referenceTarget(_:lists:)``): a page finds it once per column, where
    /// finding it for every cell (the list by name, its table's description copied)
    /// cost a page with a reference column a fifteenth of its instructions (callgrind).
    static func href(_ value: SQLValue, target: ListDefinition?, languageSuffix: String = "") -> String? {
        if let target, !value.isNull, let path = target.detailPath(address: [value]) { return path + languageSuffix }
        if case .text(let text) = value, isWebAddress(text) { return text }
        return nil
    }

    /// Whether ``href(_:reference:lists:languageSuffix:)`` may find a link for `value`:
    /// a value of a column that references a table, or a text (most cells are neither,
    /// and a list page asks for every cell).
    static func mayLink(_ value: SQLValue, hasReference: Bool) -> Bool {
        if hasReference { return !value.isNull }
        if case .text = value { return true }
        return false
    }

    /// A row's values by column name, for a list's own templates (`{{values.price}}`):
    /// text as it is, numbers as they read back, a blob as its size, NULL left out (falsy).
    static func values(_ row: some Collection<SQLValue>, of list: ListDefinition) -> MustacheFields {
        var fields = MustacheFields()
        for (column, value) in zip(list.table.columns, row) {
            switch value {
            case .null: continue
            case .blob(let bytes): fields[column.name] = .string("\(bytes.count)")
            default: fields[column.name] = .string(VisibleText.escape(value.plainText ?? ""))
            }
        }
        return fields
    }

    /// Whether `text` is an absolute http(s) address with nothing that could end an attribute.
    static func isWebAddress(_ text: String) -> Bool {
        // Most values do not start with "h": settled by one byte, without `hasPrefix`.
        guard text.utf8.first == UInt8(ascii: "h"), text.utf8.count <= 2048, text.hasPrefix("https://") || text.hasPrefix("http://")
        else { return false }
        // Printable ASCII (most addresses) holds no white space but the space: no Unicode
        // property looked up (they were an eighth of a Debian package page: callgrind).
        // (Read from the contiguous bytes: `String.UTF8View.contains` took 25 instructions a byte.)
        let ascii = text.utf8.withContiguousStorageIfAvailable { VisibleText.isPrintableASCII($0) ? !$0.contains(0x20) : nil }
        if let ascii = ascii ?? nil { return ascii }
        return !text.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 }
    }

    /// The list whose detail pages a reference's values lead to: the referenced
    /// table's, when it is served and the reference names its one address column
    /// (or its rowid); nil otherwise.
    static func referenceTarget(_ reference: TableDescription.Reference, lists: TableLists?) -> ListDefinition? {
        guard let target = lists?.list(named: reference.table) else { return nil }
        let table = target.table
        if table.addressedByRowid {
            return reference.column == nil ? target : nil
        }
        guard table.addressColumns.count == 1 else { return nil }
        let column = reference.column ?? table.addressColumns[0].sqlName
        guard column == table.addressColumns[0].sqlName else { return nil }
        return target
    }

    /// A row's link text: its first non-empty text value (clamped), else the key.
    static func caption(_ row: some Collection<SQLValue>, key: String, words: TableWords) -> String {
        for value in row {
            // A reference read as stored (``SQLValue/textBytes(_:)``) is the text it shows.
            let shown: String
            switch value {
            case .text(let text): shown = text
            case .textBytes: shown = value.plainText ?? ""
            default: continue
            }
            // Not a text that shows nothing (found by a break-it pass: one of U+FEFF alone made an empty link).
            if VisibleText.showsSomething(shown) {
                // "…" is nothing `escape` shows: escaping the cut text is escaping its part.
                return VisibleText.escape(cut(shown))
            }
        }
        // A row with no text: "Row" and its key, cut as a text is (found by QA: a view's key is
        // every value of the row, and rows of 1 MB blobs made a page of 10 MB captions).
        return words.row(cut(key))
    }

    /// ``caption(_:key:words:)`` of a page's row read in place when its first text
    /// that shows something is at most 80 bytes of printable ASCII (most rows): those
    /// bytes, with no `String` made; nil when that function must say (a text with
    /// other characters, or longer, comes first; or the row has no such text).
    static func plainCaption(_ row: RowValues.UnsafeValues.Row) -> UnsafeBufferPointer<UInt8>? {
        for index in row.indices {
            let value = row.inPlace(index)
            // A reference read as stored is not ASCII: that function says.
            if case .textBytes = value { return nil }
            guard case .text(let utf8) = value, !utf8.isEmpty else { continue }
            guard VisibleText.isPrintableASCII(utf8) else { return nil }
            // Only spaces: no caption, as there (printable ASCII has no other white space).
            guard utf8.contains(where: { $0 > 0x20 }) else { continue }
            return utf8.count <= 80 ? utf8 : nil
        }
        return nil
    }

    /// ``plainCaption(_:)`` of the value in `column` alone (the label column, ``ReadingColumns``).
    static func plainCaption(_ row: RowValues.UnsafeValues.Row, column: Int) -> UnsafeBufferPointer<UInt8>? {
        guard case .text(let utf8) = row.inPlace(column), VisibleText.isPrintableASCII(utf8),
            utf8.contains(where: { $0 > 0x20 }), utf8.count <= 80
        else { return nil }
        return utf8
    }

    /// `text`, or its first 80 characters and "…" when it has more (characters as
    /// ``clampedLength`` counts them).
    private static func cut(_ text: String) -> String {
        guard text.utf8.count > 80, VisibleText.hasMoreCharacters(text, than: 80) else { return text }
        return String(text.prefix(80)) + "…"
    }
}
