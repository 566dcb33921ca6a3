import ListStore

extension TableRoute {
    /// What a kept answer of a list over a table is kept under: everything the
    /// answer depends on, the database's ``DataVersion`` included, so a commit
    /// by anyone is a new key (docs/design.md, "Freshness").
    struct CacheKey: Hashable, Sendable {
        /// The list's name, compared byte for byte (``==``).
        var list: String
        /// The request's query string exactly as sent, compared byte for byte (two
        /// spellings of one request are two keys; a text is never taken for a
        /// canonically equivalent one). Kept as the request's own text: making a key
        /// copies nothing (an array of each cost a kept page two allocations: perf).
        var query: Substring
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
            list = ask.list.name
            schemas = lists.generation
            query = ask.rawQuery ?? ""
            format = ask.format
            atStart = ask.canonical != nil
            language = ask.language
            languageFromHeader = ask.languageFromHeader
            self.version = version
        }

        static func == (a: Self, b: Self) -> Bool {
            a.version == b.version && a.schemas == b.schemas && a.format == b.format && a.atStart == b.atStart
                && a.language == b.language && a.languageFromHeader == b.languageFromHeader
                && a.list.utf8.elementsEqual(b.list.utf8) && a.query.utf8.elementsEqual(b.query.utf8)
        }

        func hash(into hasher: inout Hasher) {
            Self.combine(list.utf8, into: &hasher)
            Self.combine(query.utf8, into: &hasher)
            hasher.combine(format)
            hasher.combine(atStart)
            hasher.combine(language)
            hasher.combine(languageFromHeader)
            hasher.combine(version)
            hasher.combine(schemas)
        }

        /// Hashes a text's bytes and its length (so two texts never run into one), at
        /// once when they lie together (a native string's do).
        private static func combine<Bytes: Collection<UInt8>>(_ bytes: Bytes, into hasher: inout Hasher) {
            hasher.combine(bytes.count)
            let whole: Void? = bytes.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            if whole == nil { for byte in bytes { hasher.combine(byte) } }
        }
    }
}
