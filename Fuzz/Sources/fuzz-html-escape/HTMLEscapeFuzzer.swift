// fuzz-html-escape: HTMLEscaping (Sources/Mustache/HTMLEscaping.swift), the
// byte-level escaper behind every `{{value}}`.
//
// Properties, on the raw bytes (invalid UTF-8 included) and on the string API:
// - the output holds no raw `<`, `>`, `"`, `'`, backtick or `=`, and every `&`
//   starts one of the seven entities the escaper writes;
// - unescaping those seven entities gives the input back exactly (nothing lost,
//   nothing escaped twice, every other byte copied as is);
// - appending to a non-empty buffer keeps what was there;
// - `{{x}}` in a template renders exactly `escape(x)`, `{{{x}}}` exactly `x`.
import FuzzSupport
import Mustache

private let entities: [(entity: [UInt8], byte: UInt8)] = [
    (Array("&amp;".utf8), UInt8(ascii: "&")), (Array("&lt;".utf8), UInt8(ascii: "<")),
    (Array("&gt;".utf8), UInt8(ascii: ">")), (Array("&quot;".utf8), UInt8(ascii: "\"")),
    (Array("&#39;".utf8), UInt8(ascii: "'")), (Array("&#96;".utf8), UInt8(ascii: "`")),
    (Array("&#61;".utf8), UInt8(ascii: "=")),
]
private let forbidden: Set<UInt8> = Set("<>\"'`=".utf8)
private let escapedTemplate = try! Template(source: "{{x}}")
private let rawTemplate = try! Template(source: "{{{x}}}")

/// Checks that `output` is safe and unescapes back to `input`.
private func checkEscaped(_ output: ArraySlice<UInt8>, of input: [UInt8]) {
    var decoded: [UInt8] = []
    decoded.reserveCapacity(input.count)
    var index = output.startIndex
    while index < output.endIndex {
        let byte = output[index]
        fuzzCheck(!forbidden.contains(byte), "raw \(Character(Unicode.Scalar(byte))) at \(index) in \(Array(output))")
        if byte == UInt8(ascii: "&") {
            let match = entities.first { output[index...].starts(with: $0.entity) }
            fuzzCheck(match != nil, "& at \(index) starts no entity in \(Array(output))")
            decoded.append(match!.byte)
            index += match!.entity.count
        } else {
            decoded.append(byte)
            index += 1
        }
    }
    fuzzCheck(decoded == input, "unescaping \(Array(output)) gives \(decoded), not \(input)")
}

/// libFuzzer's entry point: checks the properties above on one input of
/// `count` bytes at `data`, aborting on the first that fails; returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTMLEscape(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzBytes(data, count)

    // Raw bytes, appended after a prefix that must survive.
    let prefix = Array("<p>".utf8)
    var buffer = prefix
    bytes.withUnsafeBufferPointer { HTMLEscaping.append(escaping: $0, to: &buffer) }
    fuzzCheck(buffer.starts(with: prefix), "the buffer's prefix was overwritten")
    checkEscaped(buffer[prefix.count...], of: bytes)

    // The string API (the bytes decoded as UTF-8, invalid sequences replaced).
    let string = String(decoding: bytes, as: UTF8.self)
    let escaped = HTMLEscaping.escape(string)
    checkEscaped(Array(escaped.utf8)[...], of: Array(string.utf8))

    // Through a template: the same escaper, and raw output untouched.
    let context = MustacheValue.dictionary(["x": .string(string)])
    fuzzCheck((try? escapedTemplate.render(context)) == escaped, "{{x}} differs from escape(x) for \(bytes)")
    fuzzCheck((try? rawTemplate.render(context)) == string, "{{{x}}} differs from x for \(bytes)")
    return 0
}
