// fuzz-query: the query parser: RequestTarget(parsing:) (Sources/HTTPServer/
// Message/RequestTarget.swift) then ListRequest.parse (Sources/ListApp/Request/
// ListRequest.swift, compiled in through the symlinks in ListApp/).
//
// Input: a request target as sent (`/...` or `http://...`); anything else is
// taken as the query of `/?`.
// Properties:
// - a parsed target's path starts with `/` and is its decoded segments joined by `/`;
// - an accepted request keeps every rule of ListRequest's table (limit 1...100,
//   search text trimmed, non-empty, at most 200 scalars, no control character,
//   at most 8 words, a known category, a served language, a canonical cursor);
// - a refused one names a parameter the parser reads, with a message;
// - the link the server writes for an accepted request (`QueryString.link` of
//   `queryItems(cursor:)`) parses back to the same request (`lazy` aside,
//   which links never carry).
import FuzzSupport
import ListStore

@testable import HTTPServer

private let served: Set<String> = ["en", "zh-Hans", "zh-Hant"]

/// libFuzzer's entry point: checks the properties above on one input of
/// `count` bytes at `data`, aborting on the first that fails; returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuery(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: fuzzBytes(data, count), as: UTF8.self)
    let raw = text.hasPrefix("/") || text.hasPrefix("http") ? text : "/?" + text
    guard let target = RequestTarget(parsing: raw) else { return 0 }
    fuzzCheck(target.path.hasPrefix("/"), "path \(target.path.debugDescription)")
    fuzzCheck(
        "/" + target.pathSegments.joined(separator: "/") == target.path,
        "segments \(target.pathSegments) do not make up \(target.path.debugDescription)")

    switch ListRequest.parse(target.queryItems.map { ($0.name, $0.value) }) {
    case .failure(let problem):
        fuzzCheck(ListRequest.parameterNames.contains(problem.parameter), "problem with \(problem.parameter)")
        fuzzCheck(!problem.message.isEmpty, "a problem without a message")
    case .success(let request):
        fuzzCheck((1...ListRequest.maximumLimit).contains(request.limit), "limit \(request.limit)")
        if let search = request.filter.text {
            fuzzCheck(!search.isEmpty && search.trimmingWhitespace == search, "search \(search.debugDescription)")
            fuzzCheck(search.unicodeScalars.count <= ListRequest.maximumQueryLength, "search of \(search.unicodeScalars.count) scalars")
            fuzzCheck(!search.unicodeScalars.contains { $0.properties.generalCategory == .control }, "control in \(search.debugDescription)")
        }
        fuzzCheck(request.filter.searchWords.count <= ListFilter.maximumWords, "\(request.filter.searchWords.count) words")
        if let category = request.filter.category {
            fuzzCheck(GeneralCategory.name(forCode: category) != nil, "category \(category.debugDescription)")
        }
        if let language = request.language { fuzzCheck(served.contains(language), "language \(language)") }
        if let cursor = request.cursor {
            fuzzCheck(PageCursor(encoded: cursor.encoded) == cursor, "cursor \(cursor) does not re-encode")
        }

        // The link the server writes for this request reads back as the same request.
        let link = QueryString.link("/", request.queryItems(cursor: request.cursor?.encoded))
        let reread = RequestTarget(parsing: link).map { ListRequest.parse($0.queryItems.map { ($0.name, $0.value) }) }
        var expected = request
        expected.wantsRowsAtOnce = false
        guard case .success(let again)? = reread else {
            fuzzCheck(false, "the link \(link) for \(raw.debugDescription) does not parse: \(String(describing: reread))")
            return 0
        }
        fuzzCheck(again == expected, "the link \(link) for \(raw.debugDescription) reads back as \(again), not \(expected)")
    }
    return 0
}
