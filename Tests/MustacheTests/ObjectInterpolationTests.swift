import Mustache
import Testing

/// An object that uses the default `interpolate` (through `mustacheValue(forKey:)`).
private struct Plain: MustacheObject {
    let fields: [String: MustacheValue]
    func mustacheValue(forKey key: String) -> MustacheValue? { fields[key] }
}

/// An object that writes `title` itself, differently from its value, and refuses to
/// write `hidden` although it has a value for it.
private struct Writer: MustacheObject {
    func mustacheValue(forKey key: String) -> MustacheValue? {
        switch key {
        case "title": "value<"
        case "hidden": "own-hidden"
        case "nested": ["k": "nested-k"]
        default: nil
        }
    }

    func interpolate(_ key: String, escaped: Bool, into output: inout MustacheOutput) -> Bool {
        switch key {
        case "title":
            output.append(literal: "written:")
            output.append("<t>", escaped: escaped)
            return true
        case "hidden":
            return false
        default:
            guard let value = mustacheValue(forKey: key) else { return false }
            output.append(value, escaped: escaped)
            return true
        }
    }
}

@Suite struct ObjectInterpolationTests {
    static let values: [String: MustacheValue] = [
        "s": "a<b>&\"'`=", "empty": "", "zero": 0, "n": -42, "big": .int(Int.max), "d": 2.25, "whole": 3.0,
        "t": true, "f": false, "null": nil, "array": ["x", "y"], "dict": ["k": "v"], "obj": .object(Plain(fields: [:])),
        "long": .string(String(repeating: "ab<", count: 40)), "multi": "é😀<",
    ]

    @Test func theDefaultPrintsExactlyTheValue() throws {
        let object = Plain(fields: Self.values)
        for (key, value) in Self.values {
            for escaped in [true, false] {
                var returned = false
                let written = MustacheOutput.string { returned = object.interpolate(key, escaped: escaped, into: &$0) }
                #expect(returned, "\(key)")
                #expect(written == MustacheOutput.string { $0.append(value, escaped: escaped) }, "\(key)")
            }
            // Through a template, as the same value in a dictionary prints.
            let template = "{{#o}}{{\(key)}}|{{{\(key)}}}{{/o}}"
            #expect(try render(template, ["o": .object(object)]) == render(template, ["o": .dictionary(MustacheFields(Self.values))]), "\(key)")
        }
    }

    @Test func aMissingFieldWritesNothingAndReturnsFalse() throws {
        let object = Plain(fields: ["a": "A"])
        var returned = true
        let written = MustacheOutput.string { output in
            output.append(literal: "before")
            returned = object.interpolate("missing", escaped: true, into: &output)
        }
        #expect(!returned)
        #expect(written == "before")
        #expect(try render("{{#o}}{{a}}{{missing}}{{{missing}}}{{/o}}", ["o": .object(object), "missing": "<down>"]) == "A&lt;down&gt;<down>")
    }

    @Test func anObjectMayWriteAFieldItself() throws {
        let data: MustacheValue = ["o": .object(Writer()), "hidden": "root-hidden", "title": "root-title"]
        // `{{title}}` is written by the object; sections and dotted names read the value.
        #expect(
            try render("{{#o}}{{title}}|{{{title}}}|{{#title}}{{.}}{{/title}}|{{o.title}}{{/o}}|{{o.title}}", data)
                == "written:&lt;t&gt;|written:<t>|value&lt;|value&lt;|value&lt;")
        // Returning false goes on down the stack, even though the value exists.
        #expect(
            try render("{{#o}}{{hidden}}|{{#hidden}}{{.}}{{/hidden}}|{{nested.k}}|{{missing}}{{/o}}", data)
                == "root-hidden|own-hidden|nested-k|")
    }

    @Test func objectsInsideListRowsAndArrays() throws {
        let rows = MustacheValue.list(TableList(columns: ["o"], rows: [[.object(Writer())], [.object(Plain(fields: ["title": "p"]))]]))
        #expect(try render("{{#rows}}{{#o}}{{title}};{{/o}}{{/rows}}", ["rows": rows]) == "written:&lt;t&gt;;p;")
        #expect(try render("{{#rows}}{{o.title}};{{/rows}}", ["rows": rows]) == "value&lt;;p;")
    }
}
