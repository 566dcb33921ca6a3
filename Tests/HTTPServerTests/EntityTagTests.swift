import Testing
import Foundation
import HTTPServer

/// `If-None-Match` evaluation (RFC 9110 §13.1.2) on its own, without a server.
@Suite struct EntityTagTests {
    @Test(arguments: [
        ("*", true),
        ("W/TAG", true),
        (" \tTAG\t ", true),
        ("\"a\", W/TAG", true),
        ("\"a\",\"b\"", false),
        ("TAGx", false),
        ("", false),
    ])
    func matchesTheListMembers(field: String, matches: Bool) {
        let tag = EntityTag.strong(for: Array("hello".utf8))
        #expect(EntityTag.ifNoneMatch(field.replacingOccurrences(of: "TAG", with: tag), matches: tag) == matches)
    }

    /// Found by Fuzz/ fuzz-if-none-match (input 00 D8 80: the tag of no bytes,
    /// the field U+0600): a member ending in a "prepend" character such as
    /// U+0600 made one Character of it and the comma after it, so the tag after
    /// the comma was never seen and a cached copy was sent again in full.
    @Test func aCommaAfterAPrependCharacterStillSeparates() {
        let tag = EntityTag.strong(for: [])
        #expect(EntityTag.ifNoneMatch("\u{600}, \t" + tag + " \t", matches: tag))
        #expect(EntityTag.ifNoneMatch("\u{600}," + tag, matches: tag))
        #expect(EntityTag.ifNoneMatch("x\u{600},*", matches: tag))
        #expect(!EntityTag.ifNoneMatch("\u{600}", matches: tag))
    }
}
