import Foundation

/// An upstream's `Retry-After` (RFC 9110 §10.2.3): delay-seconds, or an HTTP-date.
enum UpstreamRetryAfter {
    /// The seconds `value` asks to wait from `now`; nil when it is neither form (or a date past).
    static func seconds(_ value: String, now: Date = Date()) -> Int? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            return Int(text.prefix(9))
        }
        // IMF-fixdate (RFC 9110 §5.6.7), the form a sender must use: "Sun, 06 Nov 1994 08:49:37 GMT".
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "GMT")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        guard let date = format.date(from: text) else { return nil }
        let seconds = date.timeIntervalSince(now)
        return seconds > 0 ? Int(seconds.rounded(.up)) : nil
    }
}
