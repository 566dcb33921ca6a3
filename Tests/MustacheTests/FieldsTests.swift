import Foundation
import Mustache
import Testing

/// A value's printed form, for comparisons (`MustacheValue` is not `Equatable`).
func describe(_ value: MustacheValue?) -> String {
    guard let value else { return "absent" }
    switch value {
    case .null: return "null"
    case .bool(let flag): return "bool(\(flag))"
    case .int(let number): return "int(\(number))"
    case .double(let number): return "double(\(number))"
    case .string(let string): return "string(\(string.debugDescription))"
    case .array(let elements): return "[" + elements.map(describe).joined(separator: ",") + "]"
    case .dictionary(let fields): return "{" + fields.map { "\($0.name.debugDescription):\(describe($0.value))" }.joined(separator: ",") + "}"
    case .object: return "object"
    case .list(let box): return "list(\(box.list.count))"
    case .listElement(_, let index): return "row(\(index))"
    }
}

/// Names with equal ``MustacheFields/hash(_:)`` (found by brute force over short
/// strings): short ones (the tail-only path) and longer than a word.
private let collisions: [(String, String)] = [
    ("a87w", "bnzs"), ("c67w", "ddzs"), ("chp9", "ebiv"), ("cbiv", "ehp9"),
    ("field_b5nrx", "field_eb5ux"), ("field_b5hrx", "field_eb7ux"), ("field_c0rwx", "field_euv6x"),
]

/// `MustacheFields` against a Swift dictionary plus an order.
private struct Model {
    var values: [String: Int] = [:]
    var order: [String] = []

    mutating func set(_ name: String, _ value: Int?) {
        if let value {
            if values.updateValue(value, forKey: name) == nil { order.append(name) }
        } else if values.removeValue(forKey: name) != nil {
            order.removeAll { $0 == name }
        }
    }

    func check(_ fields: MustacheFields, names pool: [String], _ context: @autoclosure () -> String) -> Bool {
        var ok = fields.count == order.count && fields.names == order && fields.isEmpty == order.isEmpty
        ok = ok && fields.map(\.name) == order
        ok = ok && fields.map { describe($0.value) } == order.map { describe(.int(values[$0]!)) }
        for name in pool where describe(fields[name]) != describe(values[name].map(MustacheValue.int)) {
            ok = false
        }
        if !ok { Issue.record("\(context()): \(fields.names) vs \(order)") }
        return ok
    }
}

@Suite struct FieldsTests {
    @Test func collisionsReallyCollide() {
        for (first, second) in collisions {
            #expect(first != second)
            #expect(MustacheFields.hash(first) == MustacheFields.hash(second), "\(first) \(second)")
        }
    }

    @Test func hashIsStableAndLengthSensitive() {
        #expect(MustacheFields.hash("") == MustacheFields.hash(String()))
        #expect(MustacheFields.hash("a") != MustacheFields.hash("a\u{0}"))
        #expect(MustacheFields.hash("") != MustacheFields.hash("\u{0}"))
        // A name's hash does not depend on how the string is stored.
        let built = String(repeating: "x", count: 20)
        #expect(MustacheFields.hash(built) == MustacheFields.hash("xxxxxxxxxxxxxxxxxxxx"))
        let bridged = NSString(string: "title_of_the_page").description
        #expect(MustacheFields.hash(bridged) == MustacheFields.hash("title_of_the_page"))
        #expect(MustacheFields.hash(String("_title"[...].dropFirst())) == MustacheFields.hash("title"))
    }

    @Test func randomOperationsAgainstADictionary() {
        // Around the 8-field threshold: the pool keeps counts between 0 and ~24.
        var pool = (0..<14).map { "f\($0)" } + ["", "é", "😀x", "a.b", "long_name_of_twenty_"]
        for (first, second) in collisions.prefix(4) { pool += [first, second] }
        var generator = SeededGenerator(seed: 5)
        for round in 0..<4 {
            var fields = MustacheFields()
            var model = Model()
            for step in 0..<600 {
                let name = pool.randomElement(using: &generator)!
                // Fill up in the first half of a round, empty out in the second.
                let removing = step < 300 ? Int.random(in: 0..<10, using: &generator) < 3 : Int.random(in: 0..<10, using: &generator) < 7
                let value = removing ? nil : Int.random(in: 0...1000, using: &generator)
                fields[name] = value.map(MustacheValue.int)
                model.set(name, value)
                if !model.check(fields, names: pool, "round \(round) step \(step) set \(name.debugDescription) to \(String(describing: value))") {
                    return
                }
            }
        }
    }

    @Test func aroundTheLinearLimit() {
        #expect(MustacheFields.linearLimit == 8)
        for size in 0...20 {
            var fields = MustacheFields()
            var model = Model()
            let names = (0..<size).map { "n\($0)" }
            for (index, name) in names.enumerated() {
                fields[name] = .int(index)
                model.set(name, index)
            }
            #expect(model.check(fields, names: names + ["n\(size)", "missing"], "size \(size)"))
            // Replace each: order and count unchanged.
            for (index, name) in names.enumerated() {
                fields[name] = .int(index + 100)
                model.set(name, index + 100)
            }
            #expect(model.check(fields, names: names, "size \(size) replaced"))
            // Remove from the front, the back and the middle, crossing back below the limit.
            var remaining = names
            var position = 0
            while !remaining.isEmpty {
                let name = remaining.remove(at: position % remaining.count)
                fields[name] = nil
                model.set(name, nil)
                #expect(model.check(fields, names: names, "size \(size) removed \(name)"))
                position += 3
            }
            // Removing what is not there changes nothing.
            fields["never"] = nil
            #expect(fields.isEmpty)
        }
    }

    @Test func aThousandFields() throws {
        var fields = MustacheFields()
        fields.reserveCapacity(1000)
        for index in 0..<1000 { fields["k\(index)"] = .int(index) }
        #expect(fields.count == 1000)
        #expect(fields.names == (0..<1000).map { "k\($0)" })
        for index in 0..<1000 { check(describe(fields["k\(index)"]) == "int(\(index))", "k\(index)") }
        #expect(fields["k1000"] == nil)
        for index in stride(from: 0, to: 1000, by: 2) { fields["k\(index)"] = nil }
        #expect(fields.count == 500)
        for index in 0..<1000 {
            check(describe(fields["k\(index)"]) == (index % 2 == 0 ? "absent" : "int(\(index))"), "k\(index)")
        }
        for index in stride(from: 0, to: 1000, by: 2) { fields["k\(index)"] = .int(-index) }
        #expect(fields.names == stride(from: 1, to: 1000, by: 2).map { "k\($0)" } + stride(from: 0, to: 1000, by: 2).map { "k\($0)" })
        #expect(describe(fields["k998"]) == "int(-998)")
        // Through a template (the precomputed hashes).
        #expect(try render("{{k999}} {{k0}} {{k2}} {{d.k501}} {{k1000}}", .dictionary(fields).withField("d", .dictionary(fields))) == "999 0 -2 501 ")
    }

    @Test func collidingNamesInSmallAndLargeMaps() throws {
        for filler in [0, 3, 7, 8, 9, 40] {
            var fields = MustacheFields()
            for index in 0..<filler { fields["z\(index)"] = .int(index) }
            for (first, second) in collisions {
                fields[first] = .string(first)
                #expect(fields[second] == nil, "\(second) before it is set, filler \(filler)")
                fields[second] = .string(second)
            }
            for (first, second) in collisions {
                #expect(describe(fields[first]) == describe(.string(first)))
                #expect(describe(fields[second]) == describe(.string(second)))
            }
            // Through a template, whose hashes are computed at compile time.
            let template = collisions.map { "{{\($0.0)}}{{\($0.1)}}" }.joined(separator: ",")
            let expected = collisions.map { $0.0 + $0.1 }.joined(separator: ",")
            #expect(try render(template, .dictionary(fields)) == expected)
            #expect(try render("{{#d}}" + template + "{{/d}}", ["d": .dictionary(fields)]) == expected)
            // Replace one of a pair, remove the other.
            for (first, second) in collisions {
                fields[second] = "new"
                fields[first] = nil
                #expect(fields[first] == nil)
                #expect(describe(fields[second]) == describe("new"))
                fields[first] = "back"
                #expect(describe(fields[first]) == describe("back"))
            }
            #expect(fields.count == filler + 2 * collisions.count)
            #expect(Array(fields.names.suffix(collisions.count * 2)) == collisions.map(\.1) + collisions.map(\.0))
        }
    }

    @Test func namesSharingLowHashBits() {
        // Names landing in the same slots of the index (equal low 6 bits): long probe
        // runs, with removals that rebuild the index.
        var sharing: [String] = []
        var index = 0
        while sharing.count < 40 {
            let name = "s\(index)"
            if MustacheFields.hash(name) & 63 == 17 { sharing.append(name) }
            index += 1
        }
        var fields = MustacheFields()
        var model = Model()
        for (position, name) in sharing.enumerated() {
            fields[name] = .int(position)
            model.set(name, position)
        }
        #expect(model.check(fields, names: sharing + ["s-missing"], "all sharing"))
        for name in sharing.enumerated().filter({ $0.offset % 3 == 0 }).map(\.element) {
            fields[name] = nil
            model.set(name, nil)
        }
        #expect(model.check(fields, names: sharing, "after removals"))
    }

    @Test func copiesAreIndependent() {
        for size in [3, 8, 9, 30] {
            var original = MustacheFields()
            for index in 0..<size { original["c\(index)"] = .int(index) }
            var copy = original
            copy["c0"] = "changed"
            copy["c1"] = nil
            copy["added"] = true
            #expect(describe(original["c0"]) == "int(0)")
            #expect(describe(original["c1"]) == "int(1)")
            #expect(original["added"] == nil)
            #expect(original.count == size)
            #expect(original.names == (0..<size).map { "c\($0)" })
            #expect(copy.count == size)
            #expect(describe(copy["c0"]) == describe("changed"))
            // And the other way round.
            let snapshot = copy
            original["c2"] = nil
            #expect(describe(snapshot["c2"]) == "int(2)")
            // A value holding the fields is not changed through another copy either.
            let value = MustacheValue.dictionary(snapshot)
            var third = snapshot
            third["c2"] = "x"
            #expect(describe(value.member("c2")) == "int(2)")
        }
    }

    @Test func unusualNames() throws {
        let names = [
            "", " ", "\u{E9}", "日本語の名前", "😀", "a\u{0}b", "name.with.dots", "x", "xxxxxxxx", "xxxxxxxxx",
            "xxxxxxx", String(repeating: "é", count: 30),
        ]
        var fields = MustacheFields()
        for (index, name) in names.enumerated() { fields[name] = .int(index) }
        #expect(fields.count == names.count)
        #expect(fields.names == names)
        for (index, name) in names.enumerated() { #expect(describe(fields[name]) == "int(\(index))", "\(name.debugDescription)") }
        // "é" precomposed and decomposed are equal Swift strings: one field
        // (CanonicalNameTests), found and replaced by either spelling.
        #expect(describe(fields["e\u{301}"]) == "int(2)")
        fields["e\u{301}"] = .int(99)
        #expect(fields.count == names.count && describe(fields["\u{E9}"]) == "int(99)")
        #expect(try render("{{日本語の名前}}|{{😀}}|{{xxxxxxxxx}}", .dictionary(fields)) == "3|4|9")
    }

    @Test func literalsAndDictionaries() {
        let literal: MustacheFields = ["b": 1, "a": 2, "b": 3, "c": nil]
        #expect(literal.names == ["b", "a", "c"])
        #expect(describe(literal["b"]) == "int(3)")
        #expect(describe(literal["c"]) == "null")
        let value: MustacheValue = ["z": 1, "y": 2, "z": 5]
        #expect(describe(value) == #"{"z":int(5),"y":int(2)}"#)
        let fromDictionary = MustacheFields(["one": 1, "two": "2", "three": [3]])
        #expect(Set(fromDictionary.names) == ["one", "two", "three"])
        #expect(describe(fromDictionary["three"]) == "[int(3)]")
        #expect(MustacheFields().isEmpty)
        #expect(MustacheFields([:]).count == 0)
        // Swift dictionaries convert in name order.
        #expect(describe(MustacheValue(["b": 1, "c": 2, "a": 3])) == #"{"a":int(3),"b":int(1),"c":int(2)}"#)
    }

    @Test func jsonGivesFieldsInNameOrder() throws {
        let json = #"{"zeta": 1, "alpha": {"y": 2, "b": [{"q": 1, "p": 2}], "a": null}, "Mid": "x", "_u": true, "é": 0}"#
        let value = try MustacheValue(jsonData: Data(json.utf8))
        guard case .dictionary(let fields) = value else {
            Issue.record("not a dictionary: \(describe(value))")
            return
        }
        #expect(fields.names == ["Mid", "_u", "alpha", "zeta", "é"])
        #expect(fields.names == fields.names.sorted())
        guard case .dictionary(let alpha)? = fields["alpha"] else {
            Issue.record("alpha")
            return
        }
        #expect(alpha.names == ["a", "b", "y"])
        #expect(describe(alpha["b"]) == #"[{"p":int(2),"q":int(1)}]"#)
        #expect(describe(alpha["a"]) == "null")
        // Many fields: above the linear limit, still sorted and all found.
        let many = "{" + (0..<50).reversed().map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}"
        guard case .dictionary(let big) = try MustacheValue(jsonData: Data(many.utf8)) else {
            Issue.record("many")
            return
        }
        #expect(big.names == (0..<50).map { "k\($0)" }.sorted())
        for index in 0..<50 { check(describe(big["k\(index)"]) == "int(\(index))", "k\(index)") }
        #expect(try render("{{#alpha.b}}{{p}}{{q}}{{/alpha.b}}{{zeta}}{{é}}", value) == "2110")
    }
}

extension MustacheValue {
    /// This dictionary with field `name` set.
    fileprivate func withField(_ name: String, _ value: MustacheValue) -> MustacheValue {
        guard case .dictionary(var fields) = self else { return self }
        fields[name] = value
        return .dictionary(fields)
    }
}
