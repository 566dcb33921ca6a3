// fuzz-query: the query parser: RequestTarget(parsing:) (Sources/HTTPServer/
// Message/RequestTarget.swift) then the rules every list shares for `limit`
// and `q` (ListRequest.limit and ListRequest.searchText, Sources/ListState/Request/
// ListRequest.swift, compiled in through the symlinks in ListState/). The whole
// request of a list (TableRequest.parse, which needs a list's columns) is
// checked by the property test Tests/ListStateTests/Request/TableRequestPropertyTests.swift
// over this harness's corpus.
//
// Input: a request target as sent (`/...` or `http://...`); anything else is
// taken as the query of `/?`.
// Properties:
// - a parsed target's path starts with `/` and is its decoded segments joined by `/`;
// - an accepted `limit` is 1...100; a refused one is a problem with `limit`;
// - an accepted `q` is trimmed, non-empty, at most 200 scalars and 8 words;
//   a refused one is a problem with `q`, with a message;
// - the link the server writes for the query items (`QueryString.link`)
//   parses back to the same items.
import FuzzSupport
import ListStore

@testable import HTTPServer

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

    let items = target.queryItems.map { (name: $0.name, value: $0.value) }
    for (name, value) in items {
        switch name {
        case "limit":
            switch ListRequest.limit(value) {
            case .success(let limit): fuzzCheck((1...ListRequest.maximumLimit).contains(limit), "limit \(limit)")
            case .failure(let problem): fuzzCheck(problem.parameter == "limit" && !problem.message.isEmpty, "\(problem)")
            }
        case "q":
            switch ListRequest.searchText(value) {
            case .success(let search?):
                fuzzCheck(!search.isEmpty && search.trimmingWhitespace == search, "search \(search.debugDescription)")
                fuzzCheck(search.unicodeScalars.count <= ListRequest.maximumQueryLength, "search of \(search.unicodeScalars.count) scalars")
                fuzzCheck(SearchWords.of(search).count <= SearchWords.maximum, "\(SearchWords.of(search).count) words")
            case .success(nil):
                fuzzCheck(value.trimmingWhitespace.isEmpty, "\(value.debugDescription) taken for no search")
            case .failure(let problem):
                fuzzCheck(problem.parameter == "q" && !problem.message.isEmpty, "\(problem)")
            }
        default:
            continue
        }
    }

    // The link the server writes for these items reads back as the same items.
    let link = QueryString.link("/", items)
    guard let again = RequestTarget(parsing: link) else {
        fuzzCheck(false, "the link \(link) for \(raw.debugDescription) does not parse")
        return 0
    }
    let reread = again.queryItems.map { "\($0.name)=\($0.value)" }
    fuzzCheck(reread == items.map { "\($0.name)=\($0.value)" }, "the link \(link) reads back as \(reread)")
    return 0
}
