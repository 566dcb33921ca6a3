import Foundation
import ListStore

/// Builds the embedded default catalogue from the Unicode Character Database that
/// ships inside the Swift runtime (`Unicode.Scalar.Properties`): every scalar
/// with a name, about 155,000 rows.
public enum CatalogueBuilder {
    /// What a build did.
    public struct Report: Sendable {
        /// The number of characters written.
        public var rowCount: Int
        /// Wall time of the build, in seconds.
        public var seconds: Double
    }

    /// Every named scalar, in code-point order.
    /// - Complexity: O(n) over the 1,114,112 code points.
    public static func records() -> [CharacterRecord] {
        var records: [CharacterRecord] = []
        records.reserveCapacity(160_000)
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            guard let name = properties.name else { continue }
            let age = properties.age.map { "\($0.major).\($0.minor)" } ?? ""
            records.append(
                CharacterRecord(
                    codePoint: value, name: name,
                    generalCategory: GeneralCategory.code(properties.generalCategory), age: age,
                    isEmoji: properties.isEmoji, isEmojiPresentation: properties.isEmojiPresentation))
        }
        return records
    }

    /// Builds a catalogue at `path`, replacing whatever is there, atomically: the
    /// rows are written in one transaction to a temporary file beside `path`,
    /// which is then renamed into place, so an interrupted build never leaves a
    /// half database. Creates the parent folder if needed.
    ///
    /// - Parameters:
    ///   - path: Where the catalogue goes.
    ///   - records: The rows; the runtime's characters by default.
    ///   - progress: Called now and then with (rows written, rows in all).
    /// - Returns: The row count and the time taken.
    /// - Throws: `ListStoreError` when the file cannot be written.
    @discardableResult
    public static func build(
        at path: String,
        records: [CharacterRecord]? = nil,
        progress: (Int, Int) -> Void = { _, _ in }
    ) throws -> Report {
        let start = ContinuousClock.now
        let rows = records ?? Self.records()
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw ListStoreError(kind: .cannotOpen, message: "cannot create \(folder.path): \(error.localizedDescription)")
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).building-\(getpid())").path
        unlink(temporary)
        defer {
            unlink(temporary)
            unlink(temporary + "-journal")
        }
        do {
            let connection = try SQLiteConnection(path: temporary, readOnly: false)
            try connection.execute(
                """
                PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;
                PRAGMA page_size = 4096; PRAGMA application_id = \(Catalogue.applicationID);
                BEGIN;
                \(Catalogue.schema)
                """)
            let insert = try connection.statement(
                "INSERT INTO characters VALUES (?, ?, ?, ?, ?, ?)")
            for (index, row) in rows.enumerated() {
                insert.reset()
                try insert.bind([
                    Int(row.codePoint), row.name, row.generalCategory, row.age,
                    row.isEmoji, row.isEmojiPresentation,
                ])
                try insert.run()
                if index % 5000 == 0 { progress(index, rows.count) }
            }
            try connection.execute(
                """
                INSERT INTO character_names (character_names) VALUES ('rebuild');
                INSERT INTO character_names (character_names) VALUES ('optimize');
                PRAGMA user_version = \(Catalogue.schemaVersion);
                COMMIT;
                PRAGMA journal_mode = DELETE;
                """)
            progress(rows.count, rows.count)
        }
        guard rename(temporary, path) == 0 else {
            throw ListStoreError(kind: .cannotOpen, message: "cannot move the catalogue into \(path): \(String(cString: strerror(errno)))")
        }
        let elapsed = start.duration(to: .now).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        return Report(rowCount: rows.count, seconds: seconds)
    }

    /// What is at a catalogue path, and so what `liststate serve` may do with it.
    public enum FileState: Sendable, Equatable {
        /// Nothing: the catalogue is built there.
        case missing
        /// A catalogue of the current schema: it is used as it is.
        case current
        /// A catalogue of another schema version: it is rebuilt in place.
        case outdated
        /// A file that is not a catalogue (another program's database, any
        /// other file, a folder): it is never overwritten.
        case foreign
    }

    /// What is at `path`: missing, our current catalogue, our outdated catalogue, or someone else's file.
    public static func state(at path: String) -> FileState {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .missing }
        guard !isDirectory.boolValue,
            let connection = try? SQLiteConnection(path: path, readOnly: true),
            let statement = try? connection.statement("PRAGMA application_id"),
            (try? statement.step()) == true, statement.int(0) == Int(Catalogue.applicationID),
            let version = try? connection.statement("PRAGMA user_version"),
            (try? version.step()) == true
        else { return .foreign }
        return version.int(0) == Int(Catalogue.schemaVersion) ? .current : .outdated
    }

    /// Whether `path` holds a catalogue of the current schema version.
    /// A missing file, a stranger's file or an older schema all answer false.
    public static func isCurrent(at path: String) -> Bool {
        state(at: path) == .current
    }

    /// The default catalogue path: `$XDG_DATA_HOME/liststate/catalogue.sqlite`,
    /// else `~/.local/share/liststate/catalogue.sqlite` (XDG Base Directory spec).
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return data + "/liststate/catalogue.sqlite"
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.local/share/liststate/catalogue.sqlite"
    }
}
