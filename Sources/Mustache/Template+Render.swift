// Template rendering: a walk over the tree with a context stack, into one byte buffer.

extension Template {
    /// The state of one render: output buffer, context stack, partial indentation,
    /// block overrides and partial depth. Each render has its own, so templates and
    /// libraries are shared between threads without locks.
    struct Renderer {
        /// Templates partials and parents are looked up in.
        let templates: [String: Template]
        /// Deepest nesting of partials and parents allowed.
        let maxDepth: Int
        /// The output.
        var buffer: [UInt8]
        /// The context stack, innermost last.
        var stack: [MustacheValue]
        /// Indentation of the standalone partials being rendered, added at each line start.
        var indent: [UInt8] = []
        /// Block overrides in force (spec ~inheritance): outer templates win.
        var blocks: [String: [Node]] = [:]
        /// Current nesting of partials and parents.
        var depth = 0

        init(templates: [String: Template], maxDepth: Int, context: MustacheValue, buffer: [UInt8]) {
            self.templates = templates
            self.maxDepth = maxDepth
            self.buffer = buffer
            self.stack = [context]
            stack.reserveCapacity(16)
        }

        // MARK: Lookup (spec "Interpolation": basic and dotted names)

        /// Resolves a name: its first part down the context stack, the following parts
        /// only inside what the first found (a broken chain resolves to nothing).
        @inline(__always)
        func lookup(_ name: Name) -> MustacheValue? {
            let components = name.components
            guard let first = components.first else { return stack.last }
            var index = stack.count - 1
            var found: MustacheValue?
            while index >= 0 {
                if let value = stack[index].member(first) {
                    found = value
                    break
                }
                index -= 1
            }
            guard var value = found else { return nil }
            if components.count > 1 {
                for component in components.dropFirst() {
                    guard let next = value.member(component) else { return nil }
                    value = next
                }
            }
            return value
        }

        // MARK: Walking the tree

        mutating func render(_ nodes: [Node]) throws {
            for node in nodes {
                switch node {
                case .text(let text):
                    if indent.isEmpty {
                        buffer.append(contentsOf: text)
                    } else {
                        appendIndented(text)
                    }
                case .lineStart:
                    if !indent.isEmpty { buffer.append(contentsOf: indent) }
                case .variable(let name, let escaped):
                    if let value = lookup(name) { append(value, escaped: escaped) }
                case .section(let name, let body, let inverted):
                    let value = lookup(name) ?? .null
                    if inverted {
                        if !value.isTruthy { try render(body) }
                    } else if case .array(let elements) = value {
                        for element in elements {
                            stack.append(element)
                            try render(body)
                            stack.removeLast()
                        }
                    } else if value.isTruthy {
                        stack.append(value)
                        try render(body)
                        stack.removeLast()
                    }
                case .partial(let call):
                    try include(call, isParent: false)
                case .parent(let call):
                    try include(call, isParent: true)
                case .block(let name, let body, let blockIndent):
                    let content = blocks[name] ?? body
                    if let blockIndent, !blockIndent.isEmpty {
                        let saved = indent
                        indent += blockIndent
                        try render(content)
                        indent = saved
                    } else {
                        try render(content)
                    }
                }
            }
        }

        /// Renders a partial or a parent (spec "Partials", "~inheritance").
        ///
        /// A missing template renders as nothing (strict libraries have refused it at
        /// load time). A standalone tag indents every line of the included template;
        /// an inline one does not.
        mutating func include(_ call: Call, isParent: Bool) throws {
            guard let template = templates[call.name] else { return }
            guard depth < maxDepth else {
                throw MustacheError(
                    kind: .recursionLimit, templateName: call.templateName, path: call.path,
                    line: call.line, column: call.column,
                    message: "partials nested deeper than \(maxDepth) levels at '\(call.name)' (runaway recursion?)")
            }
            let savedIndent = indent
            let savedBlocks = blocks
            depth += 1
            indent = call.indent.isEmpty ? [] : indent + call.indent
            if isParent && !call.blocks.isEmpty {
                var merged = call.blocks
                for (name, body) in savedBlocks { merged[name] = body }
                blocks = merged
            }
            defer {
                depth -= 1
                indent = savedIndent
                blocks = savedBlocks
            }
            try render(template.nodes)
        }

        /// Appends static text, adding the indentation after each inner line ending.
        mutating func appendIndented(_ text: [UInt8]) {
            var start = 0
            let count = text.count
            var index = 0
            while index < count {
                if text[index] == UInt8(ascii: "\n") && index + 1 < count {
                    buffer.append(contentsOf: text[start...index])
                    buffer.append(contentsOf: indent)
                    start = index + 1
                }
                index += 1
            }
            if start < count { buffer.append(contentsOf: text[start..<count]) }
        }

        // MARK: Values

        @inline(__always)
        mutating func append(_ value: MustacheValue, escaped: Bool) {
            switch value {
            case .string(let string):
                if escaped {
                    HTMLEscaping.append(escaping: string, to: &buffer)
                } else {
                    var string = string
                    string.withUTF8 { buffer.append(contentsOf: $0) }
                }
            case .int(let number):
                appendInteger(number)
            case .double(let number):
                NumberFormatting.append(number, to: &buffer)
            case .bool(let flag):
                buffer.append(contentsOf: flag ? NumberFormatting.trueBytes : NumberFormatting.falseBytes)
            case .null, .array, .dictionary, .object:
                break
            }
        }

        /// Decimal digits without an intermediate `String`.
        @inline(__always)
        mutating func appendInteger(_ number: Int) {
            if number >= 0 && number < 10 {
                buffer.append(UInt8(ascii: "0") &+ UInt8(number))
                return
            }
            NumberFormatting.append(number, to: &buffer)
        }
    }
}

/// Number printing for interpolation (spec "Interpolation": "Basic Integer",
/// "Basic Decimal").
enum NumberFormatting {
    static let trueBytes: [UInt8] = Array("true".utf8)
    static let falseBytes: [UInt8] = Array("false".utf8)

    /// Appends an integer's decimal digits.
    static func append(_ number: Int, to buffer: inout [UInt8]) {
        if number == Int.min {
            buffer.append(contentsOf: String(number).utf8)
            return
        }
        var magnitude = number < 0 ? -number : number
        if number < 0 { buffer.append(UInt8(ascii: "-")) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes of scratch, enough for 19 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { scratch in
            repeat {
                scratch[23 - count] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[(24 - count)...]))
        }
    }

    /// Appends a double in its shortest exact form, without a trailing `.0`
    /// (`1.21`, `10`, `0`, `-2.5`, `1e+20`).
    static func append(_ number: Double, to buffer: inout [UInt8]) {
        if number.isFinite, number == number.rounded(), abs(number) < 1e15 {
            append(Int(number), to: &buffer)
            return
        }
        var text = number.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        buffer.append(contentsOf: text.utf8)
    }
}
