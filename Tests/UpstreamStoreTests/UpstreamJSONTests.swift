import Foundation
import ListStore
import Testing

@testable import UpstreamStore

/// An upstream's JSON values as a list's: kinds kept, nested values as compact JSON text.
@Suite struct UpstreamJSONTests {
    static func parse(_ json: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]) }

    @Test func eachKindOfValue() throws {
        let object = try #require(
            try Self.parse(#"{"i": 7, "big": 9007199254740993, "r": 2.5, "t": "x", "yes": true, "no": false, "n": null, "a": [1, "b/c"], "o": {"z": 1, "a": 2}}"#)
                as? [String: Any])
        #expect(UpstreamJSON.sqlValue(object["i"]) == .integer(7))
        #expect(UpstreamJSON.sqlValue(object["big"]) == .integer(9_007_199_254_740_993), "integers exact")
        #expect(UpstreamJSON.sqlValue(object["r"]) == .real(2.5))
        #expect(UpstreamJSON.sqlValue(object["t"]) == .text("x"))
        #expect(UpstreamJSON.sqlValue(object["yes"]) == .text("true") && UpstreamJSON.sqlValue(object["no"]) == .text("false"))
        #expect(UpstreamJSON.sqlValue(object["n"]) == .null && UpstreamJSON.sqlValue(object["missing"]) == .null)
        #expect(UpstreamJSON.sqlValue(object["a"]) == .text(#"[1,"b/c"]"#))
        #expect(UpstreamJSON.sqlValue(object["o"]) == .text(#"{"a":2,"z":1}"#))
        #expect(UpstreamJSON.text(object["i"]) == "7" && UpstreamJSON.text(object["t"]) == "x" && UpstreamJSON.text(object["o"]) == nil)
        #expect(UpstreamJSON.text(object["n"]) == nil)
    }

    @Test func theValueAtADottedPath() throws {
        let body = try Self.parse(#"{"links": {"next": "n", "items": [1]}, "top": 1}"#)
        #expect(UpstreamJSON.value(at: ["links", "next"], in: body) as? String == "n")
        #expect(UpstreamJSON.value(at: ["links", "missing"], in: body) == nil)
        #expect(UpstreamJSON.value(at: ["top", "deeper"], in: body) == nil)
        #expect(UpstreamJSON.value(at: [], in: body) is [String: Any])
    }
}
