import Dispatch
import Mustache
import Synchronization
import Testing

/// A list section whose body uses only the rows' own fields runs from a flattened
/// plan (Template+RowPlan.swift); it must print what the same template prints over
/// an array of dictionaries, and fall back to the interpreter wherever a plan cannot
/// say what the spec says.
@Suite struct RowPlanTests {
    static let columns = ["a", "b", "c", "flag", "items", "record"]

    /// Row `index`'s cells: scalars, a boolean, an array, a dictionary.
    static func cells(_ index: Int, _ random: inout SeededGenerator) -> [MustacheValue] {
        let scalars: [MustacheValue] = [
            .null, .bool(false), .bool(true), .int(0), .int(index), .double(1.5), .string(""),
            .string("<&\"'`=> \(index)"),
        ]
        let items: [MustacheValue] = (0..<Int.random(in: 0...2, using: &random)).map { ["a": .int($0), "z": .string("z\($0)")] }
        return [
            scalars.randomElement(using: &random)!, scalars.randomElement(using: &random)!,
            .string("c\(index)"), .bool(Bool.random(using: &random)), .array(items),
            Bool.random(using: &random) ? ["z": .string("r\(index)"), "a": "ra"] : .null,
        ]
    }

    /// `rows` as a list (that says its scalars' truthiness when `saysTruthiness`) and as
    /// an array of dictionaries, with a root that also has some of the names.
    static func data(_ rows: [[MustacheValue]], saysTruthiness: Bool = false) -> (list: MustacheValue, array: MustacheValue) {
        let list = MustacheValue.list(TableList(columns: columns, rows: rows, saysTruthiness: saysTruthiness))
        let array = MustacheValue.array(
            rows.map { row in
                var fields = MustacheFields()
                for (name, cell) in zip(columns, row) { fields[name] = cell }
                return .dictionary(fields)
            })
        return (["rows": list, "a": "root-a", "z": "root-z"], ["rows": array, "a": "root-a", "z": "root-z"])
    }

    static func same(
        _ template: String, partials: [String: String] = [:], rows: [[MustacheValue]],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for saysTruthiness in [false, true] {
            let (list, array) = data(rows, saysTruthiness: saysTruthiness)
            let expected = try render(template, array, partials: partials)
            let got = try render(template, list, partials: partials)
            check(
                got == expected,
                "\(template.debugDescription) \(partials), truthiness said: \(saysTruthiness): \(got.debugDescription) vs \(expected.debugDescription)",
                sourceLocation: sourceLocation)
        }
    }

    /// A list whose `flag` says its truthiness and must never be asked for its value.
    struct FlagList: MustacheList {
        let flags: [Bool]
        var count: Int { flags.count }
        func field(named key: String) -> Int? { ["flag": 0, "n": 1][key] }
        func mustacheValue(at index: Int, field: Int) -> MustacheValue {
            if field == 0 { Issue.record("row \(index): the value of flag was made") }
            return field == 0 ? .bool(flags[index]) : .int(index)
        }
        func truthiness(at index: Int, field: Int) -> Bool? { field == 0 ? flags[index] : nil }
    }

    @Test func aSectionOnAScalarTheListSaysMakesNoValue() throws {
        let rows = MustacheValue.list(FlagList(flags: [true, false, true]))
        // A planned body and an inverted one (the interpreter's sections, which push the value, make it).
        let got = try render("{{#rows}}{{n}}{{#flag}}+{{n}}{{/flag}}{{^flag}}-{{/flag}};{{/rows}}", ["rows": rows])
        #expect(got == "0+0;1-;2+2;")
    }

    /// A list that writes its runs itself, and records each run it is handed.
    final class RunList: MustacheList, @unchecked Sendable {
        let runs = Mutex<[[String]]>([])
        var count: Int { 2 }
        func field(named key: String) -> Int? { ["a": 0, "b": 1, "flag": 2][key] }
        func mustacheValue(at index: Int, field: Int) -> MustacheValue {
            field == 2 ? .bool(index == 1) : .string(field == 0 ? "a\(index)" : "<b\(index)>")
        }
        func interpolate(row index: Int, _ steps: UnsafeBufferPointer<MustacheRowStep>, into output: inout MustacheOutput) {
            runs.withLock { runs in
                runs.append(
                    steps.map { step in
                        step.text.map { String(decoding: UnsafeBufferPointer(start: $0, count: step.count), as: UTF8.self) }
                            ?? "\(step.escaped ? "" : "{")\(step.count)"
                    })
            }
            for step in steps {
                if let text = step.text {
                    output.append(utf8: UnsafeBufferPointer(start: text, count: step.count), escaped: false)
                } else {
                    interpolate(at: index, field: step.count, escaped: step.escaped, into: &output)
                }
            }
        }
    }

    /// The text and fields between a row's sections reach the list as one run a row
    /// (partials inlined: their text is a step of its own); a run of one step is not
    /// handed over (it is written as it is).
    @Test func textAndFieldsBetweenSectionsAreOneRunARow() throws {
        let list = RunList()
        let got = try render(
            "{{#rows}}<li>{{a}}-{{>b}}{{#flag}}!{{a}}{{/flag}}{{a}}</li>{{/rows}}", ["rows": .list(list)],
            partials: ["b": "[{{{b}}}]"])
        #expect(got == "<li>a0-[<b0>]a0</li><li>a1-[<b1>]!a1a1</li>")
        #expect(
            list.runs.withLock { $0 } == [
                ["<li>", "0", "-", "[", "{1", "]"], ["0", "</li>"],
                ["<li>", "0", "-", "[", "{1", "]"], ["!", "0"], ["0", "</li>"],
            ])
    }

    /// Cells `0..<values.count`, every row's from one list: `v`, `flag`.
    struct Cells: MustacheList {
        let values: [Int]
        let first: Int
        let count: Int
        static var fieldsAreTheTypes: Bool { true }
        func field(named key: String) -> Int? { ["v": 0, "flag": 1][key] }
        func mustacheValue(at index: Int, field: Int) -> MustacheValue {
            field == 0 ? .int(values[first + index]) : .bool(values[first + index] % 2 == 0)
        }
    }

    /// Rows whose `cells` are ranges of one shared ``Cells`` (when `says`), or a list
    /// made for each row (when not): both must print the same.
    struct RowsOfCells: MustacheList {
        let ranges: [Range<Int>]
        let shared: MustacheListBox
        let says: Bool
        init(_ ranges: [Range<Int>], values: [Int], says: Bool) {
            self.ranges = ranges
            self.says = says
            shared = MustacheListBox(Cells(values: values, first: 0, count: values.count))
        }
        var count: Int { ranges.count }
        func field(named key: String) -> Int? { ["cells": 0, "n": 1][key] }
        func mustacheValue(at index: Int, field: Int) -> MustacheValue {
            guard field == 0, let cells = shared.list as? Cells else { return .int(index) }
            return .list(Cells(values: cells.values, first: ranges[index].lowerBound, count: ranges[index].count))
        }
        func sublist(at index: Int, field: Int) -> (list: MustacheListBox, rows: Range<Int>)? {
            says && field == 0 ? (shared, ranges[index]) : nil
        }
    }

    /// A section over a row's range of a shared list prints what it prints over the
    /// row's own list: empty ranges, inverted sections, bodies that name more than
    /// the cells (run by the interpreter), sections nested in them.
    @Test func aRowsRangeOfASharedListPrintsWhatItsOwnListPrints() throws {
        let values = Array(0..<12)
        let ranges = [0..<3, 3..<3, 3..<7, 7..<8, 8..<8, 8..<12]
        let templates = [
            "{{#rows}}[{{#cells}}{{v}},{{/cells}}]{{/rows}}",
            "{{#rows}}{{^cells}}none{{/cells}}{{#cells}}{{v}}{{#flag}}!{{/flag}}{{^flag}}?{{/flag}}{{/cells}};{{/rows}}",
            "{{#rows}}{{#cells}}{{v}}{{outer}}{{n}}{{/cells}}|{{/rows}}",
            "{{#rows}}{{#cells}}<{{#cells}}{{v}}{{/cells}}>{{/cells}}{{/rows}}",
            "{{#rows}}{{n}}{{#cells}}{{.}}{{/cells}}{{/rows}}",
            // A row's name inside a section nested in its cells: the stack holds the row
            // under the cell (found by a break-it pass: the row was skipped there).
            "{{#rows}}{{#cells}}{{#flag}}[{{n}}|{{outer}}]{{/flag}}{{^flag}}({{n}}){{/flag}}{{/cells}};{{/rows}}",
            "{{#rows}}{{#cells}}{{#v}}<{{n}}{{#cells}}{{v}}{{/cells}}>{{/v}}{{/cells}}{{/rows}}",
        ]
        // The same data as arrays of dictionaries: what the spec's lookup prints.
        let arrays = MustacheValue.array(
            ranges.enumerated().map { index, range in
                [
                    "n": .int(index),
                    "cells": .array(values[range].map { ["v": .int($0), "flag": .bool($0 % 2 == 0)] }),
                ]
            })
        for template in templates {
            let expected = try render(template, ["rows": arrays, "outer": "o"])
            let plain = try render(template, ["rows": .list(RowsOfCells(ranges, values: values, says: false)), "outer": "o"])
            let shared = try render(template, ["rows": .list(RowsOfCells(ranges, values: values, says: true)), "outer": "o"])
            #expect(plain == expected, "\(template)")
            #expect(shared == expected, "\(template)")
        }
        #expect(
            try render(templates[0], ["rows": .list(RowsOfCells(ranges, values: values, says: true))])
                == "[0,1,2,][][3,4,5,6,][7,][][8,9,10,11,]")
    }

    @Test func flattenedBodiesPrintWhatArraysPrint() throws {
        var random = SeededGenerator(seed: 7)
        let rows = (0..<6).map { Self.cells($0, &random) }
        let partials = [
            "cell": "<{{a}}|{{{b}}}>", "deeper": "[{{>cell}}{{#flag}}!{{/flag}}]", "line": "{{c}}\n",
            "self": "{{a}}{{#flag}}{{>self}}{{/flag}}",
        ]
        let templates = [
            "{{#rows}}{{a}}{{b}}{{{a}}}{{&b}};{{/rows}}",
            "{{#rows}}{{#flag}}F{{c}}{{/flag}}{{^flag}}-{{c}}{{/flag}}{{/rows}}",
            "{{#rows}}{{#a}}A{{c}}{{/a}}{{^b}}nb{{/b}}{{/rows}}",
            "{{#rows}}{{#items}}<{{a}}{{z}}{{c}}>{{/items}}{{/rows}}",  // an array field: the interpreter's own section
            "{{#rows}}{{#record}}({{z}}{{a}}{{c}}){{/record}}{{^record}}none{{/record}}{{/rows}}",
            "{{#rows}}{{>cell}}{{>deeper}}{{/rows}}",
            "{{#rows}}\n{{>line}}\n{{/rows}}\n",
            "{{#rows}}\n  {{>line}}\n{{/rows}}\n",  // indented: not flattened
            "{{#rows}}{{.}}{{a}}{{/rows}}",  // {{.}}: not flattened
            "{{#rows}}{{z}}{{a}}{{/rows}}",  // a name from below the row
            "{{#rows}}{{record.z}}{{a}}{{/rows}}",  // a dotted name
            "{{#rows}}{{missing}}{{c}}{{/rows}}",
            "{{#rows}}{{>missing}}{{c}}{{/rows}}",
            "  {{#rows}}\n  {{c}}\n  {{/rows}}\n",
        ]
        for template in templates {
            try Self.same(template, partials: partials, rows: rows)
        }
        var count = 0
        for seed in 0..<60 {
            var random = SeededGenerator(seed: UInt64(seed) &+ 500)
            let rows = (0..<Int.random(in: 0...4, using: &random)).map { Self.cells($0, &random) }
            for template in templates {
                try Self.same(template, partials: partials, rows: rows)
                count += 1
            }
        }
        #expect(count == 60 * templates.count)
    }

    @Test func recursionThroughRowsStillStopsAtTheLimit() throws {
        let rows: [[MustacheValue]] = [[.int(1), .null, "c", .bool(true), .array([]), .null]]
        let (list, array) = Self.data(rows)
        let library = try TemplateLibrary(
            sources: ["main": "{{#rows}}{{>self}}{{/rows}}", "self": "{{a}}{{#flag}}{{>self}}{{/flag}}"],
            maxDepth: 5)
        for data in [list, array] {
            #expect(throws: MustacheError.self) { _ = try library.render("main", data) }
        }
    }

    @Test func partialsWithinTheDepthLimitAreInlined() throws {
        let rows: [[MustacheValue]] = [[.int(1), "b", "c", .bool(true), .array([]), .null], [.int(2), "b2", "c2", .bool(false), .array([]), .null]]
        let (list, array) = Self.data(rows)
        let sources = ["main": "{{#rows}}{{>one}}{{/rows}}", "one": "1{{>two}}", "two": "2{{a}}{{>three}}", "three": "3{{c}}"]
        for depth in 1...4 {
            let library = try TemplateLibrary(sources: sources, maxDepth: depth)
            let fromList = Result { try library.renderString("main", list) }
            let fromArray = Result { try library.renderString("main", array) }
            switch (fromList, fromArray) {
            case (.success(let got), .success(let expected)): #expect(got == expected, "maxDepth \(depth)")
            case (.failure, .failure): break
            default: Issue.record("maxDepth \(depth): \(fromList) vs \(fromArray)")
            }
        }
    }
}

/// A list per row (each row's cells): the flattened body is made once per
/// render for lists whose fields are their type's (`fieldsAreTheTypes`), and
/// again for each list otherwise, where the same names may be other numbers.
@Suite struct NestedListPlanTests {
    /// A `TableList` whose every instance has the same fields.
    struct SameFieldsList: MustacheList {
        let inner: TableList
        static var fieldsAreTheTypes: Bool { true }
        var count: Int { inner.count }
        func field(named key: String) -> Int? { inner.field(named: key) }
        func mustacheValue(at index: Int, field: Int) -> MustacheValue { inner.mustacheValue(at: index, field: field) }
    }

    static let template = "{{#rows}}{{#cells}}{{x}}-{{#y}}y{{.}}{{/y}}{{^y}}none{{/y}};{{/cells}}|{{/rows}}"
    static let cells: [[[MustacheValue]]] = [
        [[1, 2], [3, .null]], [], [[5, 6]], [[7, .bool(false)], [8, 9], [10, 11]],
    ]
    static let expected = "1-y2;3-none;||5-y6;|7-none;8-y9;10-y11;|"

    @Test func listsWhoseFieldsDifferPerInstanceArePlannedEachTime() throws {
        // The same names are other numbers in every row's list.
        let rows: [[MustacheValue]] = Self.cells.enumerated().map { index, cells in
            [.list(TableList(columns: ["x", "y"], numbers: [index * 2 + 1, index * 2], rows: cells))]
        }
        let got = try render(Self.template, ["rows": .list(TableList(columns: ["cells"], rows: rows))])
        #expect(got == Self.expected)
    }

    /// A list on a row runs its own plan from the row's plan (no second lookup,
    /// no row pushed), or the interpreter when its body names more than its fields:
    /// either way the same bytes as arrays of dictionaries.
    @Test func aListOnARowPrintsWhatAnArrayPrints() throws {
        let templates = [
            "{{#rows}}<{{#cells}}{{x}}:{{{y}}},{{/cells}}>{{/rows}}",  // the cells' own plan
            "{{#rows}}{{#cells}}{{x}}{{name}};{{/cells}}{{/rows}}",  // `name` is the row's: interpreted
            "{{#rows}}{{^cells}}empty{{/cells}}{{#cells}}{{#y}}[{{x}}]{{/y}}{{/cells}}{{/rows}}",
            "{{#rows}}{{name}}{{#cells}}{{name}}{{x}}{{/cells}}{{/rows}}",  // `name` on both: the cell's first
        ]
        let rows: [(name: MustacheValue, cells: [[MustacheValue]])] = [
            ("a<", [[1, "<b>"], [2, .null]]), ("b", []), ("c", [[3, .bool(false)], [4, "&"]]),
        ]
        let cellNames = ["x", "y", "name"]
        func cellFields(_ cell: [MustacheValue]) -> MustacheValue {
            var fields = MustacheFields()
            for (name, value) in zip(cellNames, cell + [.string("cell")]) { fields[name] = value }
            return .dictionary(fields)
        }
        let list = MustacheValue.list(
            TableList(
                columns: ["name", "cells"],
                rows: rows.map { row in
                    [row.name, .list(SameFieldsList(inner: TableList(columns: cellNames, rows: row.cells.map { $0 + [.string("cell")] })))]
                }))
        let array = MustacheValue.array(rows.map { row in ["name": row.name, "cells": .array(row.cells.map(cellFields))] })
        for template in templates {
            let expected = try render(template, ["rows": array])
            #expect(try render(template, ["rows": list]) == expected, "\(template.debugDescription)")
            #expect(!expected.isEmpty)
        }
    }

    /// A list whose one row holds another like it, without end.
    struct Endless: MustacheList {
        static var fieldsAreTheTypes: Bool { true }
        var count: Int { 1 }
        func field(named key: String) -> Int? { ["x": 0, "more": 1][key] }
        func mustacheValue(at index: Int, field: Int) -> MustacheValue { field == 0 ? "x" : .list(Endless()) }
    }

    /// Lists nested in lists without end (through a recursive partial) stop at the
    /// frame limit with an error, as the interpreter's sections do, not with a crash.
    @Test func listsNestedWithoutEndStopAtTheLimit() throws {
        let library = try TemplateLibrary(sources: [
            "main": "{{#rows}}{{>self}}{{/rows}}", "self": "{{x}}{{#more}}{{>self}}{{/more}}",
        ])
        #expect(throws: MustacheError.self) { _ = try library.render("main", ["rows": .list(Endless())]) }
    }

    /// A list of one type whose fields it counts being asked for.
    struct CountedList: MustacheList {
        static let asked = Atomic<Int>(0)
        let inner: TableList
        static var fieldsAreTheTypes: Bool { true }
        var count: Int { inner.count }
        func field(named key: String) -> Int? {
            Self.asked.add(1, ordering: .relaxed)
            return inner.field(named: key)
        }
        func mustacheValue(at index: Int, field: Int) -> MustacheValue { inner.mustacheValue(at: index, field: field) }
    }

    /// A plan for a type's fields is made once per library: a later render, with
    /// another list of the type, asks no field; the same section reached through
    /// partials at another depth is planned for that depth and prints the same.
    @Test func aTypesPlanServesLaterRendersOfTheLibrary() throws {
        let library = try TemplateLibrary(sources: [
            "main": "{{#rows}}{{x}}{{y}};{{/rows}}", "deep": "{{>deeper}}", "deeper": "{{>main}}",
        ])
        func rows(_ cells: [[MustacheValue]]) -> MustacheValue {
            ["rows": .list(CountedList(inner: TableList(columns: ["x", "y"], rows: cells)))]
        }
        let before = CountedList.asked.load(ordering: .relaxed)
        #expect(try library.renderString("main", rows([[1, 2], [3, 4]])) == "12;34;")
        let first = CountedList.asked.load(ordering: .relaxed) - before
        #expect(first > 0)
        #expect(try library.renderString("main", rows([[5, 6]])) == "56;")
        #expect(CountedList.asked.load(ordering: .relaxed) - before == first, "the second render asked for fields")
        #expect(try library.renderString("deep", rows([[7, 8]])) == "78;")
    }

    /// The first renders of a library, on many threads at once, each make a plan for
    /// the same section and list type: the library keeps one, and every render runs
    /// the plan it keeps (a render runs a kept plan unretained), printing the same.
    @Test func firstRendersOnManyThreadsPrintTheSame() throws {
        for _ in 0..<20 {
            let library = try TemplateLibrary(sources: ["main": Self.template])
            let rows: [[MustacheValue]] = Self.cells.map { cells in
                [.list(SameFieldsList(inner: TableList(columns: ["x", "y"], rows: cells)))]
            }
            let context: MustacheValue = ["rows": .list(SameFieldsList(inner: TableList(columns: ["cells"], rows: rows)))]
            let outputs = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                let output = (try? library.renderString("main", context)) ?? "failed"
                outputs.withLock { $0.append(output) }
            }
            #expect(outputs.withLock { $0 } == Array(repeating: Self.expected, count: 8))
        }
    }

    @Test func listsWhoseFieldsAreTheirTypesShareOnePlan() throws {
        let rows: [[MustacheValue]] = Self.cells.map { cells in
            [.list(SameFieldsList(inner: TableList(columns: ["x", "y"], rows: cells)))]
        }
        let got = try render(Self.template, ["rows": .list(TableList(columns: ["cells"], rows: rows))])
        #expect(got == Self.expected)
    }
}
