import Foundation
import Testing

@testable import ListState

/// Issue 15, part 3: no parameter brings a control, bidi-control or
/// noncharacter code point into a page raw, and an echoed parameter is
/// bounded in length. Each answer is validated (`TestServer.get`), so a raw
/// U+0000 would also fail as a parse error.
@Suite struct EchoedParameterTests {
    /// The code points the fault report named, percent-encoded as a browser sends them.
    static let hostile: [(encoded: String, value: UInt32)] = [
        ("%00", 0), ("%01", 1), ("%1B", 0x1B), ("%7F", 0x7F), ("%C2%85", 0x85),
        ("%E2%80%AE", 0x202E), ("%EF%BF%BF", 0xFFFF), ("%E2%81%A6", 0x2066), ("%EF%B7%90", 0xFDD0),
    ]

    /// Whether `text` holds any of the hostile code points raw.
    static func holdsRaw(_ text: String) -> Unicode.Scalar? {
        let raw = Set(hostile.map(\.value))
        return text.unicodeScalars.first { raw.contains($0.value) }
    }

    static let server = TestServer.shared

    @Test(arguments: hostile.map(\.encoded))
    func aCategoryIsShownVisiblyNeverRaw(_ encoded: String) throws {
        let server = try #require(Self.server)
        for headers in [[:], ["HX-Request": "true"]] {
            let answer = try server.get("/?category=L" + encoded, headers: headers)
            #expect(answer.status == 400)
            #expect(Self.holdsRaw(answer.text) == nil, "\(encoded) reached the page raw")
            #expect(answer.text.contains("The value of “category” holds a control character"))
        }
    }

    @Test(arguments: hostile.map(\.encoded))
    func aSearchWithSuchACodePointIsRefused(_ encoded: String) throws {
        let server = try #require(Self.server)
        let answer = try server.get("/?q=snow" + encoded + "man")
        #expect(answer.status == 400)
        #expect(Self.holdsRaw(answer.text) == nil, "\(encoded) reached the page raw")
    }

    @Test func aLongParameterIsEchoedBounded() throws {
        let server = try #require(Self.server)
        let long = String(repeating: "x", count: 5_000)
        let answer = try server.get("/?category=" + long)
        #expect(answer.status == 400)
        #expect(!answer.text.contains(String(repeating: "x", count: VisibleText.maximumEcho + 1)))
        #expect(answer.text.contains(String(repeating: "x", count: VisibleText.maximumEcho - 1) + "…"))
    }

    @Test(arguments: hostile.map(\.encoded))
    func aTablesSortFilterAndSearchAreShownVisiblyNeverRaw(_ encoded: String) throws {
        let fixture = try TableFixture()
        for target in [
            "/products?sort=na" + encoded + "me", "/products?name=a" + encoded + "b",
            "/products?name__contains=" + encoded, "/products?q=a" + encoded + "b",
            "/products?name__bad" + encoded + "=1", "/products?sort=-x" + encoded + "&sort=y",
        ] {
            for headers in [[:], ["HX-Request": "true"]] {
                let answer = try fixture.server.get(target, headers: headers)
                #expect(answer.status == 200 || answer.status == 400, "\(target)")
                #expect(Self.holdsRaw(answer.text) == nil, "\(target): \(encoded) reached the page raw")
            }
        }
    }

    @Test func aTablesLongSortAndFilterAreEchoedBounded() throws {
        let fixture = try TableFixture()
        let long = String(repeating: "y", count: 5_000)
        let sort = try fixture.server.get("/products?sort=" + long)
        #expect(sort.status == 400)
        #expect(!sort.text.contains(String(repeating: "y", count: VisibleText.maximumEcho + 1)))
        // A filter's value travels whole in its links and hidden inputs (the next request needs
        // it); what the page says of it is bounded.
        for target in ["/products?name=" + long, "/products?name__in=" + long] {
            let answer = try fixture.server.get(target)
            let said = Markup.visibleText(answer.text)
            #expect(!said.contains(String(repeating: "y", count: VisibleText.maximumEcho + 1)), "\(target)")
            #expect(said.contains(String(repeating: "y", count: VisibleText.maximumEcho - 1) + "…"), "\(target)")
        }
    }
}
