import Foundation
import Mustache
import Testing

private struct Row: MustacheObject {
    let id: Int
    let title: String
    let tags: [String]

    func mustacheValue(forKey key: String) -> MustacheValue? {
        switch key {
        case "id": .int(id)
        case "title": .string(title)
        case "tags": tags.mustacheValue
        default: nil
        }
    }
}

/// Values from Swift and from JSON.
@Suite struct ValueTests {
    @Test func swiftValuesConvert() throws {
        let optional: String? = nil
        let data = MustacheValue([
            "s": MustacheValue("text"), "i": MustacheValue(Int32(7)), "u": MustacheValue(UInt8(9)),
            "d": MustacheValue(2.50), "f": MustacheValue(Float(1.21)), "b": MustacheValue(true),
            "o": MustacheValue(optional), "a": MustacheValue([1, 2]), "m": MustacheValue(["k": "v"]),
            "sub": MustacheValue("abc".dropFirst()),
        ])
        #expect(
            try render("{{s}} {{i}} {{u}} {{d}} {{f}} {{b}} [{{o}}] {{#a}}{{.}}{{/a}} {{m.k}} {{sub}}", data)
                == "text 7 9 2.5 1.21 true [] 12 v bc")
    }

    @Test func objectsExposeNamedFields() throws {
        let rows: [MustacheValue] = [.object(Row(id: 1, title: "<One>", tags: ["a"])), MustacheValue(Row(id: 2, title: "Two", tags: []))]
        let template = "{{#rows}}{{id}}:{{title}}{{#tags}}[{{.}}]{{/tags}}{{^tags}}-{{/tags}}({{heading}});{{/rows}}"
        #expect(try render(template, ["rows": .array(rows), "heading": "H"]) == "1:&lt;One&gt;[a](H);2:Two-(H);")
        #expect(try render("{{#r}}{{title}}{{/r}}|{{r.id}}", ["r": .object(Row(id: 3, title: "T", tags: []))]) == "T|3")
    }

    @Test func truthiness() {
        let falsy: [MustacheValue] = [nil, false, 0, 0.0, .double(.nan), "", []]
        let truthy: [MustacheValue] = [true, 1, -1, 0.5, "0", " ", [0], [:], .object(Row(id: 0, title: "", tags: []))]
        #expect(falsy.allSatisfy { !$0.isTruthy })
        #expect(truthy.allSatisfy { $0.isTruthy })
    }

    @Test func jsonKeepsIntegersBooleansAndDecimalsApart() throws {
        let json = #"{"i": 10, "z": 0, "d": 1.210, "e": 10.0, "t": true, "f": false, "n": null, "s": "<x>", "a": [1, "b"], "big": 12345678901234567890}"#
        let data = try MustacheValue(jsonData: Data(json.utf8))
        #expect(
            try render("{{i}} {{z}} {{d}} {{e}} {{t}} {{f}} [{{n}}] {{s}} {{#a}}{{.}}{{/a}} {{big}}", data)
                == "10 0 1.21 10 true false [] &lt;x&gt; 1b 1.2345678901234567e+19")
        #expect(try render("{{#z}}x{{/z}}{{#f}}y{{/f}}{{#t}}T{{/t}}", data) == "T")
    }

    @Test func jsonTopLevelScalarsAndErrors() throws {
        #expect(try render("{{.}}", try MustacheValue(jsonData: Data("\"a&b\"".utf8))) == "a&amp;b")
        #expect(throws: (any Error).self) { try MustacheValue(jsonData: Data("{bad".utf8)) }
    }

    @Test func jsonObjectFromJSONSerialization() throws {
        let object = try JSONSerialization.jsonObject(with: Data(#"{"rows": [{"title": "A"}]}"#.utf8))
        #expect(try render("{{#rows}}{{title}}{{/rows}}", MustacheValue(jsonObject: object)) == "A")
    }
}
