import Foundation
import TestSupport
import Testing

@testable import ListStore

/// A page that shows only the start of its texts (``ShownPrefix``) reads a text of plain
/// ASCII no further than it shows, marked cut; any other text as a page reads it otherwise.
@Suite struct ShownPrefixTests {
    static let long = String(repeating: "ab>c ", count: 100)
    /// Each note and what a page that shows 10 characters keeps of it (nil: read whole).
    static let notes: [(text: String, kept: String?)] = [
        (long, String(long.prefix(10))),
        // Ten characters and no more: whole (the page knows nothing was left out).
        (String(long.prefix(10)), nil),
        (String(long.prefix(11)), String(long.prefix(10))),
        // A web address is linked whole; a CR may join the LF after it; other bytes may join
        // the character before them: read whole.
        ("https://example.org/" + long, nil),
        ("0123456789\r\nmore", nil),
        ("012345678\r\nmore", nil),
        ("0123456789\u{301}more", nil),
        ("é" + long, nil),
        // Blank as far as a page shows: a caption is a text that shows something.
        (String(repeating: " ", count: 10) + long, nil),
        (String(repeating: " ", count: 9) + long, String(repeating: " ", count: 9) + "a"),
    ]

    @Test func aPlainTextIsReadNoFurtherThanAPageShows() throws {
        let folder = TemporaryFolder.make("shown-prefix")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/notes.sqlite"
        let writer = try SQLiteConnection(path: path, readOnly: false)
        try writer.execute(
            "CREATE TABLE kinds (name TEXT PRIMARY KEY); CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT, other TEXT, kind TEXT REFERENCES kinds)")
        for (index, note) in Self.notes.enumerated() {
            let text = note.text.replacingOccurrences(of: "'", with: "''")
            try writer.execute("INSERT INTO notes VALUES (\(index + 1), '\(text)', '\(text)', '\(text)')")
        }
        let source = DatabaseSource(path: path)
        let notes = try #require(try source.tables().get().first { $0.name == "notes" })
        let rows = SQLRowSource(database: source, table: notes)
        var query = RowPageQuery(table: notes, limit: 50)
        let whole = try #require(try rows.page(query, continuing: nil).get())
        #expect(whole.clamped.isEmpty)
        // `body` and `kind` (a reference, read as stored: never cut) shown to 10 characters; `other` not.
        query.shownPrefix = ShownPrefix(characters: 10, columns: [1, 3])
        let shown = try #require(try rows.page(query, continuing: nil).get())
        #expect(shown.rows.count == Self.notes.count)
        for (index, note) in Self.notes.enumerated() {
            #expect(shown.rows[index, 1] == .text(note.kept ?? note.text), "note \(index)")
            #expect(shown.isClamped(row: index, column: 1, width: 4) == (note.kept != nil), "note \(index)")
            #expect(shown.rows[index, 2] == whole.rows[index, 2] && shown.rows[index, 3] == whole.rows[index, 3])
            #expect(!shown.isClamped(row: index, column: 2, width: 4) && !shown.isClamped(row: index, column: 3, width: 4))
        }
        // An export reads every value whole whatever the page would show.
        query.wholeValues = true
        #expect(try rows.page(query, continuing: nil).get()?.rows == whole.rows)
    }
}
