import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import ListCatalogue
@testable import ListState
@testable import ListStore

/// A catalogue of chosen characters in a temporary folder, served as
/// `liststate serve` serves the catalogue (its one list, at `/characters`
/// and at `/`). Its rows are changed and its faults made on the real file:
/// rows written in place, the write lock held, the file damaged. The folder
/// is removed when the fixture goes.
final class CatalogueFixture {
    let folder = TemporaryFolder.make("catalogue")
    let path: String
    let server: TestServer
    /// The data-source incidents the server logged (a held lock, a damaged file): kept, not printed.
    let incidents = TestServer.LoggedLines()

    /// A record named "CHARACTER <hex>", category So.
    static func record(_ codePoint: UInt32, category: String = "So", isEmoji: Bool = false) -> CharacterRecord {
        CharacterRecord(
            codePoint: codePoint, name: "CHARACTER \(String(codePoint, radix: 16))",
            generalCategory: category, age: "1.1", isEmoji: isEmoji, isEmojiPresentation: false)
    }

    /// The application's configuration unless a test gives its own: the count's whole budget on
    /// the request path (``TableFixture/wholeCountBudget``), so a first visit counts and is kept.
    static var configuration: AppConfiguration {
        var configuration = AppConfiguration()
        configuration.countShareOfPage = TableFixture.wholeCountBudget
        return configuration
    }

    /// Serves a catalogue of `records` (A...Z by default).
    /// - Parameters:
    ///   - queryTimeLimit: Seconds a query may take (a held lock answers 503 after it).
    ///   - configuration: The application's configuration; its `lists` configure the catalogue's list.
    init(
        _ records: [CharacterRecord] = (0x41...0x5A).map { CatalogueFixture.record(UInt32($0)) },
        queryTimeLimit: Double = 0.3, configuration: AppConfiguration = CatalogueFixture.configuration
    ) throws {
        path = folder + "/catalogue.sqlite"
        let incidents = self.incidents
        do {
            try CatalogueBuilder.build(at: path, records: records)
            let tables = try CatalogueList.tables(
                path: path, queryTimeLimit: queryTimeLimit,
                configuration: configuration.lists.last { $0.name == CatalogueList.name },
                basePath: configuration.basePath, log: { incidents.append($0) })
            server = try TestServer(tables: tables, configuration: configuration, log: { incidents.append($0) })
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
    }

    deinit {
        heldLock?.release()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The cursor of the catalogue's list for the rows after `codePoint` (in key order).
    static func cursor(after codePoint: UInt32) -> String {
        RowCursor(after: RowPosition(sortValue: nil, key: [.integer(Int64(codePoint))]), rowid: nil, list: CatalogueList.name, sort: nil)
            .encoded
    }

    /// Sends a GET and validates the HTML that comes back (`TestServer.get`).
    func get(_ target: String, headers: [String: String] = [:]) throws -> HTTPTestClient.Answer {
        try server.get(target, headers: headers)
    }

    /// Replaces the rows in place, as another program's commit would (its search index too).
    func setRecords(_ records: [CharacterRecord]) throws {
        let values = records.map { record in
            "(\(record.codePoint), '\(record.name)', '\(record.generalCategory)', '\(record.age)', \(record.isEmoji ? 1 : 0), \(record.isEmojiPresentation ? 1 : 0))"
        }
        try SQLiteConnection(path: path, readOnly: false).execute(
            "BEGIN; DELETE FROM characters;"
                + (values.isEmpty ? "" : "INSERT INTO characters VALUES " + values.joined(separator: ", ") + ";")
                + "INSERT INTO character_names (character_names) VALUES ('rebuild'); COMMIT;")
    }

    private var heldLock: TableFixture.SQLiteConnectionHandle?
    private var goodBytes: Data?

    /// Makes every later read fail as `kind` would on a real file, or (nil) ends the fault:
    /// `.busy` or `.timedOut` holds the write lock (503 after the query time limit), any
    /// other kind damages the file (500); nil releases the lock and puts the good bytes back.
    func fail(with kind: ListStoreError.Kind?) throws {
        heldLock?.release()
        heldLock = nil
        if let goodBytes { try restore(goodBytes) }
        goodBytes = nil
        switch kind {
        case nil: break
        case .busy?, .timedOut?: heldLock = try holdLock()
        default: goodBytes = try damage()
        }
    }

    /// A connection holding the catalogue's write lock (`BEGIN EXCLUSIVE`) in the middle
    /// of a write until `release()`: every read waits the query time limit, then fails as busy.
    func holdLock() throws -> TableFixture.SQLiteConnectionHandle {
        try TableFixture.SQLiteConnectionHandle.holdingLock(on: path, writing: true)
    }

    /// Overwrites every seventh byte of the file (SQLite reports it corrupt), and
    /// returns the good bytes to put back with `restore(_:)`.
    func damage() throws -> Data {
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        var damaged = good
        for index in 0..<damaged.count where index % 7 == 0 { damaged[index] = 0xA5 }
        try damaged.write(to: URL(fileURLWithPath: path))
        return good
    }

    /// Puts `bytes` back as the file's content (in place: the same file).
    func restore(_ bytes: Data) throws {
        try bytes.write(to: URL(fileURLWithPath: path))
    }
}
