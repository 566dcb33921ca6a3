// Template parsing: tokens, the standalone-line rules, then the tree.
//
// Three passes over the UTF-8 bytes:
// 1. `tokenize`: text split into one piece per source line, and tags (set-delimiter
//    tags take effect as they are met);
// 2. `applyStandaloneRules`: a line holding only whitespace and one non-output tag
//    (section, inverted, closing, comment, partial, delimiter, parent, block), or only
//    parent and block tags (spec ~inheritance: "need not be on separate lines"), loses
//    its whitespace and line ending; its leading whitespace becomes the indentation of
//    a partial, parent or block tag; standalone blocks are re-indented;
// 3. `buildTree`: sections nested, names split, errors placed.

extension Template {
    struct Parser {
        let bytes: [UInt8]
        let templateName: String
        let path: String?

        init(source: String, templateName: String, path: String?) {
            self.bytes = Array(source.utf8)
            self.templateName = templateName
            self.path = path
        }

        enum TagKind {
            case variable, unescaped, section, inverted, close, comment, partial, parent, block, delimiters

            /// Tags that print nothing themselves, so a line holding only one of them is
            /// standalone.
            var canStandAlone: Bool { self != .variable && self != .unescaped }
        }

        struct Piece {
            var isText: Bool
            /// Text: the byte range (its start moves when indentation is stripped).
            /// Tag: the tag's range, delimiters included.
            var start: Int
            var end: Int
            /// Whether the piece begins a source line.
            var atLineStart: Bool
            var kind: TagKind = .variable
            /// A tag's content without sigil and surrounding whitespace.
            var content: String = ""
            var isStandalone = false
            var isRemoved = false
            /// A standalone tag's leading whitespace.
            var indent: [UInt8] = []
            /// For a closing tag: what its opener is (when it has one).
            var openerKind: TagKind?
            /// For a standalone block: the indentation it renders its content with.
            var blockIndent: [UInt8]?
        }

        struct Result {
            var nodes: [Node]
            var references: [Reference]
        }

        var pieces: [Piece] = []
        var references: [Reference] = []

        // MARK: Errors

        /// 1-based line and column (in Unicode scalars) of a byte offset.
        func location(of offset: Int) -> (line: Int, column: Int) {
            var line = 1
            var lineStart = 0
            var index = 0
            let end = min(offset, bytes.count)
            while index < end {
                if bytes[index] == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = index + 1
                }
                index += 1
            }
            var column = 1
            index = lineStart
            while index < end {
                if bytes[index] & 0xC0 != 0x80 { column += 1 }
                index += 1
            }
            return (line, column)
        }

        func error(_ kind: MustacheError.Kind, at offset: Int, _ message: String) -> MustacheError {
            let (line, column) = location(of: offset)
            return MustacheError(
                kind: kind, templateName: templateName, path: path,
                line: line, column: column, message: message)
        }

        // MARK: Pass 1: tokens

        static func isWhitespace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        func find(_ needle: [UInt8], from start: Int) -> Int? {
            guard let first = needle.first, needle.count <= bytes.count else { return nil }
            var index = start
            let last = bytes.count - needle.count
            while index <= last {
                if bytes[index] == first {
                    var matched = true
                    var offset = 1
                    while offset < needle.count {
                        if bytes[index + offset] != needle[offset] {
                            matched = false
                            break
                        }
                        offset += 1
                    }
                    if matched { return index }
                }
                index += 1
            }
            return nil
        }

        func trimmedString(_ start: Int, _ end: Int) -> String {
            var lower = start
            var upper = end
            while lower < upper && Self.isWhitespace(bytes[lower]) { lower += 1 }
            while upper > lower && Self.isWhitespace(bytes[upper - 1]) { upper -= 1 }
            return String(decoding: bytes[lower..<upper], as: UTF8.self)
        }

        func isLineStart(_ offset: Int) -> Bool {
            offset == 0 || bytes[offset - 1] == UInt8(ascii: "\n")
        }

        mutating func appendText(_ start: Int, _ end: Int) {
            var lower = start
            while lower < end {
                var upper = lower
                while upper < end && bytes[upper] != UInt8(ascii: "\n") { upper += 1 }
                if upper < end { upper += 1 }  // keep the line ending with its line
                pieces.append(Piece(isText: true, start: lower, end: upper, atLineStart: isLineStart(lower)))
                lower = upper
            }
        }

        mutating func tokenize() throws {
            guard bytes.count < Int(Int32.max) else {
                throw error(.tooComplex, at: 0, "template larger than 2 GiB")
            }
            var open: [UInt8] = Array("{{".utf8)
            var close: [UInt8] = Array("}}".utf8)
            var position = 0
            while position < bytes.count {
                guard let tagStart = find(open, from: position) else {
                    appendText(position, bytes.count)
                    break
                }
                appendText(position, tagStart)
                let contentStart = tagStart + open.count
                let sigil: UInt8? = contentStart < bytes.count ? bytes[contentStart] : nil
                var kind = TagKind.variable
                var terminator = close
                var bodyStart = contentStart + 1
                switch sigil {
                case UInt8(ascii: "#"): kind = .section
                case UInt8(ascii: "^"): kind = .inverted
                case UInt8(ascii: "/"): kind = .close
                case UInt8(ascii: "!"): kind = .comment
                case UInt8(ascii: ">"): kind = .partial
                case UInt8(ascii: "<"): kind = .parent
                case UInt8(ascii: "$"): kind = .block
                case UInt8(ascii: "&"): kind = .unescaped
                case UInt8(ascii: "{"):
                    kind = .unescaped
                    terminator = [UInt8(ascii: "}")] + close
                case UInt8(ascii: "="):
                    kind = .delimiters
                    terminator = [UInt8(ascii: "=")] + close
                default:
                    bodyStart = contentStart
                }
                guard let contentEnd = find(terminator, from: bodyStart) else {
                    let expected = String(decoding: terminator, as: UTF8.self)
                    throw error(.unclosedTag, at: tagStart, "unclosed tag: no '\(expected)' after it")
                }
                let tagEnd = contentEnd + terminator.count
                let content = trimmedString(bodyStart, contentEnd)
                var piece = Piece(isText: false, start: tagStart, end: tagEnd, atLineStart: isLineStart(tagStart))
                piece.kind = kind
                piece.content = content
                switch kind {
                case .comment:
                    break
                case .delimiters:
                    let parts = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
                    guard parts.count == 2, !parts[0].contains("="), !parts[1].contains("=") else {
                        throw error(
                            .invalidDelimiters, at: tagStart,
                            "invalid delimiter change '\(content)': expected two delimiters without whitespace or '='")
                    }
                    open = Array(parts[0].utf8)
                    close = Array(parts[1].utf8)
                default:
                    try validate(piece)
                }
                pieces.append(piece)
                position = tagEnd
            }
        }

        func validate(_ piece: Piece) throws {
            let content = piece.content
            let display = String(decoding: bytes[piece.start..<piece.end], as: UTF8.self)
            guard !content.isEmpty else {
                throw error(.invalidTag, at: piece.start, "tag '\(display)' has no name")
            }
            if content.utf8.contains(where: Self.isWhitespace) {
                throw error(.invalidTag, at: piece.start, "invalid name '\(content)' in tag '\(display)': names contain no whitespace")
            }
            switch piece.kind {
            case .variable, .unescaped, .section, .inverted, .close:
                if content != "." && content.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
                    throw error(.invalidTag, at: piece.start, "invalid dotted name '\(content)' in tag '\(display)'")
                }
            default:
                break
            }
        }

        // MARK: Pass 2: standalone lines

        static func isOpener(_ kind: TagKind) -> Bool {
            kind == .section || kind == .inverted || kind == .parent || kind == .block
        }

        /// Records on each closing tag what it closes (best effort; mismatches are
        /// reported when the tree is built).
        mutating func matchClosingTags() {
            var stack: [Int] = []
            for index in pieces.indices where !pieces[index].isText {
                let kind = pieces[index].kind
                if Self.isOpener(kind) {
                    stack.append(index)
                } else if kind == .close, let opener = stack.last {
                    if pieces[opener].content == pieces[index].content {
                        pieces[index].openerKind = pieces[opener].kind
                        stack.removeLast()
                    }
                }
            }
        }

        func isInheritanceTag(_ piece: Piece) -> Bool {
            switch piece.kind {
            case .parent, .block: return true
            case .close: return piece.openerKind == .parent || piece.openerKind == .block
            default: return false
            }
        }

        /// Whether a text piece is only spaces and tabs, before an optional line ending.
        func isBlank(_ piece: Piece) -> Bool {
            var index = piece.start
            while index < piece.end {
                let byte = bytes[index]
                if byte != 0x20 && byte != 0x09 && byte != 0x0D && byte != 0x0A { return false }
                index += 1
            }
            return true
        }

        mutating func applyStandaloneRules() {
            var lineStart = 0
            while lineStart < pieces.count {
                // A line: pieces up to and including a text piece that ends with "\n".
                var lineEnd = lineStart
                while lineEnd < pieces.count {
                    let piece = pieces[lineEnd]
                    lineEnd += 1
                    if piece.isText && piece.end > piece.start && bytes[piece.end - 1] == UInt8(ascii: "\n") { break }
                }
                standalone(lineStart..<lineEnd)
                lineStart = lineEnd
            }
        }

        mutating func standalone(_ line: Range<Int>) {
            var tags: [Int] = []
            for index in line {
                let piece = pieces[index]
                if piece.isText {
                    if !isBlank(piece) { return }
                } else {
                    if !piece.kind.canStandAlone { return }
                    tags.append(index)
                }
            }
            guard let first = tags.first else { return }
            if tags.count > 1 && !tags.allSatisfy({ isInheritanceTag(pieces[$0]) }) { return }
            var indent: [UInt8] = []
            for index in line.lowerBound..<first { indent += bytes[pieces[index].start..<pieces[index].end] }
            // `{{$b}}{{/b}}` alone on a line keeps its line ending (spec ~inheritance,
            // "Standalone block").
            let keepsLineEnding = tags.count == 2 && pieces[tags[0]].kind == .block && pieces[tags[1]].openerKind == .block
            for index in line {
                if pieces[index].isText {
                    pieces[index].isRemoved = true
                } else {
                    pieces[index].isStandalone = true
                }
            }
            pieces[first].indent = indent
            if keepsLineEnding, let last = line.last, pieces[last].isText {
                var piece = pieces[last]
                var start = piece.end
                while start > piece.start && (bytes[start - 1] == 0x0A || bytes[start - 1] == 0x0D) { start -= 1 }
                if start < piece.end {
                    piece.start = start
                    piece.isRemoved = false
                    piece.atLineStart = false
                    pieces[last] = piece
                }
            }
        }

        /// Re-indents standalone blocks (spec ~inheritance, "Block reindentation",
        /// "Intrinsic indentation"): the content's common indentation is removed where
        /// it is written and the block's indentation is added where it is rendered.
        mutating func reindentBlocks() {
            var stack: [Int] = []
            var spans: [(open: Int, close: Int)] = []
            for index in pieces.indices where !pieces[index].isText {
                let kind = pieces[index].kind
                if Self.isOpener(kind) {
                    stack.append(index)
                } else if kind == .close, let opener = stack.last, pieces[opener].content == pieces[index].content {
                    stack.removeLast()
                    if pieces[opener].kind == .block && pieces[opener].isStandalone {
                        spans.append((opener, index))
                    }
                }
            }
            // Outer blocks first, as if each block's text were dedented before its
            // inner blocks are read.
            spans.sort { $0.open < $1.open }
            for span in spans {
                let margin = commonMargin(span.open + 1..<span.close)
                if !margin.isEmpty {
                    for index in span.open + 1..<span.close where pieces[index].isText && !pieces[index].isRemoved && pieces[index].atLineStart {
                        var strip = 0
                        while strip < margin.count && pieces[index].start + strip < pieces[index].end
                            && bytes[pieces[index].start + strip] == margin[strip]
                        {
                            strip += 1
                        }
                        pieces[index].start += strip
                    }
                }
                pieces[span.open].blockIndent = margin.isEmpty ? pieces[span.open].indent : margin
            }
        }

        /// The leading whitespace common to every non-blank line in `range`.
        func commonMargin(_ range: Range<Int>) -> [UInt8] {
            var margin: [UInt8]?
            for index in range where !pieces[index].isRemoved && pieces[index].atLineStart {
                let piece = pieces[index]
                var prefix: [UInt8] = []
                if piece.isText {
                    var cursor = piece.start
                    while cursor < piece.end && (bytes[cursor] == 0x20 || bytes[cursor] == 0x09) { cursor += 1 }
                    let restIsLineEnd = cursor == piece.end || bytes[cursor] == 0x0A || bytes[cursor] == 0x0D
                    let nextOnLine = index + 1 < range.upperBound && !pieces[index + 1].isRemoved && !pieces[index + 1].atLineStart
                    if restIsLineEnd && !(cursor == piece.end && nextOnLine) { continue }  // blank line
                    prefix = Array(bytes[piece.start..<cursor])
                }
                if let current = margin {
                    var common = 0
                    while common < current.count && common < prefix.count && current[common] == prefix[common] { common += 1 }
                    margin = Array(current[0..<common])
                } else {
                    margin = prefix
                }
                if margin?.isEmpty == true { return [] }
            }
            return margin ?? []
        }

        // MARK: Pass 3: the tree

        struct Frame {
            var pieceIndex: Int
            var nodes: [Node] = []
        }

        mutating func parse() throws -> Result {
            try tokenize()
            matchClosingTags()
            applyStandaloneRules()
            reindentBlocks()
            return Result(nodes: try buildTree(), references: references)
        }

        mutating func buildTree() throws -> [Node] {
            var stack: [Frame] = [Frame(pieceIndex: -1)]
            func append(_ node: Node) {
                stack[stack.count - 1].nodes.append(node)
            }
            for index in pieces.indices {
                let piece = pieces[index]
                if piece.isRemoved { continue }
                if piece.isText {
                    if piece.start >= piece.end { continue }
                    // Consecutive text merges into one node: the renderer indents after
                    // every inner line ending, so only a text node's own start needs a
                    // `.lineStart` marker.
                    let text = bytes[piece.start..<piece.end]
                    let last = stack[stack.count - 1].nodes.count - 1
                    if last >= 0, case .text(let previous) = stack[stack.count - 1].nodes[last] {
                        stack[stack.count - 1].nodes[last] = .text(previous + text)
                    } else {
                        if piece.atLineStart { append(.lineStart) }
                        append(.text(Array(text)))
                    }
                    continue
                }
                let marksLineStart = piece.atLineStart && !piece.isStandalone
                if marksLineStart && piece.kind != .close {
                    append(.lineStart)
                }
                switch piece.kind {
                case .comment, .delimiters:
                    break
                case .variable:
                    append(.variable(makeName(piece.content), escaped: true))
                case .unescaped:
                    append(.variable(makeName(piece.content), escaped: false))
                case .partial:
                    append(.partial(makeCall(piece, blocks: [:])))
                case .section, .inverted, .parent, .block:
                    guard stack.count <= Template.maxNesting else {
                        throw error(.tooComplex, at: piece.start, "sections nested deeper than \(Template.maxNesting) levels")
                    }
                    stack.append(Frame(pieceIndex: index))
                case .close:
                    guard stack.count > 1, let frame = stack.popLast() else {
                        throw error(.unexpectedClosingTag, at: piece.start, "closing tag '\(piece.content)' has no open section")
                    }
                    let opener = pieces[frame.pieceIndex]
                    guard opener.content == piece.content else {
                        let (line, column) = location(of: opener.start)
                        throw error(
                            .mismatchedClosingTag, at: piece.start,
                            "closing tag '\(piece.content)' does not match open section '\(opener.content)' (line \(line), column \(column))")
                    }
                    switch opener.kind {
                    case .section:
                        append(.section(makeName(opener.content), body: frame.nodes, inverted: false))
                    case .inverted:
                        append(.section(makeName(opener.content), body: frame.nodes, inverted: true))
                    case .block:
                        append(.block(name: opener.content, body: frame.nodes, indent: opener.blockIndent))
                    default:
                        var blocks: [String: [Node]] = [:]
                        for case .block(let name, let body, _) in frame.nodes where blocks[name] == nil {
                            blocks[name] = body
                        }
                        append(.parent(makeCall(opener, blocks: blocks)))
                    }
                    if marksLineStart { append(.lineStart) }
                }
            }
            if stack.count > 1, let frame = stack.last {
                let opener = pieces[frame.pieceIndex]
                let what = opener.kind == .parent ? "parent" : opener.kind == .block ? "block" : "section"
                throw error(.unclosedSection, at: opener.start, "unclosed \(what) '\(opener.content)': no '{{/\(opener.content)}}' closes it")
            }
            return stack[0].nodes
        }

        func makeName(_ content: String) -> Name {
            if content == "." { return Name(components: [], text: content) }
            return Name(components: content.split(separator: ".").map(String.init), text: content)
        }

        mutating func makeCall(_ piece: Piece, blocks: [String: [Node]]) -> Call {
            let (line, column) = location(of: piece.start)
            references.append(Reference(name: piece.content, isParent: piece.kind == .parent, line: line, column: column))
            return Call(
                name: piece.content, indent: piece.isStandalone ? piece.indent : [], blocks: blocks,
                templateName: templateName, path: path, line: line, column: column)
        }
    }
}
