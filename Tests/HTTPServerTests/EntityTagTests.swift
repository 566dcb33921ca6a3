import Testing

@testable import HTTPServer

/// Strong entity tags from content (RFC 9110 §8.8.3) and conditional
/// answers to `If-None-Match` (RFC 9110 §13.1.2, §15.4.5).
@Suite struct EntityTagTests {
    @Test func equalBytesGiveEqualTagsAndAnyChangeAnother() {
        var seen: Set<String> = []
        // Past 32 bytes the words go to four lanes: lengths up to three blocks and a tail.
        for length in 0..<104 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let tag = EntityTag.strong(for: bytes)
            #expect(tag == EntityTag.strong(for: bytes))
            #expect(tag.hasPrefix("\"\(String(length, radix: 16))-") && tag.hasSuffix("\""))
            #expect(seen.insert(tag).inserted, "length \(length)")
            for position in 0..<length {
                var changed = bytes
                changed[position] ^= 0x01
                #expect(EntityTag.strong(for: changed) != tag, "one bit at \(position) of \(length)")
            }
        }
    }

    /// Words in different lanes, or in the same lane, swapped: another tag.
    @Test func swappedWordsGiveAnotherTag() {
        let words = (0..<16).map { UInt8($0) }.map { [UInt8](repeating: $0, count: 8) }
        let bytes = words.flatMap { $0 }
        for (first, second) in [(0, 1), (0, 4), (3, 7), (8, 12), (14, 15)] {
            var swapped = words
            swapped.swapAt(first, second)
            #expect(EntityTag.strong(for: swapped.flatMap { $0 }) != EntityTag.strong(for: bytes), "words \(first) and \(second)")
        }
    }

    @Test func trailingZeroBytesAreNotLost() {
        // The last partial word is padded with zeros: the length keeps [1] and [1, 0] apart.
        #expect(EntityTag.strong(for: [1]) != EntityTag.strong(for: [1, 0]))
        #expect(EntityTag.strong(for: []) != EntityTag.strong(for: [0]))
    }

    func response(tag: String?) -> Response {
        var response = Response.html(Array("<p>x</p>".utf8))
        response.headers.add(name: "Vary", value: "HX-Request")
        response.headers.add(name: "Cache-Control", value: "no-cache")
        if let tag { response.headers.add(name: "ETag", value: tag) }
        return response
    }

    @Test func aMatchingConditionGetsA304WithTheValidatorsAndNoBody() throws {
        let tag = "\"9-abc\""
        for condition in [tag, "W/\(tag)", "\"a\", \(tag)", " \(tag) ", "*"] {
            let request = try Request(method: .get, target: "/", headers: ["If-None-Match": condition])
            let answer = response(tag: tag).evaluatingConditions(of: request)
            #expect(answer.status == 304 && answer.body.isEmpty, "\(condition)")
            #expect(answer.headers["ETag"] == tag && answer.headers["Vary"] == "HX-Request")
            #expect(answer.headers["Cache-Control"] == "no-cache" && answer.headers["Content-Type"] == nil)
        }
    }

    @Test func otherwiseTheResponseIsUnchanged() throws {
        let plain = try Request(method: .get, target: "/")
        #expect(response(tag: "\"1-a\"").evaluatingConditions(of: plain).status == 200)
        let other = try Request(method: .get, target: "/", headers: ["If-None-Match": "\"1-b\", W/\"2-a\""])
        #expect(response(tag: "\"1-a\"").evaluatingConditions(of: other).body == Array("<p>x</p>".utf8))
        let any = try Request(method: .get, target: "/", headers: ["If-None-Match": "*"])
        #expect(response(tag: nil).evaluatingConditions(of: any).status == 200, "no tag, no condition to meet")
        var failed = response(tag: "\"1-a\"")
        failed.status = 503
        let matching = try Request(method: .get, target: "/", headers: ["If-None-Match": "\"1-a\""])
        #expect(failed.evaluatingConditions(of: matching).status == 503, "only a 200 becomes a 304")
    }

    /// `If-Match` naming none of the current tags is a 412 (RFC 9110 §13.1.1), before
    /// `If-None-Match` is looked at (§13.2.2); it compares strongly, so a weak tag
    /// fails. Found by a break-it pass: `If-Match: "nope"` got the 200.
    @Test func ifMatchNamingNoCurrentTagIsA412() throws {
        let tag = "\"9-abc\""
        for condition in ["\"nope\"", "W/\(tag)", "\"a\", W/\(tag)", ""] {
            for noneMatch in [nil, tag] {
                var headers: HTTPHeaders = ["If-Match": condition]
                if let noneMatch { headers.add(name: "If-None-Match", value: noneMatch) }
                let request = try Request(method: .get, target: "/", headers: headers)
                let answer = response(tag: tag).evaluatingConditions(of: request)
                #expect(answer.status == 412, "\(condition)")
                #expect(answer.headers["ETag"] == tag && answer.headers["Vary"] == "HX-Request")
                #expect(String(decoding: answer.body, as: UTF8.self).hasPrefix("Precondition Failed"))
            }
        }
        for condition in [tag, "\"a\", \(tag)", " \(tag) ", "*"] {
            let request = try Request(method: .get, target: "/", headers: ["If-Match": condition])
            #expect(response(tag: tag).evaluatingConditions(of: request).status == 200, "\(condition)")
            let both = try Request(method: .get, target: "/", headers: ["If-Match": condition, "If-None-Match": tag])
            #expect(response(tag: tag).evaluatingConditions(of: both).status == 304, "\(condition)")
        }
        let any = try Request(method: .get, target: "/", headers: ["If-Match": "*"])
        #expect(response(tag: nil).evaluatingConditions(of: any).status == 200, "any current representation")
        let named = try Request(method: .get, target: "/", headers: ["If-Match": tag])
        #expect(response(tag: nil).evaluatingConditions(of: named).status == 412, "no tag matches a named one")
        var missing = response(tag: tag)
        missing.status = 404
        #expect(missing.evaluatingConditions(of: named).status == 404, "preconditions are ignored for a non-2xx")
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
