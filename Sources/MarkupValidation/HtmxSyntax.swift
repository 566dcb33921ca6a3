// The value syntax of the htmx attributes the validator checks, after the htmx 2
// reference pages for hx-swap, hx-swap-oob and hx-trigger.
import Foundation

/// Checks htmx attribute values; each check returns nil when the value is fine, or a sentence
/// that says what is wrong.
enum HtmxSyntax {
    /// The swap styles (htmx reference, `hx-swap`).
    static let swapStyles: Set<String> = [
        "innerHTML", "outerHTML", "textContent", "beforebegin", "afterbegin", "beforeend", "afterend",
        "delete", "none",
    ]

    /// Checks an `hx-swap` value: an optional swap style, then modifiers (`swap:1s`, `settle:100ms`,
    /// `scroll:top`, `show:#x:top`, `focus-scroll:true`, `transition:true`, `ignoreTitle:true`).
    static func checkSwap(_ value: String) -> String? {
        var words = value.split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty else { return "hx-swap is empty; use a swap style such as outerHTML." }
        if !words[0].contains(":") {
            let style = words.removeFirst()
            guard swapStyles.contains(style) else {
                return "'\(style)' is not an htmx swap style (\(swapStyles.sorted().joined(separator: ", ")))."
            }
        }
        for word in words {
            if let problem = checkSwapModifier(word) { return problem }
        }
        return nil
    }

    private static func checkSwapModifier(_ word: String) -> String? {
        guard let colon = word.firstIndex(of: ":") else {
            return "'\(word)' is not an hx-swap modifier (swap:, settle:, scroll:, show:, focus-scroll:, transition:, ignoreTitle:)."
        }
        let key = String(word[..<colon])
        let argument = String(word[word.index(after: colon)...])
        switch key {
        case "swap", "settle":
            return isTime(argument) ? nil : "'\(word)': \(key) takes a time such as 100ms or 1s."
        case "transition", "ignoreTitle", "focus-scroll":
            return ["true", "false"].contains(argument) ? nil : "'\(word)': \(key) takes true or false."
        case "scroll", "show":
            let direction = argument.split(separator: ":").last.map(String.init) ?? ""
            let allowed: Set<String> = key == "show" ? ["top", "bottom", "none"] : ["top", "bottom"]
            return allowed.contains(direction) ? nil : "'\(word)': \(key) ends in \(allowed.sorted().joined(separator: " or "))."
        default:
            return "'\(word)' is not an hx-swap modifier (swap:, settle:, scroll:, show:, focus-scroll:, transition:, ignoreTitle:)."
        }
    }

    /// Checks an `hx-swap-oob` value: `true`, a swap style, or a swap style followed by `:selector`.
    static func checkSwapOutOfBand(_ value: String) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if trimmed == "true" || trimmed.isEmpty { return nil }
        let style: String
        if let colon = trimmed.firstIndex(of: ":") {
            style = String(trimmed[..<colon])
            if trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces).isEmpty {
                return "hx-swap-oob '\(value)' has an empty selector after ':'."
            }
        } else {
            style = trimmed.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? trimmed
        }
        return swapStyles.contains(style) ? nil : "hx-swap-oob '\(value)' must be true or a swap style (optionally ':selector')."
    }

    /// Checks an `hx-trigger` value: comma-separated triggers, each an event name (optionally with a
    /// `[filter]`) or `every <time>`, followed by modifiers (`once`, `changed`, `consume`,
    /// `delay:<time>`, `throttle:<time>`, `from:<selector>`, `target:<selector>`,
    /// `queue:first|last|all|none`, `root:<selector>`, `threshold:<number>`).
    static func checkTrigger(_ value: String) -> String? {
        let triggers = splitTopLevel(value, on: ",")
        for trigger in triggers {
            let words = tokenize(trigger)
            guard let first = words.first else { return "hx-trigger '\(value)' has an empty trigger." }
            var rest = words.dropFirst()
            if first == "every" {
                guard let time = rest.first, isTime(time) else {
                    return "'every' in hx-trigger needs a time such as 2s."
                }
                rest = rest.dropFirst()
            } else if !isEventName(first) {
                return "'\(first)' is not an event name."
            }
            var words2 = Array(rest)
            while !words2.isEmpty {
                let word = words2.removeFirst()
                if word.hasPrefix("[") { continue }  // an event filter
                if ["once", "changed", "consume"].contains(word) { continue }
                guard let colon = word.firstIndex(of: ":") else {
                    return "'\(word)' is not an hx-trigger modifier (once, changed, delay:, throttle:, from:, target:, consume, queue:)."
                }
                let key = String(word[..<colon])
                let argument = String(word[word.index(after: colon)...])
                switch key {
                case "delay", "throttle":
                    if !isTime(argument) { return "'\(word)': \(key) takes a time such as 500ms or 1s." }
                case "queue":
                    if !["first", "last", "all", "none"].contains(argument) {
                        return "'\(word)': queue takes first, last, all or none."
                    }
                case "threshold":
                    if Double(argument) == nil { return "'\(word)': threshold takes a number between 0 and 1." }
                case "from", "target", "root":
                    if argument.isEmpty { return "'\(word)': \(key) needs a selector." }
                    if ["closest", "find", "next", "previous"].contains(argument), !words2.isEmpty {
                        words2.removeFirst()
                    }
                default:
                    return "'\(word)' is not an hx-trigger modifier (once, changed, delay:, throttle:, from:, target:, consume, queue:)."
                }
            }
        }
        return nil
    }

    /// Checks an `hx-vals` or `hx-headers` value: a JSON object, unless it starts with `js:` or
    /// `javascript:` (htmx reference, `hx-vals`).
    static func checkJSONObject(_ value: String, attribute: String) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("js:") || trimmed.hasPrefix("javascript:") { return nil }
        let wrapped = trimmed.hasPrefix("{") ? trimmed : "{\(trimmed)}"
        guard let data = wrapped.data(using: .utf8),
            (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] != nil
        else {
            return "\(attribute) must be a JSON object (or start with js:)."
        }
        return nil
    }

    /// Whether `text` is an htmx time: a number followed by ms, s or m, or a bare number of milliseconds.
    static func isTime(_ text: String) -> Bool {
        var number = Substring(text)
        for unit in ["ms", "s", "m"] where number.hasSuffix(unit) {
            number = number.dropLast(unit.count)
            break
        }
        return !number.isEmpty && Double(number) != nil && !number.hasPrefix("-")
    }

    private static func isEventName(_ word: String) -> Bool {
        guard let first = word.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        var name = Substring(word)
        if let bracket = name.firstIndex(of: "[") { name = name[..<bracket] }
        return name.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-:.".unicodeScalars.contains($0)
        }
    }

    /// Splits at `separator` outside `[...]`.
    private static func splitTopLevel(_ text: String, on separator: Character) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        for character in text {
            if character == "[" { depth += 1 }
            if character == "]" { depth = max(0, depth - 1) }
            if character == separator && depth == 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts
    }

    /// Splits at whitespace outside `[...]`, keeping a filter attached to its event.
    private static func tokenize(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var depth = 0
        for character in text {
            if character == "[" { depth += 1 }
            if character == "]" { depth = max(0, depth - 1) }
            if character.isWhitespace && depth == 0 {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
