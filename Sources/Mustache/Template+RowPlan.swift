import Synchronization

// A list section's body flattened once per render into steps each row runs.

extension Template {
    /// The body of a section over a ``MustacheList``, flattened for its rows: text
    /// to copy, the row's fields to print by number, and sections on the row's
    /// fields, with partials inlined.
    ///
    /// The rows of a page run the same few dozen instructions over and over; read
    /// through the interpreter, each tag walks the context stack, each partial
    /// enters a frame, and each row enters two. A plan is made when a list section
    /// starts, only for a body in which every name is a one-part name the list
    /// answers (so it resolves on the row, the innermost value, as the spec's
    /// lookup would), with no indentation in force, no `{{.}}`, no blocks or
    /// parents, and at most ``maxNesting`` sections and partials deep; any other
    /// body runs through the interpreter as before. The output is the same:
    /// Tests/MustacheTests/ListTests.swift renders generated templates over lists
    /// and over the equivalent arrays and compares them.
    struct RowPlan {
        /// One step.
        enum Step {
            /// Copy `count` bytes of template text.
            case text(UnsafePointer<UInt8>, count: Int)
            /// Print the row's field `number` (`{{name}}` escaped, `{{{name}}}` not).
            case field(Int, escaped: Bool)
            /// Copy text and print the row's fields, two or more steps of them:
            /// ``runs`` at `range`, written by the list in one call
            /// (``MustacheList/interpolate(row:_:into:)``).
            case run(Range<Int>)
            /// `{{#name}}` / `{{^name}}` on the row's field `number`; its body is the
            /// steps up to `end`. `program` and `op` are the section instruction,
            /// run by the interpreter when the field's value is one a section pushes
            /// and looks inside (a list, a dictionary, an object), and whenever the
            /// body could not be flattened (`planned` false: it names more than the
            /// row's fields, such as a list of cells inside the row; it has no steps).
            case section(Int, inverted: Bool, end: Int, program: Unmanaged<Program>, op: Int, planned: Bool)
        }

        /// Sections and partials nested in a body beyond which no plan is made.
        static let maxNesting = 32

        var steps: [Step] = []
        /// The text and field steps of every ``Step/run(_:)``, one run after the other.
        var runs: [MustacheRowStep] = []
        /// The step that is a run still open to the next text or field (nil after a section starts or ends).
        private var openRun: Int?

        /// Makes each run of one step that step (a text copied or a field printed
        /// without a call for the run: a table's cells have many of them between their
        /// sections). The steps keep their places, so sections' ends stay right.
        mutating func unwrapSingleRuns() {
            for index in steps.indices {
                guard case .run(let range) = steps[index], range.count == 1 else { continue }
                let step = runs[range.lowerBound]
                if let text = step.text {
                    steps[index] = .text(text, count: step.count)
                } else {
                    steps[index] = .field(step.count, escaped: step.escaped)
                }
            }
        }

        /// Appends `step` to the open run, or to a new run.
        private mutating func appendToRun(_ step: MustacheRowStep) {
            runs.append(step)
            if let open = openRun, case .run(let range) = steps[open] {
                steps[open] = .run(range.lowerBound..<runs.count)
            } else {
                openRun = steps.count
                steps.append(.run(runs.count - 1..<runs.count))
            }
        }

        /// Flattens `range` of `program`; false when some instruction cannot be
        /// flattened (the body then runs as it is).
        /// - Parameters:
        ///   - programs: The library's programs, which partial instructions index.
        ///   - nesting: Sections and partials entered so far.
        ///   - partialsLeft: Partials that may still be entered (the render's
        ///     `maxDepth` less the partials it is already inside).
        ///   - field: The row's field number for the one-part name of an
        ///     instruction, nil when rows have no such field (the renderer's cache).
        mutating func flatten(
            _ program: Program, _ range: Range<Int>, programs: [Program], nesting: Int,
            partialsLeft: Int, field: (Program, Op) -> Int?
        ) -> Bool {
            guard nesting < Self.maxNesting else { return false }
            var index = range.lowerBound
            while index < range.upperBound {
                let op = program.ops[index]
                switch op.code {
                case .text:
                    if op.b > 0 { appendToRun(MustacheRowStep(text: program.textBase + Int(op.a), count: Int(op.b))) }
                    index += 1
                case .lineStart:
                    index += 1  // no indentation is in force (the caller checks)
                case .variable, .rawVariable:
                    guard op.b == -1, let number = field(program, op) else { return false }
                    appendToRun(MustacheRowStep(field: number, escaped: op.code == .variable))
                    index += 1
                case .section, .inverted:
                    guard op.b == -1, let number = field(program, op) else { return false }
                    let at = steps.count
                    let runCount = runs.count
                    steps.append(.run(0..<0))  // replaced below
                    openRun = nil
                    // A body that names more than the row's fields is left to the interpreter.
                    let planned = flatten(
                        program, index + 1..<Int(op.c), programs: programs, nesting: nesting + 1,
                        partialsLeft: partialsLeft, field: field)
                    if !planned {
                        steps.removeSubrange((at + 1)...)
                        runs.removeSubrange(runCount...)
                    }
                    openRun = nil
                    steps[at] = .section(
                        number, inverted: op.code == .inverted, end: steps.count,
                        program: Unmanaged.passUnretained(program), op: index, planned: planned)
                    index = Int(op.c)
                case .partial:
                    if op.b >= 0 {
                        guard partialsLeft > 0, program.calls[Int(op.a)].call.indent.isEmpty else { return false }
                        let included = programs[Int(op.b)]
                        guard
                            flatten(
                                included, 0..<included.opCount, programs: programs, nesting: nesting + 1,
                                partialsLeft: partialsLeft - 1, field: field)
                        else { return false }
                    }
                    index += 1
                case .parent, .block:
                    return false
                }
            }
            return true
        }
    }
}

extension Template {
    /// A finished ``RowPlan`` as rows run it: its steps and runs in memory of its own
    /// that never changes, read without a reference count. Rows ran a copy of the
    /// plan's arrays, retained and released for each row's list of cells, on arrays
    /// every thread's renders share (perf: about 1 % of an uncached table page's time).
    /// Sendable: it never changes, and its pointers lead into programs no render changes.
    final class CompiledRowPlan: @unchecked Sendable {
        let steps: UnsafeBufferPointer<RowPlan.Step>
        let runs: UnsafeBufferPointer<MustacheRowStep>

        /// The steps and runs of `plan`.
        init(_ plan: RowPlan) {
            steps = UnsafeBufferPointer(Self.copy(plan.steps))
            runs = UnsafeBufferPointer(Self.copy(plan.runs))
        }

        deinit {
            UnsafeMutableBufferPointer(mutating: steps).deallocate()
            UnsafeMutableBufferPointer(mutating: runs).deallocate()
        }

        /// `elements` in memory of their own (trivial values: nothing to deinitialize).
        private static func copy<Element>(_ elements: [Element]) -> UnsafeMutableBufferPointer<Element> {
            let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(elements.count, 1))
            _ = buffer.initialize(from: elements)
            return UnsafeMutableBufferPointer(rebasing: buffer[..<elements.count])
        }
    }
}

extension Template.Renderer {
    /// The plan for the list section at `op` of `program` over `box`: made at the
    /// section's first use in this render and kept (also for the next list of the
    /// same type when its fields are its type's: ``MustacheList/fieldsAreTheTypes``);
    /// nil when the body cannot be flattened or indentation is in force.
    ///
    /// Returned unretained: the renderer holds the last plan (``keptPlan``), and the
    /// library holds every plan of a list whose fields are its type's; a caller that
    /// runs another list's plan holds it (``runRows(_:of:rows:)``).
    mutating func rowPlan(
        _ program: Template.Program, op index: Int, body: Range<Int>,
        list box: MustacheListBox
    ) -> Unmanaged<Template.CompiledRowPlan>? {
        guard hasNoIndent else { return nil }
        // Compared without a reference counted: each row's list of cells asks here.
        if keptPlanOp == index, keptPlanProgram == ObjectIdentifier(program),
            keptPlanList == ObjectIdentifier(box) || (box.fieldsAreTheTypes && keptPlanListType == box.listType)
        {
            return keptPlanReference
        }
        // A list whose fields are its type's is planned once per library, not per render.
        let key =
            box.fieldsAreTheTypes ? KeptRowPlans.Key(op: index, list: box.listType, partialsLeft: maxDepth - depth) : nil
        if let key, let plan = program.keptPlans.plan(for: key) {
            keep(plan, for: box, program, index)
            return plan.map { Unmanaged.passUnretained($0) }
        }
        var plan = Template.RowPlan()
        let made = plan.flatten(program, body, programs: programs, nesting: 0, partialsLeft: maxDepth - depth) {
            field(box, $0, $1)
        }
        plan.unwrapSingleRuns()
        var compiled = made ? Template.CompiledRowPlan(plan) : nil
        if let key { compiled = program.keptPlans.keep(compiled, for: key) }
        keep(compiled, for: box, program, index)
        return compiled.map { Unmanaged.passUnretained($0) }
    }

    /// Makes `plan` the last plan, made for section `op` of `program` over `box`.
    private mutating func keep(
        _ plan: Template.CompiledRowPlan?, for box: MustacheListBox, _ program: Template.Program, _ op: Int
    ) {
        keptPlan = plan
        keptPlanReference = plan.map { Unmanaged.passUnretained($0) }
        keptPlanBox = box
        keptPlanList = ObjectIdentifier(box)
        keptPlanListType = box.listType
        keptPlanProgram = ObjectIdentifier(program)
        keptPlanOp = op
    }

    /// Runs section instruction `op` of `program` through the interpreter, with row
    /// `row` of `box` pushed as the section's row step would have it.
    mutating func interpret(_ program: Unmanaged<Template.Program>, _ op: Int, row: Int, of box: MustacheListBox) throws {
        stack.push(row: row, of: box)
        defer { stack.pop() }
        try run(program.takeUnretainedValue(), op..<op + 1)
    }

    /// Runs list section `op` of `program` over `box` by its plan, as ``runSection(_:_:at:)``
    /// would once it had looked the list up; false (nothing written) when the body
    /// has no plan, for the interpreter to run it.
    /// - Parameters:
    ///   - rows: The rows to run (``MustacheList/sublist(at:field:)``); nil for all of them.
    ///   - outer: The row of a planned list whose field the list is (each row's cells): it
    ///     goes on the stack under the list's rows, as the interpreter's section would have
    ///     pushed it, for a name inside the plan that the list's rows do not have (a
    ///     section nested in the cells naming the row's caption; found by a break-it
    ///     pass: the lookup skipped the row).
    mutating func runList(
        _ box: MustacheListBox, rows: Range<Int>? = nil, inside outer: (row: Int, box: MustacheListBox)? = nil,
        section program: Unmanaged<Template.Program>, _ op: Int
    ) throws -> Bool {
        // Not retained: the library holds its programs (each row's cells come here).
        let plan = program._withUnsafeGuaranteedRef { program in
            rowPlan(program, op: op, body: op + 1..<Int(program.ops[op].c), list: box)
        }
        guard let plan else { return false }
        // A frame, as the interpreter's section would have been: lists nested in lists stop at the limit.
        try program._withUnsafeGuaranteedRef { try enterFrame(of: $0) }
        defer { frames -= 1 }
        if let outer { stack.push(row: outer.row, of: outer.box) }
        defer { if outer != nil { stack.pop() } }
        if recording { recordingSpoiled = true }
        try runRows(plan, of: box, rows: rows)
        return true
    }

    /// Runs `plan` (``rowPlan(_:op:body:list:)``'s) for rows `rows` (nil: every row)
    /// of `box`'s list: unretained when the library holds the plan (a list whose fields
    /// are its type's), else held for the run (a list nested in the rows may replace
    /// the renderer's last plan).
    mutating func runRows(_ plan: Unmanaged<Template.CompiledRowPlan>, of box: MustacheListBox, rows: Range<Int>? = nil)
        throws
    {
        if box.fieldsAreTheTypes {
            try plan._withUnsafeGuaranteedRef { try runRows($0, of: box, list: box.list, rows: rows) }
        } else {
            try runRows(plan.takeUnretainedValue(), of: box, list: box.list, rows: rows)
        }
    }

    /// Runs `plan` for rows `rows` (nil: every row) of `list`, the list in `box`,
    /// opened once for the section: each field is then asked of the list through
    /// its conformance, not through the existential box (projected again for every
    /// field: callgrind).
    mutating func runRows<List: MustacheList>(
        _ plan: Template.CompiledRowPlan, of box: MustacheListBox, list: List, rows: Range<Int>? = nil
    ) throws {
        for row in rows ?? 0..<list.count { try run(plan, 0..<plan.steps.count, row: row, of: box, list: list) }
    }

    /// Runs the steps `range` of `plan` for row `row` of `box`, whose list is `list`
    /// (read out of the box once per section, not once per row).
    mutating func run<List: MustacheList>(
        _ plan: Template.CompiledRowPlan, _ range: Range<Int>, row: Int, of box: MustacheListBox, list: List
    ) throws {
        var index = range.lowerBound
        while index < range.upperBound {
            switch plan.steps[index] {
            case .text(let bytes, let count):
                output.append(UnsafeBufferPointer(start: bytes, count: count))
                index += 1
            case .field(let number, let escaped):
                list.interpolate(at: row, field: number, escaped: escaped, into: &output)
                index += 1
            case .run(let run):
                list.interpolate(row: row, UnsafeBufferPointer(rebasing: plan.runs[run]), into: &output)
                index += 1
            case .section(let number, let inverted, let end, let program, let op, let planned):
                if let truth = list.truthiness(at: row, field: number) {
                    // A scalar: pushed on the stack it holds no names, so a planned body's
                    // names still resolve on the row (its steps follow this one, up to
                    // `end`: the loop goes on into them); an unplanned one is interpreted.
                    if truth != inverted {
                        if planned {
                            index += 1
                            continue
                        }
                        try interpret(program, op, row: row, of: box)
                    }
                    index = end
                    continue
                }
                // A list on the row that is a range of one list every row shares (each row's
                // cells): its plan runs over the range, with no list made for the row.
                if !planned, !inverted, let (shared, rows) = list.sublist(at: row, field: number),
                    try rows.isEmpty || runList(shared, rows: rows, inside: (row, box), section: program, op)
                {
                    index = end
                    continue
                }
                let value = list.mustacheValue(at: row, field: number)
                if !planned {
                    // A list on the row (each row's cells) runs its own plan from here: the
                    // interpreter would push the row, look the name up again (a second
                    // list) and find the same plan.
                    if !inverted, case .list(let inner) = value, try runList(inner, inside: (row, box), section: program, op) {
                        index = end
                        continue
                    }
                    // Only when the section renders: the interpreter finds the same value on the row.
                    if value.isTruthy != inverted { try interpret(program, op, row: row, of: box) }
                } else if inverted {
                    if !value.isTruthy {
                        index += 1
                        continue
                    }
                } else {
                    switch value {
                    case .null, .bool, .int, .double, .string:
                        // A scalar pushed on the stack holds no names: the body's
                        // names still resolve on the row, as flattened.
                        if value.isTruthy {
                            index += 1
                            continue
                        }
                    case .list(let inner):
                        if try !runList(inner, inside: (row, box), section: program, op) {
                            try interpret(program, op, row: row, of: box)
                        }
                    case .array, .dictionary, .object, .listElement:
                        try interpret(program, op, row: row, of: box)
                    }
                }
                index = end
            }
        }
    }
}

/// The row plans of one program's list sections over lists whose fields are their
/// type's, by section, list type and the partial depth left where the section ran
/// (a plan inlines partials only that deep); nil for a body that cannot be planned.
///
/// A plan points into the library's programs (text, other programs), which live as
/// long as the library that holds this program.
final class KeptRowPlans: Sendable {
    struct Key: Hashable {
        let op: Int
        let list: ObjectIdentifier
        let partialsLeft: Int
    }

    private let plans = Mutex<[Key: Template.CompiledRowPlan?]>([:])

    /// The plan kept for `key`: nil when none is; `.some(nil)` when the body cannot be planned.
    func plan(for key: Key) -> Template.CompiledRowPlan?? {
        plans.withLock { $0[key] }
    }

    /// Keeps `plan` for `key` unless another render kept one first; returns the one
    /// kept, which lives as long as these plans (a render runs it unretained).
    func keep(_ plan: Template.CompiledRowPlan?, for key: Key) -> Template.CompiledRowPlan? {
        plans.withLock { plans in
            if let kept = plans[key] { return kept }
            plans[key] = plan
            return plan
        }
    }
}
