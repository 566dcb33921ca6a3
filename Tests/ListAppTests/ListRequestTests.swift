import ListStore
import Testing

@testable import ListApp

@Suite struct ListRequestTests {
    private func parse(_ items: [(String, String)]) -> Result<ListRequest, ListRequest.Problem> {
        ListRequest.parse(items.map { (name: $0.0, value: $0.1) })
    }

    @Test func defaults() throws {
        let request = try parse([]).get()
        #expect(request == ListRequest())
        #expect(request.limit == 20 && request.cursor == nil && !request.filter.isActive)
    }

    @Test(arguments: [("1", 1), ("20", 20), ("100", 100), ("101", 100), ("5000", 100), ("99999999999999999999", 100), ("007", 7)])
    func limitIsClampedAbove100(_ text: String, _ expected: Int) throws {
        #expect(try parse([("limit", text)]).get().limit == expected)
    }

    @Test(arguments: ["0", "-1", "", "abc", "1.5", " 5", "5 ", "+5", "1e3", "٣"])
    func limitBelowOneOrNotANumberIsRefused(_ text: String) {
        guard case .failure(let problem) = parse([("limit", text)]) else {
            Issue.record("accepted \(text)")
            return
        }
        #expect(problem.parameter == "limit")
    }

    @Test func repeatedParameterIsRefused() {
        guard case .failure(let problem) = parse([("limit", "5"), ("limit", "6")]) else {
            Issue.record("accepted")
            return
        }
        #expect(problem.parameter == "limit")
        #expect((try? parse([("x", "1"), ("x", "2")]).get()) != nil)
    }

    @Test func queryLength() throws {
        let longest = String(repeating: "é", count: 200)
        #expect(try parse([("q", longest)]).get().filter.text == longest)
        #expect((try? parse([("q", longest + "e")]).get()) == nil)
        #expect(try parse([("q", "  snow  ")]).get().filter.text == "snow")
        #expect(try parse([("q", "   ")]).get().filter.text == nil)
    }

    @Test func categoryAndEmoji() throws {
        #expect(try parse([("category", "Lu"), ("emoji", "1")]).get().filter == ListFilter(category: "Lu", emojiOnly: true))
        #expect(try parse([("category", "")]).get().filter.category == nil)
        #expect((try? parse([("category", "XX")]).get()) == nil)
        #expect((try? parse([("category", "lu")]).get()) == nil)
        #expect((try? parse([("emoji", "2")]).get()) == nil)
        #expect((try? parse([("emoji", "")]).get()) == nil)
        #expect(try parse([("emoji", "0")]).get().filter.emojiOnly == false)
    }

    /// C-09: tampered cursors are refused.
    @Test(arguments: ["0", "%%", "AQAAJgM!", "AgAAJgM", ""])
    func badCursorIsRefused(_ text: String) {
        guard case .failure(let problem) = parse([("cursor", text)]) else {
            Issue.record("accepted \(text)")
            return
        }
        #expect(problem.parameter == "cursor")
        #expect(!problem.message.contains("base64"))
    }

    @Test func unknownParametersAreIgnored() throws {
        #expect(try parse([("utm_source", "x"), ("page", "2")]).get() == ListRequest())
    }

    @Test func queryItemsCarryEverythingButDefaults() throws {
        let request = try parse([("q", "grin face"), ("category", "So"), ("emoji", "1"), ("limit", "5"), ("lang", "zh-TW")]).get()
        let cursor = PageCursor(afterCodePoint: 0x1F600)
        let link = QueryString.link("/", request.queryItems(cursor: cursor.encoded))
        #expect(link == "/?q=grin+face&category=So&emoji=1&limit=5&lang=zh-Hant&cursor=\(cursor.encoded)")
        #expect(QueryString.link("/", ListRequest().queryItems(cursor: nil)) == "/")
        #expect(QueryString.encode("a&b=c/é") == "a%26b%3Dc%2F%C3%A9")
        // An unknown language is negotiated instead, and not carried into links.
        #expect(try parse([("lang", "de")]).get().language == nil)
    }
}

extension ListRequestTests {
    @Test func longNumbersWithLeadingZerosAreNumbers() throws {
        #expect(try parse([("limit", "000000000000000000001")]).get().limit == 1)
        #expect(try parse([("limit", String(repeating: "9", count: 40))]).get().limit == 100)
        #expect((try? parse([("limit", "0000")]).get()) == nil)
    }

    /// Found by QA: 100 repeated one-letter words kept the database busy for 2 s per request.
    @Test func searchWordsAreFoldedAndBounded() throws {
        let repeated = Array(repeating: "c", count: 100).joined(separator: " ")
        #expect(try parse([("q", repeated)]).get().filter.searchWords == ["c"])
        #expect(try parse([("q", "c Cat ca snow")]).get().filter.searchWords == ["cat", "snow"])
        let nine = (1...9).map { "w\($0)x" }.joined(separator: " ")
        guard case .failure(let problem) = parse([("q", nine)]) else {
            Issue.record("accepted nine words")
            return
        }
        #expect(problem.message.contains("at most 8"))
    }

    @Test func controlCharactersAndCombiningFloodsAreRefused() {
        #expect((try? parse([("q", "a\u{0}b")]).get()) == nil)
        #expect((try? parse([("q", "a\u{1B}b")]).get()) == nil)
        #expect((try? parse([("q", "e" + String(repeating: "\u{301}", count: 3000))]).get()) == nil)
    }
}
