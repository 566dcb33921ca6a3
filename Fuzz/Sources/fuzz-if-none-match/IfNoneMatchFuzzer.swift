// fuzz-if-none-match: EntityTag.ifNoneMatch and EntityTag.strong
// (Sources/HTTPServer/Files/EntityTag.swift).
//
// Input: the first byte chooses how many of the next bytes are the content whose
// tag is current; the rest is the `If-None-Match` field value.
// Properties:
// - a match needs the current tag in the field, or a `*`: never a 304 for a
//   tag that is not in the list;
// - the tag itself, `W/` + the tag, and the field with the tag appended (with
//   spaces and tabs around it) all match;
// - the tag without a quote, or another content's tag, never matches;
// - a tag is `"<hex length>-<hex hash>"`, and equal content gives equal tags.
import FuzzSupport
import HTTPServer

/// libFuzzer's entry point: checks the properties above on one input of
/// `count` bytes at `data`, aborting on the first that fails; returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIfNoneMatch(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzBytes(data, count)
    guard let first = bytes.first else { return 0 }
    let split = min(bytes.count, 1 + Int(first) % 32)
    let content = Array(bytes[1..<split])
    let field = String(decoding: bytes[split...], as: UTF8.self)

    let tag = EntityTag.strong(for: content)
    let inner = tag.dropFirst().dropLast().split(separator: "-", omittingEmptySubsequences: false)
    fuzzCheck(
        tag.hasPrefix("\"") && tag.hasSuffix("\"") && inner.count == 2
            && Int(inner[0], radix: 16) == content.count && UInt64(inner[1], radix: 16) != nil,
        "malformed tag \(tag)")
    fuzzCheck(EntityTag.strong(for: content) == tag, "the tag of the same content changed")

    let matches = EntityTag.ifNoneMatch(field, matches: tag)
    if matches {
        fuzzCheck(field.contains(tag) || field.contains("*"), "\(field.debugDescription) matched \(tag)")
    }
    fuzzCheck(EntityTag.ifNoneMatch(tag, matches: tag), "\(tag) does not match itself")
    fuzzCheck(EntityTag.ifNoneMatch("W/" + tag, matches: tag), "W/\(tag) does not match")
    fuzzCheck(
        EntityTag.ifNoneMatch(field + ", \t" + tag + " \t", matches: tag),
        "\(field.debugDescription) + the tag does not match")
    fuzzCheck(!EntityTag.ifNoneMatch(String(tag.dropLast()), matches: tag), "an unclosed tag matched")
    fuzzCheck(!EntityTag.ifNoneMatch(String(tag.dropFirst()), matches: tag), "an unopened tag matched")

    // Another content's tag never matches, alone or as the field's members.
    let other = EntityTag.strong(for: content + [0])
    fuzzCheck(!EntityTag.ifNoneMatch(other, matches: tag), "\(other) matched \(tag)")
    if !field.contains("*") && !field.contains(tag) {
        fuzzCheck(!matches, "\(field.debugDescription) matched \(tag)")
        fuzzCheck(!EntityTag.ifNoneMatch(field + "," + other, matches: tag), "\(field.debugDescription),\(other) matched \(tag)")
    }
    return 0
}
