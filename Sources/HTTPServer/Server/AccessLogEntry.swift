import Foundation
import Synchronization

/// One line of the access log: what was asked and what was answered.
public struct AccessLogEntry: Sendable {
    /// The request method.
    public var method: HTTPMethod
    /// The raw request target as sent (not decoded, so logs show what arrived).
    public var target: String
    /// The status code sent.
    public var status: Int
    /// Body bytes sent (0 for HEAD and 304).
    public var bodyBytes: Int
    /// Milliseconds from the request line's arrival to the end of sending.
    public var durationMilliseconds: Double
    /// The client's numeric IP address, when known.
    public var remoteAddress: String?
    /// When the request line arrived (wall clock).
    public var time: Date
    /// The request line's protocol version (`HTTP/1.1`).
    public var httpVersion: String
    /// The `Referer` and `User-Agent` header fields, when sent.
    public var referer: String?
    public var userAgent: String?
    /// The request's id: its `X-Request-Id` when a proxy set a usable one, else
    /// one the server made; also sent back as `X-Request-Id`.
    public var requestID: String

    /// Creates an entry (the server does this; tests of a log sink may too).
    /// - Parameters:
    ///   - method: The request method.
    ///   - target: The raw request target.
    ///   - status: The status code sent.
    ///   - bodyBytes: Body bytes sent.
    ///   - durationMilliseconds: Milliseconds from request line to end of sending.
    ///   - remoteAddress: The client's numeric IP address.
    ///   - time: When the request line arrived.
    ///   - httpVersion: `HTTP/1.1` or `HTTP/1.0`.
    ///   - referer: The `Referer` header field.
    ///   - userAgent: The `User-Agent` header field.
    ///   - requestID: The request's id.
    public init(
        method: HTTPMethod, target: String, status: Int, bodyBytes: Int, durationMilliseconds: Double,
        remoteAddress: String?, time: Date = Date(), httpVersion: String = "HTTP/1.1", referer: String? = nil,
        userAgent: String? = nil, requestID: String = ""
    ) {
        self.method = method
        self.target = target
        self.status = status
        self.bodyBytes = bodyBytes
        self.durationMilliseconds = durationMilliseconds
        self.remoteAddress = remoteAddress
        self.time = time
        self.httpVersion = httpVersion
        self.referer = referer
        self.userAgent = userAgent
        self.requestID = requestID
    }

    /// The entry in the Combined Log Format, as nginx and Apache write it
    /// (Apache `LogFormat "%h %l %u %t \"%r\" %>s %b \"%{Referer}i\" \"%{User-agent}i\""`):
    /// `127.0.0.1 - - [02/Dec/2026:15:06:34 +0000] "GET /x HTTP/1.1" 200 12 "-" "curl/7.88"`.
    /// `%b` is `-` for no body; a `"` or `\` in a quoted field is escaped with `\`,
    /// and a control character as `\xHH`, as nginx does.
    public var combinedLine: String {
        var line = combinedLineBytes
        line.removeLast()
        return String(decoding: line, as: UTF8.self)
    }

    /// ``combinedLine`` and a newline, as the UTF-8 bytes a log writes: written once
    /// into an array sized for the longest line the fields can make (appended field
    /// by field, the line cost a cached page 4 % of its instructions: callgrind).
    public var combinedLineBytes: [UInt8] {
        let time = Self.clfTime(time)
        let quoted = method.rawValue.utf8.count + target.utf8.count + httpVersion.utf8.count
        // Each quoted byte may become four (`\xHH`); 96 holds the rest's fixed bytes and two numbers.
        let capacity =
            96 + (remoteAddress?.utf8.count ?? 1) + time.utf8.count
            + 4 * (quoted + (referer?.utf8.count ?? 1) + (userAgent?.utf8.count ?? 1))
        return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            var line = LineWriter(start: buffer.baseAddress!)
            line.write(remoteAddress ?? "-")
            line.write(" - - [")
            line.write(time)
            line.write("] \"")
            line.writeQuoted(method.rawValue)
            line.write(" ")
            line.writeQuoted(target)
            line.write(" ")
            line.writeQuoted(httpVersion)
            line.write("\" ")
            line.writeDecimal(status)
            line.write(" ")
            if bodyBytes == 0 { line.write("-") } else { line.writeDecimal(bodyBytes) }
            line.write(" \"")
            line.writeQuoted(referer ?? "-")
            line.write("\" \"")
            line.writeQuoted(userAgent ?? "-")
            line.write("\"\n")
            count = line.count
        }
    }

    /// The entry as one JSON object (`--log-format json`): `time` (RFC 3339, UTC,
    /// milliseconds), `method`, `path` (the raw target), `status`, `bytes`,
    /// `duration_ms`, `request_id`, `remote`, `referer`, `user_agent` (null when not sent).
    public var jsonLine: String {
        let string = Self.jsonString
        let milliseconds = (durationMilliseconds * 1000).rounded() / 1000
        return "{\"time\":\(string(Self.rfc3339(time))),\"method\":\(string(method.rawValue)),\"path\":\(string(target)),"
            + "\"status\":\(status),\"bytes\":\(bodyBytes),\"duration_ms\":\(milliseconds),"
            + "\"request_id\":\(string(requestID)),\"remote\":\(string(remoteAddress)),"
            + "\"referer\":\(string(referer)),\"user_agent\":\(string(userAgent))}"
    }

    /// `02/Dec/2026:15:06:34 +0000` (UTC); the last second's text is kept, as
    /// a busy server logs many requests in each.
    static func clfTime(_ date: Date) -> String {
        let second = Int64(date.timeIntervalSince1970.rounded(.down))
        if let kept = lastCLFTime.withLock({ $0.second == second ? $0.text : nil }) { return kept }
        let text = formatCLFTime(date)
        lastCLFTime.withLock { $0 = (second, text) }
        return text
    }

    /// The last second ``clfTime(_:)`` formatted, and its text.
    private static let lastCLFTime = Mutex<(second: Int64, text: String)>((.min, ""))

    private static func formatCLFTime(_ date: Date) -> String {
        let parts = utcParts(date)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(two(parts.day))/\(months[parts.month - 1])/\(parts.year):\(two(parts.hour)):\(two(parts.minute)):"
            + "\(two(parts.second)) +0000"
    }

    /// A line of the JSON log that is not a request (the server's start, a
    /// drop notice): `{"time":"…","message":"…"}`, so every line of a JSON
    /// access log parses as JSON.
    public static func jsonMessage(_ message: String, time: Date = Date()) -> String {
        "{\"time\":\(jsonString(rfc3339(time))),\"message\":\(jsonString(message))}"
    }

    /// `text` as a JSON string (RFC 8259 §7), `null` for nil; `<`, `>` and `&`
    /// escaped as in every JSON the server writes (a log viewer may show HTML).
    static func jsonString(_ text: String?) -> String {
        guard let text else { return "null" }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `2026-12-02T15:06:34.123Z` (RFC 3339, UTC).
    static func rfc3339(_ date: Date) -> String {
        let parts = utcParts(date)
        let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded(.down)) % 1000
        let fraction = String(milliseconds + 1000).dropFirst()
        return "\(parts.year)-\(two(parts.month))-\(two(parts.day))T\(two(parts.hour)):\(two(parts.minute)):"
            + "\(two(parts.second)).\(fraction)Z"
    }

    private static func two(_ number: Int) -> String { number < 10 ? "0\(number)" : String(number) }

    /// The calendar fields of `date` in UTC (gmtime_r: no formatter, no locale).
    private static func utcParts(_ date: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var fields = tm()
        gmtime_r(&seconds, &fields)
        return (
            Int(fields.tm_year) + 1900, Int(fields.tm_mon) + 1, Int(fields.tm_mday), Int(fields.tm_hour),
            Int(fields.tm_min), Int(fields.tm_sec)
        )
    }
}

/// Writes a log line into memory sized for it (``AccessLogEntry/combinedLineBytes``).
private struct LineWriter {
    let start: UnsafeMutablePointer<UInt8>
    var count = 0

    /// Fixed text.
    mutating func write(_ text: StaticString) {
        (start + count).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        count += text.utf8CodeUnitCount
    }

    /// `text`'s UTF-8.
    mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            (start + count).update(from: base, count: bytes.count)
            count += bytes.count
        }
    }

    /// A field for inside double quotes: `"` and `\` escaped with `\`, controls
    /// as `\xHH`, as nginx writes them.
    mutating func writeQuoted(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            for byte in bytes {
                switch byte {
                case 0x22, 0x5C:
                    start[count] = 0x5C
                    start[count + 1] = byte
                    count += 2
                case 0..<0x20, 0x7F:
                    let digits: StaticString = "0123456789ABCDEF"
                    start[count] = 0x5C
                    start[count + 1] = UInt8(ascii: "x")
                    start[count + 2] = digits.utf8Start[Int(byte >> 4)]
                    start[count + 3] = digits.utf8Start[Int(byte & 0xF)]
                    count += 4
                default:
                    start[count] = byte
                    count += 1
                }
            }
        }
    }

    /// `number` in decimal, as `String(number)` writes it.
    mutating func writeDecimal(_ number: Int) {
        if number < 0 {
            start[count] = UInt8(ascii: "-")
            count += 1
        }
        let magnitude = number.magnitude
        var divisor: UInt = 1
        while divisor <= magnitude / 10 { divisor *= 10 }
        while divisor > 0 {
            start[count] = UInt8(ascii: "0") + UInt8(magnitude / divisor % 10)
            count += 1
            divisor /= 10
        }
    }
}
