/// What a list shows: the search text and filters (all optional).
public struct ListFilter: Sendable, Hashable {
    /// Words to find in character names, word-prefix style ("grin face" finds
    /// GRINNING FACE). Any punctuation is treated as a word break, never as
    /// FTS5 syntax. Nil or blank for no search.
    public var text: String?
    /// A two-letter General_Category code ("Lu"), or nil for all categories.
    public var category: String?
    /// Only characters with the Emoji property.
    public var emojiOnly: Bool

    /// Makes a filter; the default shows everything.
    public init(text: String? = nil, category: String? = nil, emojiOnly: Bool = false) {
        self.text = text
        self.category = category
        self.emojiOnly = emojiOnly
    }

    /// Whether anything narrows the list (a search, a category or the emoji filter).
    public var isActive: Bool { !searchWords.isEmpty || category != nil || emojiOnly || hasBlankSearch }

    /// Whether a search was given that holds no word at all (only punctuation):
    /// it matches nothing rather than everything.
    var hasBlankSearch: Bool {
        guard let text else { return false }
        return searchWords.isEmpty && text.contains { !$0.isWhitespace }
    }

    /// The most distinct search words a search may hold. Every word is an FTS5
    /// prefix term whose cost grows with the rows it matches, so an unbounded
    /// count would let one URL keep the database busy for the whole time limit.
    public static let maximumWords = 8

    /// The search split into words (runs of letters and digits), case-folded,
    /// without repeats, and without a word that is a prefix of another word
    /// ("c cat" is "cat": every name word starting with "cat" starts with "c").
    public var searchWords: [String] {
        guard let text else { return [] }
        let words = text.split { !($0.isLetter || $0.isNumber) }.map { $0.lowercased() }
        var kept: [String] = []
        for word in words where !kept.contains(where: { $0.hasPrefix(word) }) {
            kept.removeAll { word.hasPrefix($0) }
            kept.append(word)
        }
        return kept
    }
}

/// One page to fetch: where it starts, how many rows, and what the list shows.
public struct PageRequest: Sendable, Hashable {
    /// The rows after this cursor; nil for the first page.
    public var cursor: PageCursor?
    /// The most rows to return, 1...100.
    public var limit: Int
    /// Search and filters.
    public var filter: ListFilter
    /// When the request that needs this page arrived: the source's query
    /// time limit counts from then (time spent waiting for a worker thread
    /// included), so a request never waits on the data longer than the limit
    /// (docs/design.md, "HTTP and HTMX"); nil counts from the query's start.
    public var startedAt: ContinuousClock.Instant?

    /// Makes a request.
    public init(
        cursor: PageCursor? = nil, limit: Int = 20, filter: ListFilter = ListFilter(),
        startedAt: ContinuousClock.Instant? = nil
    ) {
        self.cursor = cursor
        self.limit = limit
        self.filter = filter
        self.startedAt = startedAt
    }
}

/// One page of rows.
public struct Page: Sendable, Hashable {
    /// The rows, in code-point order.
    public var records: [CharacterRecord]
    /// Whether rows follow this page (found by fetching `limit + 1`).
    public var hasMore: Bool
    /// The cursor for the next page when `hasMore`, else nil.
    public var nextCursor: PageCursor? {
        guard hasMore, let last = records.last else { return nil }
        return PageCursor(afterCodePoint: last.codePoint)
    }

    /// The file the rows were read from (the one the query's connection had
    /// open), when the source can tell; nil otherwise. An answer drawn from
    /// this page may be kept under a ``ContentVersion`` only when it names
    /// the same file: a connection opened before a replacement was noticed
    /// still reads the old one.
    public var fileIdentity: FileIdentity?

    /// Makes a page.
    public init(records: [CharacterRecord], hasMore: Bool, fileIdentity: FileIdentity? = nil) {
        self.records = records
        self.hasMore = hasMore
        self.fileIdentity = fileIdentity
    }
}
