import ListStore

extension TableRoute {
    /// What a kept answer of a list over a table is kept under: everything the
    /// answer depends on, the database's ``DataVersion`` included, so a commit
    /// by anyone is a new key (docs/design.md, "Freshness").
    struct CacheKey: Hashable, Sendable {
        /// The list's name, byte for byte.
        var list: [UInt8]
        /// The request's query string exactly as sent (two spellings of one
        /// request are two keys; a text is never taken for a canonically equivalent one).
        var query: [UInt8]
        var format: ListFormat
        /// Whether it answers `/` (the one list, with its canonical link).
        var atStart: Bool
        var language: Language
        /// Whether `Accept-Language` chose the language (`Vary` and links differ).
        var languageFromHeader: Bool
        /// The data as it stands.
        var version: DataVersion
        /// The reading of the schemas the answer was drawn with (``TableLists/generation``):
        /// a request between a schema change and the next reading draws the old columns
        /// under the new data version (found by QA).
        var schemas: Int

        /// The key of `ask` (its query unparsed) in `lists` at `version`.
        init(_ ask: borrowing ListAsk, of lists: TableLists, version: DataVersion) {
            list = Array(ask.list.name.utf8)
            schemas = lists.generation
            query = ask.rawQuery.map { Array($0.utf8) } ?? []
            format = ask.format
            atStart = ask.canonical != nil
            language = ask.language
            languageFromHeader = ask.languageFromHeader
            self.version = version
        }
    }
}
