// A small HTML5 tokenizer over the source bytes (after WHATWG HTML §13.2.5, much
// simplified). It keeps what libxml2's tree loses: where every tag, attribute and
// end tag starts, end tags exactly as written, and raw text as raw text.

/// A 1-based line and column (in Unicode scalars) in the original input.
struct SourcePosition: Sendable, Hashable, Comparable {
    /// The 1-based line.
    var line: Int
    /// The 1-based column, in Unicode scalars.
    var column: Int

    static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// The position as `line:column`.
    var text: String { "\(line):\(column)" }
}

/// One attribute as written in a start tag.
struct ScannedAttribute: Sendable {
    /// The lowercased name.
    var name: String
    /// The value with the common character references decoded; "" for an attribute without value.
    var value: String
    /// Where the name starts.
    var position: SourcePosition
}

/// A start tag as written.
struct StartTag: Sendable {
    /// The lowercased tag name.
    var name: String
    /// The attributes in source order, duplicates included.
    var attributes: [ScannedAttribute]
    /// Whether the tag ends with `/>`.
    var isSelfClosing: Bool
    /// Where the `<` is.
    var position: SourcePosition
    /// Where the tag's closing `>` (or the `/` of `/>`) is: libxml2 reports element errors here.
    var endPosition: SourcePosition

    /// The value of the first attribute with this name (HTML keeps the first of duplicates).
    func value(of name: String) -> String? {
        attributes.first(where: { $0.name == name })?.value
    }

    /// The first attribute with this name.
    func attribute(_ name: String) -> ScannedAttribute? {
        attributes.first(where: { $0.name == name })
    }
}

/// What the scanner reads.
enum ScannedToken: Sendable {
    /// A start tag.
    case startTag(StartTag)
    /// An end tag, lowercased, with the position of its `<`.
    case endTag(name: String, position: SourcePosition)
    /// Text (character references left as written).
    case text(String, position: SourcePosition)
    /// A comment, CDATA section or bogus comment.
    case comment(position: SourcePosition)
    /// A doctype, with what stands between `<!DOCTYPE` and `>`.
    case doctype(String, position: SourcePosition)
}

/// Tokenizes HTML source and reports the lexical problems it meets on the way
/// (character references, a `<` that starts no tag, unreadable tags, unterminated comments).
struct SourceScanner {
    let bytes: [UInt8]
    private var index = 0
    private let lineStarts: [Int]
    private(set) var tokens: [ScannedToken] = []
    private(set) var diagnostics: [Diagnostic] = []

    /// Scans `bytes` completely.
    ///
    /// - Parameter bytes: The UTF-8 source.
    /// - Complexity: O(n) in the length of the source.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        lineStarts = starts
        checkCodePoints()
        scan()
    }

    /// The last offset whose position was computed, and that position: tokens are read forwards,
    /// so most look-ups continue from there instead of from the start of the line.
    private var positionCache = (offset: 0, position: SourcePosition(line: 1, column: 1))

    /// The line and column of a byte offset.
    ///
    /// - Complexity: Amortized O(1) when offsets grow; O(log lines + line length) otherwise.
    mutating func position(at offset: Int) -> SourcePosition {
        let target = min(max(offset, 0), bytes.count)
        var (cursor, position) = positionCache
        if target < cursor {
            var low = 0
            var high = lineStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= target { low = middle } else { high = middle - 1 }
            }
            cursor = lineStarts[low]
            position = SourcePosition(line: low + 1, column: 1)
        }
        while cursor < target {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\n") {
                position = SourcePosition(line: position.line + 1, column: 1)
            } else if byte & 0xC0 != 0x80 {
                position.column += 1
            }
            cursor += 1
        }
        positionCache = (cursor, position)
        return position
    }

    // MARK: Scanning

    private func byte(_ offset: Int) -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    private static func isASCIIAlpha(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        isASCIIAlpha(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    private func hasPrefix(_ text: String, at offset: Int, caseInsensitive: Bool = false) -> Bool {
        let pattern = Array(text.utf8)
        guard offset + pattern.count <= bytes.count else { return false }
        for (shift, expected) in pattern.enumerated() {
            let actual = bytes[offset + shift]
            if caseInsensitive ? (actual | 0x20) != (expected | 0x20) : actual != expected { return false }
        }
        return true
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    mutating func report(_ code: DiagnosticCode, at offset: Int, _ message: String) {
        let place = position(at: offset)
        diagnostics.append(Diagnostic(line: place.line, column: place.column, code: code, message: message))
    }

    private mutating func scan() {
        var textStart = 0
        var textStartPosition = SourcePosition(line: 1, column: 1)
        func flushText(_ scanner: inout SourceScanner, upTo end: Int) {
            if end > textStart {
                scanner.tokens.append(.text(scanner.string(textStart..<end), position: textStartPosition))
            }
        }
        while index < bytes.count {
            let current = bytes[index]
            if current == UInt8(ascii: "&") {
                checkCharacterReference(at: index, inAttribute: false)
                index += 1
                continue
            }
            guard current == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            let start = index
            let next = byte(index + 1)
            if hasPrefix("<!--", at: index) {
                flushText(&self, upTo: start)
                scanComment(from: start)
            } else if hasPrefix("<!doctype", at: index, caseInsensitive: true) {
                flushText(&self, upTo: start)
                let close = find(UInt8(ascii: ">"), from: index) ?? bytes.count
                tokens.append(.doctype(string(index + 9..<min(close, bytes.count)), position: position(at: start)))
                if close >= bytes.count { report(.malformedTag, at: start, "The doctype has no closing '>'.") }
                index = close + 1
            } else if hasPrefix("<![CDATA[", at: index) {
                flushText(&self, upTo: start)
                if let close = find("]]>", from: index) {
                    index = close + 3
                } else {
                    report(.malformedTag, at: start, "The CDATA section has no closing ']]>'.")
                    index = bytes.count
                }
                tokens.append(.comment(position: position(at: start)))
            } else if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                flushText(&self, upTo: start)
                report(.malformedTag, at: start, "'<\(Character(Unicode.Scalar(next ?? 0x21)))' starts neither a comment nor a doctype; browsers turn it into a comment.")
                index = (find(UInt8(ascii: ">"), from: index) ?? bytes.count) + 1
                tokens.append(.comment(position: position(at: start)))
            } else if next == UInt8(ascii: "/") {
                flushText(&self, upTo: start)
                scanEndTag(from: start)
            } else if let next, Self.isASCIIAlpha(next) {
                flushText(&self, upTo: start)
                scanStartTag(from: start)
            } else {
                report(.unescapedLessThan, at: start, "'<' does not start a tag here; write '&lt;' for a literal less-than sign.")
                index += 1
                continue
            }
            textStart = index
            textStartPosition = position(at: index)
        }
        flushText(&self, upTo: min(index, bytes.count))
    }

    private func find(_ target: UInt8, from offset: Int) -> Int? {
        var cursor = offset
        while cursor < bytes.count {
            if bytes[cursor] == target { return cursor }
            cursor += 1
        }
        return nil
    }

    private func find(_ text: String, from offset: Int, caseInsensitive: Bool = false) -> Int? {
        guard let first = text.utf8.first else { return nil }
        var cursor = offset
        while cursor < bytes.count {
            let actual = bytes[cursor]
            let matchesFirst = caseInsensitive ? (actual | 0x20) == (first | 0x20) : actual == first
            if matchesFirst && hasPrefix(text, at: cursor, caseInsensitive: caseInsensitive) { return cursor }
            cursor += 1
        }
        return nil
    }

    private mutating func scanComment(from start: Int) {
        if let close = find("-->", from: start + 4) {
            index = close + 3
        } else {
            report(.unterminatedComment, at: start, "The comment has no closing '-->'; everything after it is hidden.")
            index = bytes.count
        }
        tokens.append(.comment(position: position(at: start)))
    }

    private mutating func scanEndTag(from start: Int) {
        index = start + 2
        guard let first = byte(index), Self.isASCIIAlpha(first) else {
            report(.malformedTag, at: start, "'</' is not followed by a tag name.")
            index = (find(UInt8(ascii: ">"), from: index) ?? bytes.count) + 1
            return
        }
        let nameStart = index
        while let current = byte(index), !Self.isSpace(current), current != UInt8(ascii: "/"), current != UInt8(ascii: ">") {
            index += 1
        }
        let name = string(nameStart..<index).lowercased()
        guard let close = find(UInt8(ascii: ">"), from: index) else {
            report(.malformedTag, at: start, "The end tag </\(name)> has no closing '>'.")
            index = bytes.count
            return
        }
        index = close + 1
        tokens.append(.endTag(name: name, position: position(at: start)))
    }

    private mutating func scanStartTag(from start: Int) {
        let startPosition = position(at: start)
        index = start + 1
        let nameStart = index
        while let current = byte(index), !Self.isSpace(current), current != UInt8(ascii: "/"), current != UInt8(ascii: ">") {
            index += 1
        }
        let name = string(nameStart..<index).lowercased()
        var attributes: [ScannedAttribute] = []
        var isSelfClosing = false
        while true {
            while let current = byte(index), Self.isSpace(current) { index += 1 }
            guard let current = byte(index) else {
                report(.malformedTag, at: start, "The start tag <\(name)> is cut off by the end of the input.")
                return
            }
            if current == UInt8(ascii: ">") { break }
            if current == UInt8(ascii: "/") {
                if byte(index + 1) == UInt8(ascii: ">") {
                    isSelfClosing = true
                    break
                }
                index += 1
                continue
            }
            let attributeStart = index
            index += 1
            while let current = byte(index), !Self.isSpace(current), current != UInt8(ascii: "/"),
                current != UInt8(ascii: ">"), current != UInt8(ascii: "=")
            {
                index += 1
            }
            let attributeName = string(attributeStart..<index).lowercased()
            while let current = byte(index), Self.isSpace(current) { index += 1 }
            var value = ""
            if byte(index) == UInt8(ascii: "=") {
                index += 1
                while let current = byte(index), Self.isSpace(current) { index += 1 }
                if let quote = byte(index), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    let valueStart = index + 1
                    guard let close = find(quote, from: valueStart) else {
                        report(.malformedTag, at: attributeStart, "The value of '\(attributeName)' has no closing quote.")
                        index = bytes.count
                        return
                    }
                    value = attributeValue(valueStart..<close)
                    index = close + 1
                } else {
                    let valueStart = index
                    while let current = byte(index), !Self.isSpace(current), current != UInt8(ascii: ">") { index += 1 }
                    value = attributeValue(valueStart..<index)
                }
            }
            attributes.append(ScannedAttribute(name: attributeName, value: value, position: position(at: attributeStart)))
        }
        let endOffset = index
        index += isSelfClosing ? 2 : 1
        let tag = StartTag(
            name: name, attributes: attributes, isSelfClosing: isSelfClosing,
            position: startPosition, endPosition: position(at: endOffset))
        tokens.append(.startTag(tag))
        if HTML5Vocabulary.rawTextElements.contains(name) || HTML5Vocabulary.escapableRawTextElements.contains(name),
            !isSelfClosing
        {
            scanRawText(of: name, escapable: HTML5Vocabulary.escapableRawTextElements.contains(name))
        }
    }

    /// Skips the content of `script`/`style` (raw) or `textarea`/`title` (escapable raw) up to the
    /// matching end tag, which is then read as an ordinary end tag.
    private mutating func scanRawText(of name: String, escapable: Bool) {
        let contentStart = index
        var cursor = index
        var end = bytes.count
        while let candidate = find("</" + name, from: cursor, caseInsensitive: true) {
            let after = byte(candidate + 2 + name.utf8.count)
            if after == nil || Self.isSpace(after ?? 0) || after == UInt8(ascii: ">") || after == UInt8(ascii: "/") {
                end = candidate
                break
            }
            cursor = candidate + 1
        }
        if escapable {
            var offset = contentStart
            while offset < end {
                if bytes[offset] == UInt8(ascii: "&") { checkCharacterReference(at: offset, inAttribute: false) }
                offset += 1
            }
        }
        if end > contentStart {
            tokens.append(.text(string(contentStart..<end), position: position(at: contentStart)))
        }
        index = end
    }

    /// Checks the attribute value's character references and decodes the common ones, so ids and
    /// keywords compare as the browser sees them.
    private mutating func attributeValue(_ range: Range<Int>) -> String {
        var offset = range.lowerBound
        var hasReference = false
        while offset < range.upperBound {
            if bytes[offset] == UInt8(ascii: "&") {
                hasReference = true
                checkCharacterReference(at: offset, inAttribute: true)
            }
            offset += 1
        }
        let raw = string(range)
        guard hasReference else { return raw }
        return Self.decodeCommonReferences(raw)
    }

    private static func decodeCommonReferences(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let afterAmpersand = rest[rest.index(after: ampersand)...]
            if let semicolon = afterAmpersand.prefix(32).firstIndex(of: ";") {
                let name = afterAmpersand[..<semicolon]
                var decoded: String?
                switch name {
                case "amp": decoded = "&"
                case "lt": decoded = "<"
                case "gt": decoded = ">"
                case "quot": decoded = "\""
                case "apos": decoded = "'"
                case "nbsp": decoded = "\u{A0}"
                default:
                    if name.hasPrefix("#x") || name.hasPrefix("#X"), let value = UInt32(name.dropFirst(2), radix: 16),
                        let scalar = Unicode.Scalar(value)
                    {
                        decoded = String(Character(scalar))
                    } else if name.hasPrefix("#"), let value = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(value) {
                        decoded = String(Character(scalar))
                    }
                }
                if let decoded {
                    result += decoded
                    rest = afterAmpersand[afterAmpersand.index(after: semicolon)...]
                    continue
                }
            }
            result += "&"
            rest = afterAmpersand
        }
        return result + rest
    }

    /// Checks the character reference that starts at `offset` (WHATWG HTML §13.2.5.72-80).
    private mutating func checkCharacterReference(at offset: Int, inAttribute: Bool) {
        var cursor = offset + 1
        if byte(cursor) == UInt8(ascii: "#") {
            cursor += 1
            let isHex = byte(cursor) == UInt8(ascii: "x") || byte(cursor) == UInt8(ascii: "X")
            if isHex { cursor += 1 }
            let digitsStart = cursor
            while let current = byte(cursor),
                isHex ? Self.isASCIIAlphanumeric(current) : (current >= 0x30 && current <= 0x39)
            {
                cursor += 1
            }
            let digits = string(digitsStart..<cursor)
            guard !digits.isEmpty else {
                report(.badCharacterReference, at: offset, "'&#' is not followed by a number; write '&amp;#' for literal text.")
                return
            }
            guard byte(cursor) == UInt8(ascii: ";") else {
                report(.badCharacterReference, at: offset, "The character reference '&#\(isHex ? "x" : "")\(digits)' needs a closing ';'.")
                return
            }
            let value = UInt32(digits, radix: isHex ? 16 : 10)
            let isAllowed: Bool = {
                guard let value, value != 0, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { return false }
                if (0x80...0x9F).contains(value) || (value < 0x20 && ![0x09, 0x0A, 0x0C, 0x0D].contains(value)) { return false }
                if (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE { return false }
                return true
            }()
            if !isAllowed {
                report(.badCharacterReference, at: offset, "'&#\(isHex ? "x" : "")\(digits);' refers to a code point HTML does not allow.")
            }
            return
        }
        let nameStart = cursor
        while let current = byte(cursor), Self.isASCIIAlphanumeric(current) { cursor += 1 }
        guard cursor > nameStart else { return }  // a lone '&' is text
        let name = string(nameStart..<cursor)
        if byte(cursor) == UInt8(ascii: ";") {
            if !HTML5Entities.names.contains(Substring(name)) {
                report(.undefinedEntity, at: offset, "'&\(name);' is not a character reference HTML defines; write '&amp;\(name);' for literal text.")
            }
            return
        }
        // No semicolon: a legacy name is decoded anyway in text (a parse error); in attributes it is
        // left alone when followed by '=' or an alphanumeric (WHATWG HTML §13.2.5.73).
        guard !inAttribute else { return }
        if let legacy = HTML5Vocabulary.longestLegacyEntityPrefix(of: name) {
            report(.undefinedEntity, at: offset, "'&\(legacy)' needs a closing ';' (write '&\(legacy);', or '&amp;' for a literal ampersand).")
        }
    }
}

extension HTML5Vocabulary {
    /// The longest legacy character reference name (one that works without `;`) that `name` starts with.
    static func longestLegacyEntityPrefix(of name: String) -> String? {
        var candidate = Substring(name)
        while !candidate.isEmpty {
            if HTML5Entities.legacyNames.contains(candidate) { return String(candidate) }
            candidate = candidate.dropLast()
        }
        return nil
    }
}
