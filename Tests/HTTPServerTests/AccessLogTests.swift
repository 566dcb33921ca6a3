import Foundation
import Testing

@testable import HTTPServer

/// The access log gets one entry per answered request.
@Suite struct AccessLogTests {
    /// The client's IPv4 address is written as `inet_ntop` writes it.
    @Test func anIPv4AddressIsWrittenAsInetNtopWritesIt() {
        var generator = SystemRandomNumberGenerator()
        let edges: [(UInt8, UInt8, UInt8, UInt8)] = [(0, 0, 0, 0), (255, 255, 255, 255), (127, 0, 0, 1), (10, 9, 100, 99), (1, 20, 200, 255)]
        let random = (0..<1000).map { _ in
            (
                UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator),
                UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator)
            )
        }
        for var address in edges + random {
            let expected = withUnsafeBytes(of: &address) { bytes in
                withUnsafeTemporaryAllocation(of: CChar.self, capacity: 16) { buffer in
                    inet_ntop(AF_INET, bytes.baseAddress, buffer.baseAddress, 16).map { String(cString: $0) }
                }
            }
            #expect(dottedDecimal(address) == expected)
        }
    }

    @Test func oneEntryPerRequest() throws {
        let entries = Recorder<AccessLogEntry>()
        let configuration = testConfiguration { $0.accessLog = { entries.append($0) } }
        try withServer(router: sampleRouter(), configuration: configuration) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.request("GET", "/chars/41?x=%20")
            _ = try client.readResponse()
            try client.request("HEAD", "/nowhere")
            _ = try client.readResponse(bodyless: true)
            let logged = entries.wait { $0.count >= 2 }
            #expect(logged.count == 2)
            let first = try #require(logged.first { $0.method == .get })
            #expect(first.target == "/chars/41?x=%20")
            #expect(first.status == 200)
            #expect(first.bodyBytes == 7)
            #expect(first.remoteAddress == "127.0.0.1")
            #expect(first.durationMilliseconds >= 0)
            #expect(first.combinedLine.contains("\"GET /chars/41?x=%20 HTTP/1.1\" 200 7 \"-\" \"-\""))
            #expect(first.requestID.count == 16, "a request without X-Request-Id gets one")
            let second = try #require(logged.first { $0.method == .head })
            #expect(second.status == 404)
            #expect(second.bodyBytes == 0)
        }
    }

    /// Header fields are read with their lengths: a value is whole, without the spaces
    /// and tabs around it, and invalid UTF-8 in it reads as U+FFFD, as a C string's bytes read.
    @Test func headerValuesReachTheLogWholeAndRepaired() throws {
        let entries = Recorder<AccessLogEntry>()
        try withServer(router: sampleRouter(), configuration: testConfiguration { $0.accessLog = { entries.append($0) } }) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.send(
                Array("GET / HTTP/1.1\r\nHost: x\r\nReferer: http://example.org/a?b=c\r\nUser-Agent: caf".utf8) + [0xE9]
                    + Array(" tool/1.0 (x; y) \t \r\n\r\n".utf8))
            _ = try client.readResponse()
            let logged = try #require(entries.wait { $0.count >= 1 }.first)
            #expect(logged.referer == "http://example.org/a?b=c")
            #expect(logged.userAgent == "caf\u{FFFD} tool/1.0 (x; y)")
        }
    }
}

/// Issue 16, part 3: the Combined Log Format every log tool reads, one JSON
/// object per line, and the request id in the log and in `X-Request-Id`.
@Suite struct AccessLogFormatTests {
    static let entry = AccessLogEntry(
        method: .get, target: "/products?q=a%22b", status: 200, bodyBytes: 1234, durationMilliseconds: 3.25,
        remoteAddress: "10.0.0.7", time: Date(timeIntervalSince1970: 1_796_226_394.5), httpVersion: "HTTP/1.1",
        referer: "http://example.org/a \"b\"", userAgent: "tool\u{1}/1", requestID: "abc-123")

    @Test func combinedLogFormat() {
        #expect(Self.entry.combinedLine == #"10.0.0.7 - - [02/Dec/2026:15:46:34 +0000] "GET /products?q=a%22b HTTP/1.1" 200 1234 "http://example.org/a \"b\"" "tool\x01/1""#)
        var empty = Self.entry
        (empty.bodyBytes, empty.referer, empty.userAgent, empty.remoteAddress) = (0, nil, nil, nil)
        #expect(empty.combinedLine == #"- - - [02/Dec/2026:15:46:34 +0000] "GET /products?q=a%22b HTTP/1.1" 200 - "-" "-""#)
        // What the log writes: the line's UTF-8 and a newline.
        for entry in [Self.entry, empty] {
            #expect(entry.combinedLineBytes == Array((entry.combinedLine + "\n").utf8))
        }
    }

    /// The line is written into memory sized for its longest form: every byte of a
    /// quoted field may become four (`\xHH`), and the numbers take up to 20 digits.
    @Test func theLongestFormOfEveryFieldFits() {
        var entry = Self.entry
        (entry.target, entry.userAgent, entry.referer) = (String(repeating: "\u{1F}", count: 500), String(repeating: "\"", count: 300) + "\u{7F}", nil)
        (entry.remoteAddress, entry.bodyBytes) = ("2001:db8::1234:5678:9abc:def0", Int.max)
        let line = entry.combinedLine
        #expect(line.hasPrefix("2001:db8::1234:5678:9abc:def0 - - ["))
        #expect(line.contains(" \"GET " + String(repeating: "\\x1F", count: 500) + " HTTP/1.1\" 200 \(Int.max) \"-\" \""))
        #expect(line.hasSuffix("\"" + String(repeating: "\\\"", count: 300) + "\\x7F\""))
    }

    /// The status and the byte count are written as `String(_:)` writes them, at every length.
    @Test(arguments: [1, 9, 10, 99, 100, 101, 999, 1000, 65_536, 1_000_000, 9_999_999_999, Int.max])
    func combinedLineNumbers(bytes: Int) {
        var entry = Self.entry
        (entry.status, entry.bodyBytes) = (bytes % 500 + 100, bytes)
        #expect(entry.combinedLine.contains(#"HTTP/1.1" \#(bytes % 500 + 100) \#(bytes) "http"#))
    }

    @Test func jsonLineParsesBack() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(Self.entry.jsonLine.utf8)) as? [String: Any])
        #expect(object["time"] as? String == "2026-12-02T15:46:34.500Z")
        #expect(object["method"] as? String == "GET" && object["path"] as? String == "/products?q=a%22b")
        #expect(object["status"] as? Int == 200 && object["bytes"] as? Int == 1234)
        #expect(object["duration_ms"] as? Double == 3.25 && object["request_id"] as? String == "abc-123")
        #expect(object["user_agent"] as? String == "tool\u{1}/1" && object["referer"] as? String == "http://example.org/a \"b\"")
        #expect(!Self.entry.jsonLine.contains("\n"))
    }

    /// Issue 41: a JSON log line wrote `<`, `>` and `&` of a target or a header
    /// as they came; like every JSON the server writes, it escapes them now.
    @Test func jsonLineWritesNoMarkupCharacters() throws {
        var entry = Self.entry
        entry.target = "/characters.json?sort=<script>alert(1)</script>&x"
        entry.userAgent = "<b>&amp;</b>"
        let line = entry.jsonLine
        #expect(!line.contains(where: { "<>&".contains($0) }), "\(line)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["path"] as? String == entry.target && object["user_agent"] as? String == entry.userAgent)
        let message = AccessLogEntry.jsonMessage("a <b> & c")
        #expect(!message.contains(where: { "<>&".contains($0) }), "\(message)")
    }

    @Test func aJSONMessageLineParses() throws {
        let line = AccessLogEntry.jsonMessage("ListState is listening on \"http://x/\"\u{1}")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
        #expect(object["message"] == "ListState is listening on \"http://x/\"\u{1}" && object["time"]?.hasSuffix("Z") == true)
        // A field value excludes the whitespace around it (found by QA).
        #expect(RequestID.for(" abc-1\t") == "abc-1")
    }

    @Test func madeRequestIDsAreSixteenHexDigitsAndNeverRepeat() {
        var seen = Set<String>()
        for _ in 0..<10_000 {
            let id = RequestID.for(nil)
            #expect(id.utf8.count == 16 && id.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }, "\(id)")
            seen.insert(id)
        }
        #expect(seen.count == 10_000)
        #expect(RequestID.for("") != RequestID.for(""), "an empty field is not an id")
        #expect(RequestID.for(" \t ").utf8.count == 16)
        #expect(RequestID.for("bad id").utf8.count == 16 && RequestID.for(String(repeating: "a", count: 129)).utf8.count == 16)
        #expect(RequestID.hex(0x0123_4567_89AB_CDEF) == "0123456789abcdef")
    }

    @Test func theRequestIDIsTakenFromAProxyOrMadeAndSentBack() throws {
        let entries = Recorder<AccessLogEntry>()
        try withServer(router: sampleRouter(), configuration: testConfiguration { $0.accessLog = { entries.append($0) } }) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.send("GET / HTTP/1.1\r\nHost: x\r\nX-Request-Id: proxy-42.a\r\n\r\n")
            #expect(try client.readResponse().header("x-request-id") == "proxy-42.a")
            try client.send("GET / HTTP/1.1\r\nHost: x\r\nX-Request-Id: not ok!\r\n\r\n")
            let made = try #require(try client.readResponse().header("x-request-id"))
            #expect(made.count == 16 && made.allSatisfy(\.isHexDigit), "an unusable id is replaced")
            let logged = entries.wait { $0.count >= 2 }
            #expect(logged.map(\.requestID) == ["proxy-42.a", made])
        }
    }
}
