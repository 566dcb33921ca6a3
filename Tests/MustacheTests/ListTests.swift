import Mustache
import Synchronization
import Testing

/// Rows with fixed columns, each column numbered by `numbers` (so two tables with the
/// same column names can number them differently); `hidden` names are refused by
/// `field(named:)` even when they are columns.
struct TableList: MustacheList {
    let columns: [String]
    let numbers: [Int]
    let rows: [[MustacheValue]]
    var hidden: Set<String> = []
    /// Whether the list says a scalar field's truthiness (``MustacheList/truthiness(at:field:)``).
    var saysTruthiness = false

    init(
        columns: [String], numbers: [Int]? = nil, rows: [[MustacheValue]], hidden: Set<String> = [], saysTruthiness: Bool = false
    ) {
        self.columns = columns
        self.numbers = numbers ?? Array(columns.indices)
        self.rows = rows
        self.hidden = hidden
        self.saysTruthiness = saysTruthiness
    }

    func truthiness(at index: Int, field: Int) -> Bool? {
        guard saysTruthiness else { return nil }
        let value = mustacheValue(at: index, field: field)
        switch value {
        case .null, .bool, .int, .double, .string: return value.isTruthy
        case .array, .dictionary, .object, .list, .listElement: return nil
        }
    }

    var count: Int { rows.count }

    func field(named key: String) -> Int? {
        guard !hidden.contains(key), let column = columns.firstIndex(of: key) else { return nil }
        return numbers[column]
    }

    func mustacheValue(at index: Int, field: Int) -> MustacheValue {
        guard rows.indices.contains(index), let column = numbers.firstIndex(of: field) else {
            Issue.record("row \(index) of \(rows.count), field \(field) of \(numbers) (columns \(columns))")
            return .null
        }
        return rows[index][column]
    }
}

/// A list that counts its `field(named:)` calls by name.
final class CountingList: MustacheList {
    let table: TableList
    let asked = Mutex<[String: Int]>([:])

    init(_ table: TableList) { self.table = table }

    var count: Int { table.count }

    func field(named key: String) -> Int? {
        asked.withLock { $0[key, default: 0] += 1 }
        return table.field(named: key)
    }

    func mustacheValue(at index: Int, field: Int) -> MustacheValue { table.mustacheValue(at: index, field: field) }
}

/// A list whose `{{x}}` deliberately differs from its value (`interpolate` overridden).
private struct LoudList: MustacheList {
    var count: Int { 2 }
    func field(named key: String) -> Int? { key == "x" ? 0 : key == "d" ? 1 : nil }
    func mustacheValue(at index: Int, field: Int) -> MustacheValue {
        field == 0 ? .string("v\(index)") : ["k": .int(index)]
    }
    func interpolate(at index: Int, field: Int, escaped: Bool, into output: inout MustacheOutput) {
        output.append(literal: "<W")
        output.append(decimal: index)
        output.append(escaped ? "&" : "*", escaped: escaped)
        output.append(literal: ">")
    }
}

/// The rows `[["i": 0, "name": "r0"], ...]` as a list numbered `numbers` and as an
/// array of dictionaries.
private func numbered(_ count: Int, numbers: [Int] = [0, 1], hidden: Set<String> = []) -> MustacheValue {
    .list(
        TableList(
            columns: ["i", "name"], numbers: numbers,
            rows: (0..<count).map { [.int($0), .string("r\($0)")] }, hidden: hidden))
}

@Suite struct ListTests {
    @Test func rowsRenderLikeAnArrayOfDictionaries() throws {
        let rows: [[MustacheValue]] = [[1, "<one>", true], [2, "two", false], [0, "", nil]]
        let list = MustacheValue.list(TableList(columns: ["id", "title", "flag"], rows: rows))
        let array = MustacheValue.array(rows.map { row in ["id": row[0], "title": row[1], "flag": row[2]] })
        let template = "{{#rows}}{{id}}:{{title}}/{{{title}}}{{#flag}}F{{/flag}}{{^flag}}-{{/flag}}{{^id}}zero{{/id}}({{heading}});{{/rows}}"
        let expected = "1:&lt;one&gt;/<one>F(H);2:two/two-(H);0:/-zero(H);"
        #expect(try render(template, ["rows": list, "heading": "H"]) == expected)
        #expect(try render(template, ["rows": array, "heading": "H"]) == expected)
    }

    @Test func emptyListIsFalsyAndPrintsNothing() throws {
        let empty = numbered(0)
        #expect(!empty.isTruthy)
        #expect(numbered(1).isTruthy)
        #expect(MustacheValue.listElement(MustacheListBox(TableList(columns: [], rows: [[]])), 0).isTruthy)
        #expect(try render("[{{#rows}}x{{/rows}}][{{^rows}}none{{/rows}}][{{rows}}{{{rows}}}]", ["rows": empty]) == "[][none][]")
        #expect(try render("[{{#rows}}x{{/rows}}][{{^rows}}none{{/rows}}][{{rows}}]", ["rows": numbered(2)]) == "[xx][][]")
        #expect(try render("{{#d.rows}}x{{/d.rows}}{{^d.rows}}none{{/d.rows}}", ["d": ["rows": empty]]) == "none")
    }

    @Test func rowsAreNumberedInOrderAndNestedRowsToo() throws {
        // The inner `rows` is not a row field: it is found on the root, so the same
        // list is iterated inside each of its own rows.
        let data: MustacheValue = ["rows": numbered(3)]
        #expect(try render("{{#rows}}{{i}}:{{#rows}}{{i}}{{name}}{{/rows}};{{/rows}}", data) == "0:0r01r12r2;1:0r01r12r2;2:0r01r12r2;")
        #expect(try render("{{#rows}}{{.}}{{/rows}}|{{#rows}}{{#.}}{{i}}{{/.}}{{/rows}}", data) == "|012")
    }

    @Test func aListElementValueActsAsItsRow() throws {
        let box = MustacheListBox(TableList(columns: ["i", "name"], numbers: [5, 9], rows: [[0, "a"], [1, "b"], [2, "c<"]]))
        let data: MustacheValue = ["e": .listElement(box, 2), "name": "root"]
        #expect(try render("{{#e}}{{i}}{{name}}{{missing}}{{/e}}|{{e.i}}{{e.name}}|{{e.missing}}|{{^e}}no{{/e}}", data) == "2c&lt;|2c&lt;||")
        guard case .string("b")? = MustacheValue.listElement(box, 1).member("name") else {
            Issue.record("member of a list element")
            return
        }
        #expect(MustacheValue.listElement(box, 1).member("nope") == nil)
    }

    @Test func namesMissingOnTheRowResolveDownTheStack() throws {
        // `name` is refused by the list (`field(named:)` nil): found on the root.
        let data: MustacheValue = ["rows": numbered(2, hidden: ["name"]), "name": "outer", "i": "root-i"]
        #expect(try render("{{#rows}}{{i}}{{name}}{{{name}}}{{#name}}!{{/name}}{{name.x}};{{/rows}}", data) == "0outerouter!;1outerouter!;")
        // `i` refused too: the root's.
        let hiddenBoth: MustacheValue = ["rows": numbered(2, hidden: ["name", "i"]), "name": "n", "i": "root-i"]
        #expect(try render("{{#rows}}{{i}}{{name}};{{/rows}}", hiddenBoth) == "root-in;root-in;")
    }

    @Test func aListRowsNullFieldStopsTheLookup() throws {
        // A field the list has, whose value is null, is found (prints nothing):
        // the lookup does not go on down the stack, as for a dictionary's null.
        let list = MustacheValue.list(TableList(columns: ["v"], rows: [[nil], ["x"]]))
        #expect(try render("{{#rows}}[{{v}}]{{/rows}}", ["rows": list, "v": "outer"]) == "[][x]")
        #expect(try render("{{#rows}}[{{v}}]{{/rows}}", ["rows": [["v": nil], ["v": "x"]], "v": "outer"]) == "[][x]")
    }

    @Test func twoListsNumberingTheSameNamesDifferently() throws {
        // A stale field cache would read `b`'s fields with `a`'s numbers.
        let a = MustacheValue.list(TableList(columns: ["x", "y", "z"], numbers: [0, 1, 2], rows: [["ax0", "ay0", "az0"], ["ax1", "ay1", "az1"]]))
        let b = MustacheValue.list(TableList(columns: ["z", "y", "x"], numbers: [100, 7, 2], rows: [["bz0", "by0", "bx0"]]))
        let c = MustacheValue.list(TableList(columns: ["y", "x"], numbers: [1, 0], rows: [["cy0", "cx0"]]))
        let data: MustacheValue = ["a": a, "b": b, "c": c, "z": "root-z"]
        #expect(
            try render("{{#a}}{{x}}{{y}}{{z}};{{/a}}{{#b}}{{x}}{{y}}{{z}};{{/b}}{{#a}}{{x}};{{/a}}", data)
                == "ax0ay0az0;ax1ay1az1;bx0by0bz0;ax0;ax1;")
        // Nested, alternating between the lists in one row; `c` has no `z` (the row of
        // `a` outside it answers).
        #expect(
            try render("{{#a}}{{x}}{{#b}}{{x}}{{#c}}{{x}}{{y}}{{z}}{{/c}}{{y}}{{/b}}{{y}}{{z}};{{/a}}", data)
                == "ax0bx0cx0cy0bz0by0ay0az0;ax1bx0cx0cy0bz0by0ay1az1;")
        // The same template with the lists swapped between renders.
        let swapped: MustacheValue = ["a": b, "b": a, "c": c]
        #expect(try render("{{#a}}{{x}}{{y}}{{z}};{{/a}}{{#b}}{{x}}{{y}}{{z}};{{/b}}", swapped) == "bx0by0bz0;ax0ay0az0;ax1ay1az1;")
    }

    @Test func theSameListInTwoTemplatesWithDifferentNameIndexes() throws {
        // `main` meets `z` first and `p` meets `x` first: a cache kept per list but not
        // per template would read `z` where `x` was asked.
        let list = MustacheValue.list(TableList(columns: ["x", "y", "z"], rows: [["x0", "y0", "z0"], ["x1", "y1", "z1"]]))
        let partials = ["p": "({{x}}{{y}}{{z}}{{#x}}+{{/x}})", "q": "{{y}}"]
        #expect(
            try render("{{#rows}}{{z}}{{>p}}{{y}}{{>q}}{{x}};{{/rows}}", ["rows": list], partials: partials)
                == "z0(x0y0z0+)y0y0x0;z1(x1y1z1+)y1y1x1;")
        // The partial iterating the list itself, after the main template did.
        #expect(
            try render("{{#rows}}{{z}}{{/rows}}|{{>r}}|{{#rows}}{{z}}{{/rows}}", ["rows": list], partials: ["r": "{{#rows}}{{x}}{{/rows}}"])
                == "z0z1|x0x1|z0z1")
        // Two renders of one library with different lists.
        let library = try TemplateLibrary(sources: ["main": "{{#rows}}{{y}}{{x}}{{/rows}}", "other": "{{#rows}}{{x}}{{y}}{{/rows}}"])
        let second = MustacheValue.list(TableList(columns: ["y", "x"], numbers: [3, 4], rows: [["Y", "X"]]))
        #expect(try library.renderString("main", ["rows": list]) == "y0x0y1x1")
        #expect(try library.renderString("main", ["rows": second]) == "YX")
        #expect(try library.renderString("other", ["rows": second]) == "XY")
        #expect(try library.renderString("other", ["rows": list]) == "x0y0x1y1")
    }

    @Test func blockOverridesInsideRows() throws {
        let list = MustacheValue.list(TableList(columns: ["b", "a"], rows: [["b0", "a0"], ["b1", "a1"]]))
        let partials = ["parent": "{{a}}[{{$slot}}default{{b}}{{/slot}}]", "plain": "{{a}}[{{$slot}}default{{b}}{{/slot}}]"]
        #expect(
            try render("{{#rows}}{{<parent}}{{$slot}}{{b}}{{a}}{{/slot}}{{/parent}};{{/rows}}", ["rows": list], partials: partials)
                == "a0[b0a0];a1[b1a1];")
        #expect(try render("{{#rows}}{{>plain}};{{/rows}}", ["rows": list], partials: partials) == "a0[defaultb0];a1[defaultb1];")
    }

    @Test func fieldNamesAreAskedOncePerNameTemplateAndList() throws {
        let list = CountingList(TableList(columns: ["a", "b"], rows: (0..<50).map { [.int($0), .string("b\($0)")] }))
        let output = try render("{{#rows}}{{a}}{{b}}{{{a}}}{{#b}}{{/b}}{{^a}}{{/a}}{{c}}{{/rows}}", ["rows": .list(list), "c": "."])
        #expect(output.count > 100)
        #expect(list.asked.withLock { $0 } == ["a": 1, "b": 1, "c": 1])
    }

    @Test func interpolationMayBeWrittenByTheList() throws {
        // `{{x}}` goes through `interpolate`, sections and dotted names through values.
        let data: MustacheValue = ["rows": .list(LoudList()), "y": "Y"]
        #expect(
            try render("{{#rows}}{{x}}|{{{x}}}|{{#x}}{{.}}{{/x}}|{{d.k}}|{{y}};{{/rows}}", data)
                == "<W0&amp;>|<W0*>|v0|0|Y;<W1&amp;>|<W1*>|v1|1|Y;")
    }

    @Test func theDefaultInterpolationPrintsTheValue() throws {
        let values: [MustacheValue] = ["a<b", "", 0, 7, -12, 1.5, 10.0, true, false, nil, ["x"], ["k": "v"], numbered(1)]
        let table = TableList(columns: ["v"], rows: values.map { [$0] })
        for (index, value) in values.enumerated() {
            for escaped in [true, false] {
                let direct = MustacheOutput.string { table.interpolate(at: index, field: 0, escaped: escaped, into: &$0) }
                let viaValue = MustacheOutput.string { $0.append(value, escaped: escaped) }
                #expect(direct == viaValue)
            }
        }
    }

    @Test func fieldNumbersAreAnyInt() throws {
        // The protocol lets a list number its fields with any `Int`: large, negative,
        // beyond 32 bits.
        let numbers = [Int.max, -1, 1 << 32, -2, Int.min, (1 << 32) + 1]
        let columns = ["a", "b", "c", "d", "e", "f"]
        let list = TableList(columns: columns, numbers: numbers, rows: [["A", "B", "C", "D", "E", "F"], ["a", "b", "c", "d", "e", "f"]])
        let data: MustacheValue = ["rows": .list(list), "a": "x", "b": "x", "c": "x", "d": "x", "e": "x", "f": "x"]
        #expect(try render("{{#rows}}{{a}}{{b}}{{c}}{{d}}{{e}}{{f}};{{/rows}}", data) == "ABCDEF;abcdef;")
        #expect(
            try render("{{#rows}}{{#a}}{{.}}{{/a}}{{#b}}{{.}}{{/b}}{{#c}}{{.}}{{/c}}{{#d}}{{.}}{{/d}}{{#e}}{{.}}{{/e}}{{#f}}{{.}}{{/f}};{{/rows}}", data)
                == "ABCDEF;abcdef;")
    }
}

// MARK: - `.list` against the equivalent `.array` of dictionaries, on generated cases

/// Test data that can be given as lists or as arrays of dictionaries.
indirect enum Datum {
    case scalar(MustacheValue)
    case record([(String, Datum)])
    case table(columns: [String], rows: [[Datum]])

    /// `self` as a value: each table as a `.list` (numbered by a shuffle) when `lists`
    /// says so for it, otherwise as an `.array` of `.dictionary` rows.
    func value(lists: (inout SeededGenerator) -> Bool, _ generator: inout SeededGenerator) -> MustacheValue {
        switch self {
        case .scalar(let value):
            return value
        case .record(let fields):
            var result = MustacheFields()
            for (name, datum) in fields { result[name] = datum.value(lists: lists, &generator) }
            return .dictionary(result)
        case .table(let columns, let rows):
            if lists(&generator) {
                let base = Int.random(in: -5...1000, using: &generator)
                let numbers = columns.indices.map { base + 3 * $0 }.shuffled(using: &generator)
                let cells = rows.map { $0.map { $0.value(lists: lists, &generator) } }
                return .list(TableList(columns: columns, numbers: numbers, rows: cells))
            }
            return .array(
                rows.map { row in
                    var fields = MustacheFields()
                    for (name, datum) in zip(columns, row) { fields[name] = datum.value(lists: lists, &generator) }
                    return .dictionary(fields)
                })
        }
    }
}

struct CaseGenerator {
    var random: SeededGenerator
    let names = ["a", "b", "c", "rows", "items", "d", "e"]

    mutating func pick<T>(_ options: [T]) -> T { options.randomElement(using: &random)! }
    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    mutating func scalar() -> MustacheValue {
        pick(["x<y>", "", "A&B", "z", 0, 42, -1, true, false, nil, 1.5] as [MustacheValue])
    }

    mutating func datum(_ depth: Int) -> Datum {
        if depth < 3 && chance(30) { return table(depth + 1) }
        if depth < 3 && chance(15) { return record(depth + 1, fields: Int.random(in: 0...3, using: &random)) }
        return .scalar(scalar())
    }

    mutating func record(_ depth: Int, fields: Int) -> Datum {
        var used: Set<String> = []
        var result: [(String, Datum)] = []
        for _ in 0..<fields {
            let name = pick(names)
            if used.insert(name).inserted { result.append((name, datum(depth))) }
        }
        return .record(result)
    }

    mutating func table(_ depth: Int) -> Datum {
        let columns = Array(names.shuffled(using: &random).prefix(Int.random(in: 1...4, using: &random)))
        let rows = (0..<Int.random(in: 0...3, using: &random)).map { _ in columns.map { _ in datum(depth) } }
        return .table(columns: columns, rows: rows)
    }

    mutating func name() -> String {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return "."
        case 1, 2: return pick(names) + "." + pick(names)
        default: return pick(names)
        }
    }

    /// A main template over two partials, `outer` (which includes `inner`, made
    /// `outerDepth` deep) and `inner`, with the partials' sources by name.
    mutating func templates(outerDepth: Int) -> (main: String, partials: [String: String]) {
        let inner = template(2, partials: [])
        let outer = template(outerDepth, partials: ["inner"])
        let main = template(0, partials: ["inner", "outer"])
        return (main, ["inner": inner, "outer": outer])
    }

    mutating func template(_ depth: Int, partials: [String]) -> String {
        var result = ""
        for _ in 0..<Int.random(in: 1...5, using: &random) {
            switch Int.random(in: 0..<12, using: &random) {
            case 0, 1:
                result += pick(["x", " ", "\n", "[", "]\n", "  ", "<&>"])
            case 2, 3, 4:
                let name = name()
                result += pick(["{{\(name)}}", "{{{\(name)}}}", "{{&\(name)}}", "{{ \(name) }}"])
            case 5...7 where depth < 4:
                var name = name()
                if name == "." && chance(50) { name = pick(names) }
                let sigil = chance(70) ? "#" : "^"
                let body = template(depth + 1, partials: partials)
                result +=
                    chance(50)
                    ? "{{\(sigil)\(name)}}\(body){{/\(name)}}"
                    : "\n{{\(sigil)\(name)}}\n\(body)\n{{/\(name)}}\n"
            case 8 where !partials.isEmpty:
                let partial = pick(partials)
                result += chance(50) ? "{{>\(partial)}}" : "\n  {{>\(partial)}}\n"
            default:
                result += "{{\(pick(names))}}"
            }
        }
        return result
    }
}

@Suite struct ListEquivalenceTests {
    @Test func listsRenderAsArraysOfDictionaries() throws {
        var cases = CaseGenerator(random: SeededGenerator(seed: 2024))
        var nonEmpty = 0
        var withRows = 0
        let total = 250
        for number in 0..<total {
            let (main, partials) = cases.templates(outerDepth: 2)
            let datum = cases.record(0, fields: Int.random(in: 3...7, using: &cases.random))
            var conversion = SeededGenerator(seed: UInt64(number))
            let arrays = datum.value(lists: { _ in false }, &conversion)
            let lists = datum.value(lists: { _ in true }, &conversion)
            let mixed = datum.value(lists: { Bool.random(using: &$0) }, &conversion)
            let expected = try render(main, arrays, partials: partials)
            let gotLists = try render(main, lists, partials: partials)
            let gotMixed = try render(main, mixed, partials: partials)
            check(
                gotLists == expected,
                "case \(number): \(main.debugDescription) partials \(partials) data \(describe(arrays)): \(gotLists.debugDescription) vs \(expected.debugDescription)")
            check(gotMixed == expected, "case \(number) (mixed): \(main.debugDescription) partials \(partials) data \(describe(arrays))")
            if !expected.isEmpty { nonEmpty += 1 }
            if main.contains("{{#rows}}") || main.contains("{{#items}}") { withRows += 1 }
        }
        // The generator must produce cases that print something and iterate.
        #expect(nonEmpty > total / 2)
        #expect(withRows > total / 10)
    }

    @Test func handWrittenTemplatesOverGeneratedData() throws {
        // Fixed templates that use every feature at once, over generated data.
        let templates: [(String, [String: String])] = [
            ("{{#rows}}{{a}}{{#items}}<{{a}}{{b}}{{c.d}}{{.}}>{{/items}}{{^items}}-{{/items}}{{/rows}}", [:]),
            ("{{#rows}}\n  {{>row}}\n{{/rows}}\n", ["row": "{{a}}\n{{#items}}\n* {{b}}{{rows.a}}\n{{/items}}\n"]),
            ("{{#d}}{{#rows}}{{e}}{{d.a}}{{/rows}}{{/d}}{{#rows.items}}{{a}}{{/rows.items}}{{#a.b}}{{c}}{{/a.b}}", [:]),
            ("{{#rows}}{{#items}}{{#rows}}{{a}}{{b}}{{c}}{{/rows}}{{/items}}{{/rows}}", [:]),
        ]
        var cases = CaseGenerator(random: SeededGenerator(seed: 99))
        for number in 0..<100 {
            let datum = cases.record(0, fields: 7)
            var conversion = SeededGenerator(seed: UInt64(number) &+ 1000)
            let arrays = datum.value(lists: { _ in false }, &conversion)
            let lists = datum.value(lists: { _ in true }, &conversion)
            for (template, partials) in templates {
                check(
                    try render(template, lists, partials: partials) == render(template, arrays, partials: partials),
                    "case \(number): \(template.debugDescription) data \(describe(arrays))")
            }
        }
    }
}
