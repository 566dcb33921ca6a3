extension Language {
    /// The language of a request: the `lang` parameter when it names a language the
    /// server speaks, else the best match of `Accept-Language`, else English.
    ///
    /// - Parameters:
    ///   - parameter: The `lang` query parameter, if any.
    ///   - acceptLanguage: The `Accept-Language` field value, if any.
    /// - Returns: The language, and whether `Accept-Language` chose it (the
    ///   response must then say `Vary: Accept-Language`).
    static func negotiate(parameter: String?, acceptLanguage: String?) -> (language: Language, fromHeader: Bool) {
        if let parameter, let language = Language(tag: parameter) { return (language, false) }
        return (preferred(acceptLanguage: acceptLanguage ?? ""), true)
    }

    /// The best language for an `Accept-Language` field value (RFC 9110 §12.5.4):
    /// ranges with weights (`q`, 0...1, default 1; `q=0` means "not acceptable"),
    /// the highest weight winning and the earlier range among equals. `*` stands
    /// for English. A malformed member is skipped; only the first 64 non-empty
    /// members are read.
    ///
    /// - Parameter acceptLanguage: The field value, e.g. `zh-TW,zh;q=0.9,en;q=0.5`.
    /// - Returns: The best language the server speaks, or English.
    /// - Complexity: O(n) in the length of the field.
    static func preferred(acceptLanguage: String) -> Language {
        var best: (language: Language, weight: Int)?
        // Split at the bytes `,` `;` `=`, not at Characters: a "prepend" character
        // such as U+0600 makes one Character of itself and the comma after it.
        var members = 0
        for member in acceptLanguage.utf8.split(separator: UInt8(ascii: ",")) {
            // Empty elements, white space included, are ignored (RFC 9110 §5.6.1)
            // and do not count toward the 64 members read.
            guard !Substring(member).trimmingSpaces.isEmpty else { continue }
            members += 1
            guard members <= 64 else { break }
            // Empty parts kept: `;en` has an empty range and is skipped, not read as `en`.
            let parts = member.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map(Substring.init)
            guard let range = parts.first?.trimmingSpaces, !range.isEmpty else { continue }
            var weight = 1000
            for parameter in parts.dropFirst() {
                let pair = parameter.trimmingSpaces.utf8.split(separator: UInt8(ascii: "="), maxSplits: 1).map(Substring.init)
                guard pair.count == 2, pair[0].lowercased() == "q" else { continue }
                guard let parsed = Self.weight(pair[1].trimmingSpaces) else {
                    weight = -1
                    break
                }
                weight = parsed
            }
            guard weight > 0 else { continue }
            let language = range == "*" ? Language.fallback : Language(tag: String(range))
            guard let language else { continue }
            if best == nil || weight > best?.weight ?? 0 { best = (language, weight) }
        }
        return best?.language ?? .fallback
    }

    /// A `qvalue` (RFC 9110 §12.4.2: `0[.ddd]` or `1[.000]`) in thousandths, or `nil` when malformed.
    private static func weight(_ text: Substring) -> Int? {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        var value = Int(first - UInt8(ascii: "0")) * 1000
        if bytes.count == 1 { return value }
        guard bytes.count >= 2, bytes.count <= 5, bytes[1] == UInt8(ascii: ".") else { return nil }
        var scale = 100
        for digit in bytes.dropFirst(2) {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value += Int(digit - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return value <= 1000 ? value : nil
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
