import Foundation
import ListStore
import Testing

@testable import HTTPServer
@testable import ListCatalogue
@testable import ListState

/// `TableRequest.parse` (as `ListAsk` calls it) over the catalogue list, for the inputs of the query
/// fuzzer's corpus (Fuzz/Corpus/query) and a fixed set of generated ones:
/// an accepted request keeps every rule, a refused one names a parameter with a
/// message, and the link the server writes for an accepted request reads back
/// as the same request.
@Suite struct TableRequestPropertyTests {
    /// Parameter names the catalogue reads: controls, its named filters, its columns, a tracker.
    static let names = [
        "cursor", "limit", "sort", "q", "lang", "lazy", "category", "emoji", "name", "code_point__gt", "age__in",
        "name__isnull", "_q", "utm_source",
    ]
    static let values = [
        "", "0", "1", "2", "20", "101", "-1", "Lu", "Zz", "snow", "  grin  face ", "-name", "code_point", "zh-Hant", "de",
        "a,b,c", "%", "_", "é", "\u{202E}x", "\u{0}", String(repeating: "w ", count: 9), String(repeating: "a", count: 201),
    ]

    /// The corpus files and 4,000 combinations of two or three parameters (a fixed generator, so a failure repeats).
    static func inputs() throws -> [String] {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Fuzz/Corpus/query").standardized
        var inputs = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted().map {
            try String(contentsOf: corpus.appendingPathComponent($0), encoding: .utf8)
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<4_000 {
            let items = (0..<(2 + next(2))).map { _ in
                QueryString.encode(names[next(names.count)]) + "=" + QueryString.encode(values[next(values.count)])
            }
            inputs.append("/?" + items.joined(separator: "&"))
        }
        return inputs
    }

    @Test func acceptedRequestsKeepTheRulesAndTheirLinksReadBack() throws {
        let fixture = try CatalogueFixture()
        let list = try #require(fixture.server.application.tables.lists.list(named: CatalogueList.name))
        var accepted = 0
        for input in try Self.inputs() {
            guard let request = try? Request(method: .get, target: input.hasPrefix("/") || input.hasPrefix("http") ? input : "/?" + input)
            else { continue }
            let items = request.queryItems.map { (name: $0.name, value: $0.value) }
            // The language as the route negotiates it (`ListAsk`), then the items validated.
            switch TableRequest.parse(items, list: list, languageParameter: ListAsk(request, list: list).languageParameter) {
            case .failure(let problem):
                #expect(!problem.message.isEmpty, "\(input)")
                #expect(items.contains { $0.name == problem.parameter }, "\(input): a problem with \(problem.parameter)")
            case .success(let request):
                accepted += 1
                #expect((1...ListRequest.maximumLimit).contains(request.limit), "\(input)")
                if let query = request.query {
                    #expect(!query.isEmpty && query.trimmingWhitespace == query, "\(input)")
                    #expect(query.unicodeScalars.count <= ListRequest.maximumQueryLength, "\(input)")
                    #expect(SearchWords.of(query).count <= SearchWords.maximum, "\(input)")
                }
                let link = QueryString.link("/", request.queryItems(cursor: request.cursorText))
                let again = try #require(try? Request(method: .get, target: link), "\(input): the link \(link) does not parse")
                let reread = ListAsk(again, list: list).validated()
                guard case .success(let same) = reread else {
                    Issue.record("\(input): the link \(link) is refused: \(reread)")
                    continue
                }
                let written = request.queryItems(cursor: request.cursorText).map { "\($0.name)=\($0.value)" }
                #expect(same.queryItems(cursor: same.cursorText).map { "\($0.name)=\($0.value)" } == written, "\(input) → \(link)")
            }
        }
        #expect(accepted > 500, "the generator mostly makes refused requests")
    }
}
