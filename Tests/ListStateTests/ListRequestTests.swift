import ListStore
import Testing

@testable import ListState

/// The rules every list's `limit` and `q` follow (`ListRequest`), and the words a search is made of (`SearchWords`).
@Suite struct ListRequestTests {
    @Test(arguments: [("1", 1), ("20", 20), ("100", 100), ("101", 100), ("5000", 100), ("99999999999999999999", 100), ("007", 7)])
    func limitIsClampedAbove100(_ text: String, _ expected: Int) throws {
        #expect(try ListRequest.limit(text).get() == expected)
    }

    @Test(arguments: ["0", "-1", "", "abc", "1.5", " 5", "5 ", "+5", "1e3", "٣", "0000"])
    func limitBelowOneOrNotANumberIsRefused(_ text: String) {
        guard case .failure(let problem) = ListRequest.limit(text) else {
            Issue.record("accepted \(text)")
            return
        }
        #expect(problem.parameter == "limit" && problem.reason == .badLimit)
    }

    @Test func longNumbersWithLeadingZerosAreNumbers() throws {
        #expect(try ListRequest.limit("000000000000000000001").get() == 1)
        #expect(try ListRequest.limit(String(repeating: "9", count: 40)).get() == 100)
    }

    @Test func queryLengthIsCountedInScalarsAndBlankIsNoSearch() throws {
        let longest = String(repeating: "é", count: 200)
        #expect(try ListRequest.searchText(longest).get() == longest)
        #expect((try? ListRequest.searchText(longest + "e").get()) == nil)
        #expect(try ListRequest.searchText("  snow  ").get() == "snow")
        #expect(try ListRequest.searchText("   ").get() == nil)
    }

    /// Found by QA: 100 repeated one-letter words kept the database busy for 2 s per request.
    @Test func searchWordsAreFoldedAndBounded() throws {
        #expect(SearchWords.of(Array(repeating: "c", count: 100).joined(separator: " ")) == ["c"])
        #expect(SearchWords.of("c Cat ca snow") == ["cat", "snow"])
        #expect(SearchWords.of("***").isEmpty)
        let nine = (1...9).map { "w\($0)x" }.joined(separator: " ")
        guard case .failure(let problem) = ListRequest.searchText(nine) else {
            Issue.record("accepted nine words")
            return
        }
        #expect(problem.message.contains("at most 8"))
    }

    @Test func linksEncodeWhatTheyCarry() {
        #expect(QueryString.encode("a&b=c/é") == "a%26b%3Dc%2F%C3%A9")
    }
}
