import Foundation
import ListStore
import Testing

@testable import ListState

@Suite struct JSONWriterTests {
    @Test func stringsAreEscapedAndReadBackTheSame() throws {
        for text in ["plain", "quote \" backslash \\ slash /", "\n\r\t\u{0}\u{1F}\u{7F}", "\u{2028}\u{2029}", "é日本😀", ""] {
            var writer = JSONWriter()
            writer.string(text)
            let decoded = try JSONSerialization.jsonObject(with: Data(writer.bytes), options: .fragmentsAllowed) as? String
            #expect(decoded == text)
            #expect(!writer.bytes.contains(0x0A) && !writer.bytes.contains(0))
        }
    }

    /// Issue 41: `<`, `>` and `&` went out raw; they are written as Go's
    /// encoding/json writes them, and read back the same.
    @Test func markupCharactersAreEscapedAndReadBackTheSame() throws {
        let text = "<script>alert(1)</script> & <&>é"
        var writer = JSONWriter()
        writer.string(text)
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == #""\u003cscript\u003ealert(1)\u003c/script\u003e \u0026 \u003c\u0026\u003eé""#)
        let decoded = try JSONSerialization.jsonObject(with: Data(writer.bytes), options: .fragmentsAllowed) as? String
        #expect(decoded == text)
        #expect(try JSONDecoder().decode(String.self, from: Data(writer.bytes)) == text)
    }

    @Test func aColumnsFormatWritesBooleansAndJSONAsSuch() {
        let cases: [(SQLValue, TableDescription.ValueFormat, String)] = [
            (.integer(1), .boolean, "true"), (.integer(0), .boolean, "false"), (.null, .boolean, "null"),
            (.text(#"{"a": [1, 2]}"#), .json, #"{"a": [1, 2]}"#), (.null, .json, "null"), (.real(.nan), .plain, #"{"$real": "NaN"}"#),
        ]
        for (value, format, expected) in cases {
            var writer = JSONWriter()
            writer.value(value, format: format)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
        }
    }

    @Test func base64FollowsRFC4648() {
        #expect(JSONWriter.base64(Array("".utf8)) == "")
        #expect(JSONWriter.base64(Array("f".utf8)) == "Zg==")
        #expect(JSONWriter.base64(Array("fo".utf8)) == "Zm8=")
        #expect(JSONWriter.base64(Array("foo".utf8)) == "Zm9v")
        #expect(JSONWriter.base64(Array("foobar".utf8)) == "Zm9vYmFy")
        #expect(JSONWriter.base64([0xFB, 0xFF]) == "+/8=")
    }

    @Test func valuesKeepTheirStorageClass() {
        let cases: [(SQLValue, String)] = [
            (.integer(9_007_199_254_740_993), "9007199254740993"), (.integer(.min), "-9223372036854775808"),
            (.real(0.1), "0.1"), (.real(1e300), "1e+300"), (.real(-0.0), "-0.0"), (.real(2), "2.0"),
            (.real(.infinity), "{\"$real\": \"Infinity\"}"), (.real(-.infinity), "{\"$real\": \"-Infinity\"}"),
            (.null, "null"), (.blob([0, 1]), "{\"$base64\": \"AAE=\"}"), (.text("a"), "\"a\""),
        ]
        for (value, expected) in cases {
            var writer = JSONWriter()
            writer.value(value)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
        }
        for number in [0.1, 1e300, -2.5e-308, 123456789.123456789, .pi] {
            #expect(Double(SQLValue.shortestText(number)) == number)
        }
    }
}
