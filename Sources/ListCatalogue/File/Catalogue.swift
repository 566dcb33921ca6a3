/// The catalogue's file format: the schema and its version.
///
/// One table of characters keyed by code point (the keyset order), an index for
/// the category filter, and an external-content FTS5 index on the names
/// (https://www.sqlite.org/fts5.html#external_content_tables). The file uses the
/// rollback journal, not WAL: nothing writes it while the server reads it, and
/// read-only opens then need no `-shm` file.
public enum Catalogue {
    /// Stored in `PRAGMA user_version`; a file with another version is rebuilt.
    public static let schemaVersion: Int32 = 1
    /// Stored in `PRAGMA application_id` ("LiSt"), so a stranger's SQLite file is never taken for ours.
    public static let applicationID: Int32 = 0x4C69_5374

    /// The statements that create an empty catalogue.
    static let schema = """
        CREATE TABLE characters (
            code_point INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            category TEXT NOT NULL,
            age TEXT NOT NULL,
            is_emoji INTEGER NOT NULL,
            is_emoji_presentation INTEGER NOT NULL
        );
        CREATE INDEX characters_by_category ON characters (category, code_point);
        CREATE INDEX characters_by_emoji ON characters (is_emoji, code_point);
        CREATE VIRTUAL TABLE character_names USING fts5 (
            name, content = 'characters', content_rowid = 'code_point'
        );
        """
}
