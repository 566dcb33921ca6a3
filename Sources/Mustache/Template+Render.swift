// Template rendering: a walk over the tree with a context stack, into one byte buffer.

extension Template {
    /// The state of one render: output buffer, context stack, partial indentation,
    /// block overrides and partial depth. Each render has its own, so templates and
    /// libraries are shared between threads without locks.
    struct Renderer: ~Copyable {
        /// A block override: op range `range` of `program` for the blocks named `name`.
        struct Override {
            let name: String
            let program: Program
            let range: Range<Int>
        }

        /// The library's programs, which partial instructions index.
        let programs: [Program]
        /// Deepest nesting of partials and parents allowed.
        let maxDepth: Int
        /// The output.
        var output: MustacheOutput
        /// The context stack.
        var stack: ContextStack
        /// Indentation of the standalone partials being rendered, added at each line
        /// start: `indentBytes[indentStart...]`. Kept as one buffer that grows and
        /// shrinks like a stack, so entering a partial allocates nothing.
        var indentBytes: [UInt8] = []
        var indentStart = 0

        /// Whether no indentation is in force.
        @inline(__always)
        var hasNoIndent: Bool { indentStart == indentBytes.count }

        /// Appends the indentation in force.
        @inline(__always)
        mutating func appendIndent() {
            let start = indentStart
            indentBytes.withUnsafeBufferPointer { output.append(UnsafeBufferPointer(rebasing: $0[start...])) }
        }
        /// Block overrides in force (spec ~inheritance), outermost first: outer
        /// templates win. A few names, searched in order: a dictionary hashed every
        /// name and was made again for each parent (callgrind: 1.5 K instructions of
        /// the 50-row page's render).
        var overrides: [Override] = []

        /// The override in force for the block `name`, nil for none.
        func override(_ name: String) -> Override? {
            for override in overrides where override.name == name { return override }
            return nil
        }
        /// Current nesting of partials and parents.
        var depth = 0
        /// Current nesting of `run` calls (sections, blocks, partials, parents).
        var frames = 0
        /// The field numbers a list gave for `fieldProgram`'s names, by name index
        /// (`-2` not asked yet, `-1` no such field): a row's tags find their fields
        /// by number from the second row on (see ``MustacheList/field(named:)``).
        /// A number outside `0...Int32.max` is not kept (it is asked again).
        var fields: [Int32] = []
        var fieldList: MustacheListBox?
        /// Compared, never called: not retained (the library holds its programs for the
        /// render, and every render of every thread sets it: a strong reference counted
        /// on an object both cores share).
        unowned(unsafe) var fieldProgram: Program?
        /// The last list section's flattened body (``CompiledRowPlan``), or nil when it
        /// could not be flattened.
        var keptPlan: CompiledRowPlan?
        /// ``keptPlan`` unretained, for each row's list of cells that asks for it (read from
        /// the optional, the plan every render of every thread shares was retained and
        /// released for each row: perf).
        var keptPlanReference: Unmanaged<CompiledRowPlan>?
        /// The list and section ``keptPlan`` was made for: the list held (so no other list
        /// takes its place under the same identifier), compared by identifier and type;
        /// the program compared by identifier (the library holds it; compared as an
        /// object, it was retained for the comparison).
        var keptPlanBox: MustacheListBox?
        var keptPlanList: ObjectIdentifier?
        var keptPlanListType: ObjectIdentifier?
        var keptPlanProgram: ObjectIdentifier?
        var keptPlanOp = -1

        /// The shared fields just above the root (``MustacheSharedContext``), when
        /// this render has them and they may keep sections.
        let shared: MustacheSharedContext?
        /// Whether a root section drawn from `shared` is being drawn to be kept, and
        /// whether it has done anything that rules keeping out (looked into the root,
        /// met a block, an object or a list).
        var recording = false
        var recordingSpoiled = false

        /// A renderer writing into `output` (by default a fresh buffer of 32 KiB).
        init(
            programs: [Program], maxDepth: Int, context: MustacheValue, shared: MustacheSharedContext? = nil,
            output: consuming MustacheOutput = MustacheOutput(capacity: 32 * 1024)
        ) {
            self.programs = programs
            self.maxDepth = maxDepth
            self.output = output
            self.stack = ContextStack(root: context)
            if let shared { stack.push(.dictionary(shared.fields)) }
            self.shared = shared?.mayKeep(over: context) == true ? shared : nil
        }

        // MARK: Lookup (spec "Interpolation": basic and dotted names)

        /// The number `box`'s list gives the name `op.a` of `program`, nil when its
        /// rows have no such field; asked once per name, program and list.
        @inline(__always)
        mutating func field(_ box: MustacheListBox, _ program: Program, _ op: Op) -> Int? {
            if box !== fieldList || program !== fieldProgram {
                fieldList = box
                fieldProgram = program
                fields.removeAll(keepingCapacity: true)
                fields.append(contentsOf: repeatElement(-2, count: program.nameCount))
            }
            let number = fields[Int(op.a)]
            if number == -2 {
                // Any `Int` is a field number: only those that fit are kept, so a
                // negative or wide one is never read back as a sentinel or truncated.
                guard let answer = box.list.field(named: program.names[Int(op.a)]) else {
                    fields[Int(op.a)] = -1
                    return nil
                }
                if let kept = Int32(exactly: answer), kept >= 0 { fields[Int(op.a)] = kept }
                return answer
            }
            return number >= 0 ? Int(number) : nil
        }

        /// Resolves a name: its first part down the context stack, the following parts
        /// only inside what the first found (a broken chain resolves to nothing).
        @inline(__always)
        mutating func lookup(_ program: Program, _ op: Op) -> MustacheValue? {
            if op.b == -2 { return stack.top }
            var index = stack.count - 1
            while index >= 0 {
                if index == 0 && recording { lookedIntoRoot(program.names[Int(op.a)]) }
                let frame = stack.frames[index]
                var value: MustacheValue?
                switch frame.kind {
                case .opaque:
                    value = nil
                case .row:
                    if let list = frame.list {
                        value = list._withUnsafeGuaranteedRef { box in
                            field(box, program, op).map { box.list.mustacheValue(at: frame.row, field: $0) }
                        }
                    }
                case .fields:
                    value = stack.values[index].member(program.names[Int(op.a)], hash: program.nameHashes[Int(op.a)])
                }
                if let value {
                    if op.b < 0 { return value }
                    return resolveRest(value, program.dotted[Int(op.b)], program.dottedHashes[Int(op.b)])
                }
                index -= 1
            }
            return nil
        }

        /// ``interpolate(_:_:escaped:)``'s commonest case, inlined into the loop: a
        /// one-part name that the innermost value, a list's row, has as a field (the
        /// tags of a row template). Returns false, having written nothing, otherwise.
        @inline(__always)
        mutating func interpolateFromTopRow(_ program: Program, _ op: Op, escaped: Bool) -> Bool {
            guard op.b == -1, let frame = stack.frames.last, frame.kind == .row else { return false }
            return interpolate(row: frame, program, op, escaped: escaped)
        }

        /// Has the row of `frame` write the one-part name `op.a` of `program`; false,
        /// having written nothing, when its rows have no such field.
        @inline(__always)
        mutating func interpolate(row frame: ContextStack.Frame, _ program: Program, _ op: Op, escaped: Bool) -> Bool {
            guard let list = frame.list else { return false }
            return list._withUnsafeGuaranteedRef { box in
                guard let number = field(box, program, op) else { return false }
                box.list.interpolate(at: frame.row, field: number, escaped: escaped, into: &output)
                return true
            }
        }

        /// Prints a name (spec "Interpolation"). A one-part name found on an object
        /// or a list's row is written by it (``MustacheObject/interpolate(_:escaped:into:)``,
        /// ``MustacheList/interpolate(at:field:escaped:into:)``), without a value in
        /// between; anything else prints what ``lookup(_:_:)`` finds.
        @inline(__always)
        mutating func interpolate(_ program: Program, _ op: Op, escaped: Bool) {
            guard op.b == -1 else {
                if let value = lookup(program, op) { output.append(value, escaped: escaped) }
                return
            }
            var index = stack.count - 1
            while index >= 0 {
                if index == 0 && recording { lookedIntoRoot(program.names[Int(op.a)]) }
                let frame = stack.frames[index]
                switch frame.kind {
                case .opaque:
                    break
                case .row:
                    if interpolate(row: frame, program, op, escaped: escaped) { return }
                case .fields:
                    switch stack.values[index] {
                    case .object(let box):
                        if recording { recordingSpoiled = true }
                        if box.object.interpolate(program.names[Int(op.a)], escaped: escaped, into: &output) { return }
                    case .dictionary(let fields):
                        if let value = fields.value(forName: program.names[Int(op.a)], hash: program.nameHashes[Int(op.a)]) {
                            output.append(value, escaped: escaped)
                            return
                        }
                    default:
                        break
                    }
                }
                index -= 1
            }
        }

        /// The parts after the first of a dotted name, looked up in turn inside `value`
        /// (`hashes` are theirs); nil when the chain breaks.
        func resolveRest(_ value: MustacheValue, _ rest: [String], _ hashes: [UInt32]) -> MustacheValue? {
            var value = value
            for (component, hash) in zip(rest, hashes) {
                guard let next = value.member(component, hash: hash) else { return nil }
                value = next
            }
            return value
        }

        // MARK: Walking the program

        /// Counts one more nested frame (a run of instructions, or of a list's plan:
        /// lists nested in data count too); the caller takes it off when it ends.
        /// - Throws: `recursionLimit` past ``TemplateLibrary/maxFrames``.
        mutating func enterFrame(of program: Program) throws {
            guard frames < TemplateLibrary.maxFrames else {
                throw MustacheError(
                    kind: .recursionLimit, templateName: program.templateName, path: program.path, line: 0, column: 0,
                    message: "sections and partials nested deeper than \(TemplateLibrary.maxFrames) levels (runaway recursion?)")
            }
            frames += 1
        }

        /// Runs the instructions `range` of `program`.
        mutating func run(_ program: Program, _ range: Range<Int>) throws {
            try enterFrame(of: program)
            defer { frames -= 1 }
            let ops = program.ops
            var index = range.lowerBound
            let end = range.upperBound
            while index < end {
                let op = ops[index]
                switch op.code {
                case .text:
                    let text = UnsafeBufferPointer(start: program.textBase + Int(op.a), count: Int(op.b))
                    if op.c == 0 || hasNoIndent {
                        output.append(text)
                    } else {
                        appendIndented(text)
                    }
                    index += 1
                case .lineStart:
                    if !hasNoIndent { appendIndent() }
                    index += 1
                case .variable:
                    if !interpolateFromTopRow(program, op, escaped: true) { interpolate(program, op, escaped: true) }
                    index += 1
                case .rawVariable:
                    if !interpolateFromTopRow(program, op, escaped: false) { interpolate(program, op, escaped: false) }
                    index += 1
                case .section, .inverted:
                    if let shared, !recording, op.b != -2, hasNoIndent, stack.holdsNoNamesAboveShared,
                        shared.fields.value(forName: program.names[Int(op.a)], hash: program.nameHashes[Int(op.a)]) != nil
                    {
                        try runKept(shared, program, op, at: index)
                    } else {
                        try runSection(program, op, at: index)
                    }
                    index = Int(op.c)
                case .partial:
                    if op.b >= 0 { try include(program, call: Int(op.a), target: Int(op.b), isParent: false) }
                    index += 1
                case .parent:
                    if op.b >= 0 { try include(program, call: Int(op.a), target: Int(op.b), isParent: true) }
                    index = Int(op.c)
                case .block:
                    // What a block prints depends on the templates that called this one.
                    if recording { recordingSpoiled = true }
                    let savedCount = indentBytes.count
                    if let blockIndent = program.blocks[Int(op.a)].indent { indentBytes += blockIndent }
                    if let override = override(program.blocks[Int(op.a)].name) {
                        try run(override.program, override.range)
                    } else {
                        try run(program, index + 1..<Int(op.c))
                    }
                    indentBytes.removeSubrange(savedCount...)
                    index = Int(op.c)
                }
            }
        }

        /// Runs the section or inverted section `op` (at `index`) of `program` (spec "Sections",
        /// "Inverted"): its body once per element of a list, once with a truthy value pushed,
        /// or (inverted) once when the value is falsy or missing.
        mutating func runSection(_ program: Program, _ op: Op, at index: Int) throws {
            let body = index + 1..<Int(op.c)
            if op.code == .inverted {
                if !(lookup(program, op)?.isTruthy ?? false) { try run(program, body) }
                return
            }
            guard let value = lookup(program, op) else { return }
            if case .array(let elements) = value {
                for element in elements {
                    stack.push(element)
                    try run(program, body)
                    stack.pop()
                }
            } else if case .list(let box) = value {
                if recording { recordingSpoiled = true }
                if let plan = rowPlan(program, op: index, body: body, list: box) {
                    try runRows(plan, of: box)
                } else {
                    for row in 0..<box.list.count {
                        stack.push(row: row, of: box)
                        try run(program, body)
                        stack.pop()
                    }
                }
            } else if value.isTruthy {
                if case .object = value, recording { recordingSpoiled = true }
                stack.push(value)
                try run(program, body)
                stack.pop()
            }
        }

        /// Notes that the section being kept looked for `name` in the render's own root:
        /// it cannot be kept if another root may hold that name.
        mutating func lookedIntoRoot(_ name: String) {
            if shared?.mayOwn(name) ?? true { recordingSpoiled = true }
        }

        /// Runs a root section whose name the shared fields hold: copies what it printed
        /// before, or draws it and keeps what it printed when it looked at nothing but
        /// the shared fields (``MustacheSharedContext``).
        mutating func runKept(_ shared: MustacheSharedContext, _ program: Program, _ op: Op, at index: Int) throws {
            if shared.withKept(program, index, { output.append($0) }) { return }
            recording = true
            recordingSpoiled = false
            defer { recording = false }
            let start = output.count
            try runSection(program, op, at: index)
            guard !recordingSpoiled else { return }
            let end = output.count
            shared.keep(program, index, UnsafeBufferPointer(rebasing: output.bytes[start..<end]))
        }

        /// Renders a partial or a parent (spec "Partials", "~inheritance").
        ///
        /// A missing template renders as nothing (strict libraries have refused it at
        /// load time). A standalone tag indents every line of the included template;
        /// an inline one does not.
        mutating func include(_ program: Program, call: Int, target: Int, isParent: Bool) throws {
            guard depth < maxDepth else {
                let call = program.calls[call].call
                throw MustacheError(
                    kind: .recursionLimit, templateName: call.templateName, path: call.path,
                    line: call.line, column: call.column,
                    message: "partials nested deeper than \(maxDepth) levels at '\(call.name)' (runaway recursion?)")
            }
            // Not retained: the library holds its programs for the render, and a retain and
            // release on each inclusion wrote the count of an object every thread shares
            // (perf: about 1 % of an uncached page's time on two cores).
            let included = programs.withUnsafeBufferPointer { Unmanaged.passUnretained($0[target]) }
            depth += 1
            defer { depth -= 1 }
            // Fields are read one by one: copying the whole call would retain all of it.
            let callIndent = program.calls[call].call.indent
            let hasOverrides = isParent && !program.calls[call].blocks.isEmpty
            if callIndent.isEmpty && hasNoIndent && !hasOverrides {
                // The common case (an inline partial, nothing indented): nothing to save.
                try included._withUnsafeGuaranteedRef { try run($0, 0..<$0.opCount) }
                return
            }
            // A standalone tag adds its indentation; an inline one renders unindented.
            let savedStart = indentStart
            let savedCount = indentBytes.count
            if callIndent.isEmpty {
                indentStart = savedCount
            } else {
                indentBytes += callIndent
            }
            defer {
                indentBytes.removeSubrange(savedCount...)
                indentStart = savedStart
            }
            if hasOverrides {
                let savedCount = overrides.count
                for (name, range) in program.calls[call].blocks where override(name) == nil {
                    overrides.append(Override(name: name, program: program, range: range))
                }
                defer { overrides.removeSubrange(savedCount...) }
                try included._withUnsafeGuaranteedRef { try run($0, 0..<$0.opCount) }
            } else {
                try included._withUnsafeGuaranteedRef { try run($0, 0..<$0.opCount) }
            }
        }

        /// Appends static text, adding the indentation after each inner line ending.
        mutating func appendIndented(_ text: UnsafeBufferPointer<UInt8>) {
            var start = 0
            let count = text.count
            var index = 0
            while index < count {
                if text[index] == UInt8(ascii: "\n") && index + 1 < count {
                    output.append(UnsafeBufferPointer(rebasing: text[start...index]))
                    appendIndent()
                    start = index + 1
                }
                index += 1
            }
            if start < count { output.append(UnsafeBufferPointer(rebasing: text[start..<count])) }
        }
    }
}
