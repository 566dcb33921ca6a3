import Foundation
import Testing

@testable import UpstreamStore

/// An upstream's Retry-After in both of RFC 9110's forms; anything else is none.
@Suite struct UpstreamRetryAfterTests {
    static let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT

    @Test func delaySecondsAndAnHTTPDate() {
        #expect(UpstreamRetryAfter.seconds("120", now: Self.now) == 120)
        #expect(UpstreamRetryAfter.seconds(" 0 ", now: Self.now) == 0)
        #expect(UpstreamRetryAfter.seconds("Sun, 06 Nov 1994 08:51:37 GMT", now: Self.now) == 120)
    }

    @Test(arguments: ["", "-5", "1.5", "soon", "Sun, 06 Nov 1994 08:40:00 GMT", "Sunday, 06-Nov-94 08:51:37 GMT"])
    func anythingElseIsNone(value: String) {
        #expect(UpstreamRetryAfter.seconds(value, now: Self.now) == nil, "\(value)")
    }
}
