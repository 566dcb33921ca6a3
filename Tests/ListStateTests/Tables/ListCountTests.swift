import Foundation
import TestSupport
import Testing

@testable import ListState
@testable import ListStore

/// The count above a list's rows (issue 47): how many rows the search and filters keep,
/// on the first page, the region and the JSON twin, never on a continuation; kept under
/// the data version; "more than" past its budget. Every page is validated by TestServer.
@Suite struct ListCountTests {
    /// The sentence above the rows (`<p class="list-matches">`), or nil.
    static func countText(_ html: String) -> String? {
        Markup.matches(#"<p class="list-matches">([^<]*)</p>"#, in: html).first.map(Markup.unescape)
    }

    /// Every row of the list `query` asks for, read from its JSON twin in one page: the oracle.
    static func rowCount(_ fixture: TableFixture, _ query: String) throws -> Int {
        let json = try TableFixture.json(fixture.server.get("/products.json?limit=100&" + query))
        return (json["rows"] as? [Any])?.count ?? -1
    }

    /// A share of the page's time that leaves the count its whole budget on the request path.
    static let wholeBudget = TableFixture.wholeCountBudget

    @Test func countsWithFiltersSearchAndBoth() throws {
        let fixture = try TableFixture()
        for (query, words) in [
            ("", ""), ("price=1.5", " where price = 1.5"), ("q=p", " matching “\u{2068}p\u{2069}”"),
            ("q=p&price__gt=1", " matching “\u{2068}p\u{2069}” where price > 1"),
        ] {
            let expected = try Self.rowCount(fixture, query)
            #expect(expected > 1, "\(query)")
            // One row a page, so the count is the source's, not the page's own rows.
            let page = try fixture.server.get("/products?limit=1&" + query)
            let sentence = "\(expected) rows\(words)."
            #expect(Self.countText(page.text) == sentence, "\(query)")
            #expect(Markup.statusText(page.text)?.hasSuffix(" " + sentence) == true, "\(query): \(Markup.statusText(page.text) ?? "")")
            let json = try TableFixture.json(fixture.server.get("/products.json?limit=1&" + query))
            #expect(json["count"] as? Int == expected && json["countIsLowerBound"] as? Bool == false, "\(query)")
            let region = try fixture.server.get("/products?limit=1&" + query, headers: ["HX-Request": "true"])
            #expect(Self.countText(region.text) == sentence, "\(query)")
            // A continuation does not count again, in HTML or JSON.
            let next = try #require(Markup.loadMoreHref(page.text))
            let continuation = try fixture.server.get(next, headers: ["HX-Request": "true"])
            #expect(Self.countText(continuation.text) == nil && !continuation.text.contains(sentence), "\(query)")
            let nextJSON = try #require(json["next"] as? String)
            let later = try TableFixture.json(fixture.server.get(nextJSON))
            #expect(later["count"] is NSNull && later["countIsLowerBound"] is NSNull, "\(query)")
        }
    }

    @Test func countsSpeakThePageLanguage() throws {
        let fixture = try TableFixture()
        let simplified = try fixture.server.get("/products?limit=1&price=1.5&lang=zh-Hans")
        #expect(Self.countText(simplified.text) == "price = 1.5的共 3 行。")
        let traditional = try fixture.server.get("/products?limit=1&lang=zh-Hant")
        #expect(Self.countText(traditional.text) == "共 7 列。")
        let one = try fixture.server.get("/products?limit=1&q=pear")
        #expect(Self.countText(one.text) == "1 row matching “\u{2068}pear\u{2069}”.")
    }

    @Test func aCountIsKeptUntilTheDataChanges() throws {
        let fixture = try TableFixture()
        let before = try fixture.server.get("/products?limit=2&price=1.5")
        #expect(Self.countText(before.text) == "3 rows where price = 1.5.")
        try fixture.write("INSERT INTO products (name, price) VALUES ('quince', 1.5)")
        let after = try fixture.server.get("/products?limit=2&price=1.5")
        #expect(Self.countText(after.text) == "4 rows where price = 1.5.")
    }

    @Test func noRowsShowNoCount() throws {
        let fixture = try TableFixture()
        let none = try fixture.server.get("/products?q=nothingmatches")
        #expect(Self.countText(none.text) == nil)
        let json = try TableFixture.json(fixture.server.get("/products.json?q=nothingmatches"))
        #expect(json["count"] is NSNull)
    }

    /// 100,000 rows each matching a `contains` filter (a million, made in the test, held a
    /// thread of the test process's two for seconds: other suites' deadlines passed).
    static let big = """
        CREATE TABLE big (id INTEGER PRIMARY KEY, t TEXT);
        WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 100000)
        INSERT INTO big SELECT x, 'word ' || x FROM n;
        """

    /// A count past its budget (1 ms, on the request path and after it) never holds the answer
    /// and shows only a lower bound that reached the bounded count's end ("more than 10,000"),
    /// never a smaller number the next visit would contradict.
    @Test func aCountPastItsBudgetIsALowerBound() throws {
        let fixture = try TableFixture(Self.big, countBudgetSeconds: 0.001)
        for _ in 0..<3 {
            let started = ContinuousClock.now
            let json = try TableFixture.json(fixture.server.get("/big.json?t__contains=word"))
            // The count never holds the answer much past its budget (a page here takes milliseconds).
            #expect(ContinuousClock.now - started < .seconds(1))
            if let count = json["count"] as? Int {
                #expect(count == RowCount.bound && json["countIsLowerBound"] as? Bool == true)
                let page = try fixture.server.get("/big?t__contains=word&lang=en")
                #expect(Self.countText(page.text) == "More than 10,000 rows where t contains “word”.")
            } else {
                #expect(json["count"] is NSNull && json["countIsLowerBound"] is NSNull)
            }
        }
    }

    /// With no share of the page's time (the default is 0.2 of it), a first page shows no count
    /// and is not kept; the count is finished after the answer, and a later visit shows it exact.
    @Test func aCountPastThePageShareIsFinishedAfterTheAnswer() throws {
        let fixture = try TableFixture(Self.big, countShareOfPage: 0)
        let first = try TableFixture.json(fixture.server.get("/big.json?t__contains=word"))
        #expect(first["count"] is NSNull)
        let page = try fixture.server.get("/big?t__contains=word")
        #expect(Self.countText(page.text) == nil)
        // For now only: no validator a revalidation would find stale, not kept by a cache.
        #expect(page.header("etag") == nil && page.header("cache-control") == "no-store")
        var later: Any?
        let deadline = ContinuousClock.now + .seconds(20)
        while later == nil, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            later = try TableFixture.json(fixture.server.get("/big.json?t__contains=word"))["count"] as? Int
        }
        #expect(later as? Int == 100_000)
        let counted = try fixture.server.get("/big?t__contains=word&lang=en")
        #expect(Self.countText(counted.text) == "100,000 rows where t contains “word”.")
        #expect(counted.header("etag") != nil && counted.header("cache-control") == "no-cache")
    }

    /// Fruit read with Swift concurrency that counts (`count(filters:search:)`) or declares it does not.
    struct CountingFruit: AsyncRowSource {
        let rows: InMemoryRowSource
        let counts: Bool

        var columns: [TableDescription.Column] { rows.table.columns }
        var capabilities: RowSourceCapabilities {
            var capabilities = rows.capabilities
            capabilities.counts = counts
            return capabilities
        }
        func rows(_ request: RowRequest) async throws -> RowBatch {
            let query = RowPageQuery(
                table: rows.table, sort: request.sort, after: request.after, limit: request.limit, search: request.search,
                filters: request.filters, wholeValues: true)
            let page = try rows.page(query, continuing: nil).get()
            return RowBatch(rows: page?.rows.map(Array.init) ?? [], hasMore: page?.hasMore ?? false)
        }
        func row(key: [SQLValue]) async throws -> [SQLValue]? { try rows.row(address: key, startedAt: nil).get() }
        func count(filters: [RowFilter], search: String?) async throws -> Int? {
            try rows.count(RowPageQuery(table: rows.table, search: search, filters: filters), until: .now + .seconds(1)).get()?.value
        }
    }

    /// An awaited source that counts shows its count (search included); one that declares
    /// no count shows none, even where it could.
    @Test func aSourceCountsOnlyWhereItSaysItCan() async throws {
        let names = ["apple", "banana", "cherry", "date", "elder", "fig", "grape"]
        let fruit = try InMemoryRowSource(
            name: "fruit", columns: InMemoryListTests.columns,
            rows: names.enumerated().map { [.integer(Int64($0 + 1)), .text($1), .real(Double($0))] })
        for counts in [true, false] {
            let list = try ListDefinition("fruit", rows: CountingFruit(rows: fruit, counts: counts))
            var configuration = AppConfiguration()
            configuration.countShareOfPage = Self.wholeBudget
            let server = try TestServer(tables: TableCatalog(TableLists([list])), configuration: configuration)
            try await onOwnThread {
                let page = try server.get("/fruit?limit=2&q=e")
                let json = try TableFixture.json(server.get("/fruit.json?limit=2&q=e"))
                if counts {
                    #expect(Self.countText(page.text) == "5 rows matching “\u{2068}e\u{2069}”.")
                    #expect(json["count"] as? Int == 5 && json["countIsLowerBound"] as? Bool == false)
                } else {
                    #expect(Self.countText(page.text) == nil)
                    #expect(json["count"] is NSNull && json["countIsLowerBound"] is NSNull)
                }
            }
        }
    }

    /// At the store: a count whose whole pass runs out of work (as of time) after its bounded
    /// pass finished is "more than 10,000", deterministically (SQLite's instruction count).
    @Test func aBoundedCountIsALowerBoundAtTheStore() throws {
        let folder = TemporaryFolder.make("count")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/big.sqlite"
        try SQLiteConnection(path: path, readOnly: false).execute(
            """
            CREATE TABLE big (id INTEGER PRIMARY KEY, t TEXT);
            WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 200000)
            INSERT INTO big SELECT x, 'word ' || x FROM n;
            """)
        let source = DatabaseSource(path: path)
        let table = try #require(try source.tables().get().first { $0.name == "big" })
        let filter = RowFilter(column: "t", operation: .contains, value: "word")
        let deadline = ContinuousClock.now + .seconds(30)
        let whole = try source.count(RowPageQuery(table: table, filters: [filter]), until: deadline).get()
        #expect(whole == RowCount(200_000))
        var bounded = RowPageQuery(table: table, filters: [filter])
        // Enough work for 10,001 rows, not for 200,000.
        bounded.attemptWork = 300
        let lower = try source.count(bounded, until: deadline).get()
        #expect(lower == RowCount(RowCount.bound, isLowerBound: true))
        let searched = try source.count(RowPageQuery(table: table, search: "word"), until: deadline).get()
        #expect(searched == RowCount(200_000))
    }
}
