import Foundation
import Testing

@testable import ListStore

/// Unpadded base64url (RFC 4648 §5), the alphabet of cursors: what Foundation's
/// base64 writes with `-` and `_` for `+` and `/` and no padding, read back as written.
@Suite struct Base64URLTests {
    @Test func encodesAsRFC4648Section5WithoutPadding() {
        var generator = SystemRandomNumberGenerator()
        for count in 0...70 {
            for _ in 0..<8 {
                let bytes = (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
                let reference = Data(bytes).base64EncodedString()
                    .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                    .replacingOccurrences(of: "=", with: "")
                let encoded = Base64URL.encode(bytes)
                #expect(encoded == reference, "\(bytes)")
                #expect(Base64URL.decode(encoded) == bytes, "\(bytes)")
            }
        }
        #expect(Base64URL.encode([]) == "" && Base64URL.encode([0xFB, 0xFF]) == "-_8")
    }
}
