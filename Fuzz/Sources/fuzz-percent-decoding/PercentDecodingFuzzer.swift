// fuzz-percent-decoding: PercentDecoding.decode (Sources/HTTPServer/Message/
// PercentDecoding.swift), against a reference decoder written independently,
// and with QueryString.encode (Sources/ListState/Request/QueryString.swift,
// compiled in through the symlink in ListState/), the encoder of every link.
//
// Input: the first byte's low bit is `plusIsSpace`; the rest is one component,
// passed as an array slice that does not start at index 0.
// Properties:
// - decode gives exactly what the reference gives: nil for a malformed escape
//   or invalid UTF-8, else the bytes with each `%XX` replaced (and `+` as a
//   space when asked);
// - decode(encode(s)) == s for any string s, so every link the server writes
//   reads back as the values it was made from; `encode` writes only
//   `[A-Za-z0-9*-._+%]`;
// - as a query value in a request target, an encoded string comes back unchanged.
import FuzzSupport

@testable import HTTPServer

/// The reference: a plain index walk, hex digits read with `UInt8(_:radix:)`.
private func referenceDecode(_ bytes: [UInt8], plusIsSpace: Bool) -> String? {
    var output: [UInt8] = []
    var index = 0
    while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "%"):
            guard index + 2 < bytes.count else { return nil }
            let digits = bytes[(index + 1)...(index + 2)]
            guard digits.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }),
                let value = UInt8(String(decoding: digits, as: UTF8.self), radix: 16)
            else { return nil }
            output.append(value)
            index += 3
        case UInt8(ascii: "+") where plusIsSpace:
            output.append(UInt8(ascii: " "))
            index += 1
        case let byte:
            output.append(byte)
            index += 1
        }
    }
    return String(validating: output, as: UTF8.self)
}

private let linkAlphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789*-._+%".utf8)

/// libFuzzer's entry point: checks the properties above on one input of
/// `count` bytes at `data`, aborting on the first that fails; returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPercentDecoding(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzBytes(data, count)
    guard let first = bytes.first else { return 0 }
    let plusIsSpace = first & 1 == 1
    let component = bytes[1...]

    let decoded = PercentDecoding.decode(component, plusIsSpace: plusIsSpace)
    let expected = referenceDecode(Array(component), plusIsSpace: plusIsSpace)
    fuzzCheck(decoded == expected, "decode(\(Array(component)), \(plusIsSpace)) = \(String(describing: decoded)), expected \(String(describing: expected))")

    // Encoding round trip, of the decoded text and of the input read as text.
    for text in [decoded, String(decoding: component, as: UTF8.self)].compactMap({ $0 }) {
        let encoded = QueryString.encode(text)
        fuzzCheck(encoded.utf8.allSatisfy(linkAlphabet.contains), "encode wrote \(encoded)")
        fuzzCheck(
            PercentDecoding.decode(Array(encoded.utf8), plusIsSpace: true) == text,
            "decode(encode(\(text.debugDescription))) differs")
        let target = RequestTarget(parsing: "/?k=" + encoded + "&b")
        fuzzCheck(
            target?.queryItems == [QueryItem(name: "k", value: text), QueryItem(name: "b", value: "")],
            "the query ?k=\(encoded) reads back as \(String(describing: target?.queryItems))")
    }
    return 0
}
