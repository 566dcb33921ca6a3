import Synchronization

// The compiled form of a template: a flat array of fixed-size instructions over one
// text pool, so rendering walks plain values (no reference counting per node, no
// name splitting, no dynamic casts).

extension Template {
    /// What an instruction does.
    enum OpCode: UInt8 {
        /// Append `text[a ..< a+b]`; `c` is 1 when a line ending is followed by more
        /// text (the indentation must go there), 0 otherwise.
        case text
        /// A source line starts: append the current partial indentation.
        case lineStart
        /// `{{name}}`: name `a` (first part), dotted rest `b` (-1 none, -2 implicit `.`).
        case variable
        /// `{{{name}}}` / `{{&name}}`: as `variable`, unescaped.
        case rawVariable
        /// `{{#name}}`: name as `variable`; body `self+1 ..< c`.
        case section
        /// `{{^name}}`: as `section`.
        case inverted
        /// `{{>name}}`: call `a`; `b` is the target's index in the library's programs,
        /// -1 when the library has no such template.
        case partial
        /// `{{<name}}`: call `a`, target `b` as for `partial`; override bodies inside
        /// `self+1 ..< c`.
        case parent
        /// `{{$name}}`: block `a`; default body `self+1 ..< c`.
        case block
    }

    /// One instruction: 16 bytes, trivially copyable.
    struct Op {
        var code: OpCode
        var a: Int32 = 0
        var b: Int32 = 0
        var c: Int32 = 0
    }

    /// `{{>name}}` or `{{<name}}`, compiled.
    struct CompiledCall {
        let call: Call
        /// Override bodies of a parent: op ranges in the same program.
        let blocks: [String: Range<Int>]
    }

    /// `{{$name}}`, compiled.
    struct CompiledBlock {
        let name: String
        let indent: [UInt8]?
    }

    /// A compiled template. Immutable after `init`, so it is shared between threads;
    /// it owns its buffers and frees them in `deinit`.
    final class Program: @unchecked Sendable {
        let ops: UnsafeMutableBufferPointer<Op>
        let text: UnsafeMutableBufferPointer<UInt8>
        /// `text`'s first byte: text instructions are checked against it at compile time.
        let textBase: UnsafePointer<UInt8>
        /// First part of every name (`""` for the implicit iterator).
        let names: UnsafeMutableBufferPointer<String>
        /// `MustacheFields.hash` of each of `names`, computed once here.
        let nameHashes: [UInt32]
        /// The remaining parts of dotted names.
        let dotted: [[String]]
        /// `MustacheFields.hash` of each part of `dotted`.
        let dottedHashes: [[UInt32]]
        let calls: [CompiledCall]
        let blocks: [CompiledBlock]
        /// The template's name and file, for errors.
        let templateName: String
        let path: String?
        /// Row plans made for this program's list sections over lists whose fields are
        /// their type's (``MustacheList/fieldsAreTheTypes``), kept for every later
        /// render (``Renderer/rowPlan(_:op:body:list:)``).
        let keptPlans = KeptRowPlans()
        /// Room to render this program into (``TemplateLibrary/render(_:_:shared:)``):
        /// its last output's size and an eighth more, at most ``maximumOutputHint``.
        let outputHint = Atomic<Int>(32 * 1024)
        /// The most room a render is given at first (a larger output grows as it goes).
        static let maximumOutputHint = 256 * 1024

        /// Compiles `nodes`; `resolve` gives the library index of each template name.
        init(nodes: [Node], resolve: [String: Int], templateName: String, path: String?) {
            self.templateName = templateName
            self.path = path
            var compiler = Compiler(resolve: resolve)
            compiler.compile(nodes)
            ops = .allocate(capacity: max(1, compiler.ops.count))
            _ = ops.initialize(from: compiler.ops)
            let textBuffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, compiler.text.count))
            _ = textBuffer.initialize(from: compiler.text)
            text = textBuffer
            // `allocate` never returns a buffer without an address; the fallback is
            // only there to avoid a force unwrap.
            textBase = UnsafePointer(textBuffer.baseAddress ?? UnsafeMutablePointer<UInt8>.allocate(capacity: 1))
            names = .allocate(capacity: max(1, compiler.names.count))
            _ = names.initialize(from: compiler.names)
            opCount = compiler.ops.count
            nameCount = compiler.names.count
            nameHashes = compiler.names.map(MustacheFields.hash)
            dotted = compiler.dotted
            dottedHashes = compiler.dotted.map { $0.map(MustacheFields.hash) }
            calls = compiler.calls
            blocks = compiler.blocks
        }

        /// Live element counts (the buffers may be allocated one larger).
        let opCount: Int
        let nameCount: Int

        deinit {
            ops.deallocate()
            text.deallocate()
            names.baseAddress?.deinitialize(count: nameCount)
            names.deallocate()
        }
    }

    /// Turns the parse tree into a `Program`.
    struct Compiler {
        let resolve: [String: Int]
        var ops: [Op] = []
        var text: [UInt8] = []
        var names: [String] = []
        var nameIndex: [String: Int32] = [:]
        var dotted: [[String]] = []
        var calls: [CompiledCall] = []
        var blocks: [CompiledBlock] = []

        mutating func name(_ name: Name) -> (Int32, Int32) {
            guard let first = name.components.first else { return (intern(""), -2) }
            let index = intern(first)
            if name.components.count == 1 { return (index, -1) }
            dotted.append(Array(name.components.dropFirst()))
            return (index, Int32(dotted.count - 1))
        }

        mutating func intern(_ string: String) -> Int32 {
            if let index = nameIndex[string] { return index }
            names.append(string)
            let index = Int32(names.count - 1)
            nameIndex[string] = index
            return index
        }

        mutating func compile(_ nodes: [Node]) {
            for node in nodes {
                switch node {
                case .text(let bytes):
                    let innerLineEnd = bytes.dropLast().contains(UInt8(ascii: "\n"))
                    ops.append(Op(code: .text, a: Int32(text.count), b: Int32(bytes.count), c: innerLineEnd ? 1 : 0))
                    text.append(contentsOf: bytes)
                case .lineStart:
                    ops.append(Op(code: .lineStart))
                case .variable(let name, let escaped):
                    let (a, b) = self.name(name)
                    ops.append(Op(code: escaped ? .variable : .rawVariable, a: a, b: b))
                case .section(let name, let body, let inverted):
                    let (a, b) = self.name(name)
                    let start = ops.count
                    ops.append(Op(code: inverted ? .inverted : .section, a: a, b: b))
                    compile(body)
                    ops[start].c = Int32(ops.count)
                case .partial(let call):
                    calls.append(CompiledCall(call: call, blocks: [:]))
                    ops.append(Op(code: .partial, a: Int32(calls.count - 1), b: Int32(resolve[call.name] ?? -1)))
                case .parent(let call):
                    let start = ops.count
                    ops.append(Op(code: .parent))
                    var ranges: [String: Range<Int>] = [:]
                    for (blockName, body) in call.blocks.sorted(by: { $0.key < $1.key }) {
                        let bodyStart = ops.count
                        compile(body)
                        ranges[blockName] = bodyStart..<ops.count
                    }
                    calls.append(CompiledCall(call: call, blocks: ranges))
                    ops[start].a = Int32(calls.count - 1)
                    ops[start].b = Int32(resolve[call.name] ?? -1)
                    ops[start].c = Int32(ops.count)
                case .block(let name, let body, let indent):
                    blocks.append(CompiledBlock(name: name, indent: indent))
                    let start = ops.count
                    ops.append(Op(code: .block, a: Int32(blocks.count - 1)))
                    compile(body)
                    ops[start].c = Int32(ops.count)
                }
            }
        }
    }
}
