import Foundation
import Mustache
import Testing

/// Names match by canonical equivalence, as Swift strings do (Unicode §3.7): the
/// template's names, the fields' names and JSON keys agree (found by QA: `{{é}}`
/// written precomposed missed a key written `e` + U+0301).
@Suite struct CanonicalNameTests {
    static let precomposed = "\u{E9}"  // é
    static let decomposed = "e\u{301}"  // e + COMBINING ACUTE ACCENT
    static let angstrom = "\u{212B}"  // ANGSTROM SIGN, canonically Å (U+00C5)

    @Test func equivalentNamesShareAHash() {
        #expect(MustacheFields.hash(Self.precomposed) == MustacheFields.hash(Self.decomposed))
        #expect(MustacheFields.hash(Self.angstrom) == MustacheFields.hash("\u{C5}"))
        #expect(MustacheFields.hash("e") != MustacheFields.hash(Self.decomposed))
    }

    @Test func fieldsFindAnEquivalentName() {
        var fields: MustacheFields = [Self.decomposed: "dec"]
        #expect(describe(fields[Self.precomposed]) == describe(.string("dec")))
        fields[Self.precomposed] = "comp"
        #expect(fields.count == 1, "one name, replaced")
        // Above the linear limit the index is searched by hash.
        for index in 0..<20 { fields["k\(index)"] = .int(index) }
        #expect(describe(fields[Self.decomposed]) == describe(.string("comp")))
    }

    @Test(arguments: [(precomposed, decomposed), (decomposed, precomposed), ("\u{C5}", angstrom)])
    func tagsFindEquivalentKeys(_ tag: String, _ key: String) throws {
        #expect(try render("{{\(tag)}}", [key: "found"]) == "found")
        #expect(try render("{{\(tag)}}|{{\(key)}}", [key: "found"]) == "found|found")
        let many = (0..<20).map { ("k\($0)", MustacheValue.int($0)) } + [(key, MustacheValue.string("found"))]
        #expect(try render("{{\(tag)}}", .dictionary(MustacheFields(Dictionary(uniqueKeysWithValues: many)))) == "found")
        let json = try MustacheValue(jsonData: Data("{\"\(key)\": \"found\"}".utf8))
        #expect(try render("{{\(tag)}}", json) == "found")
    }
}
