import Foundation
import Testing

@testable import ListState

/// Found by a break-it pass: a configuration file that named a list twice was read
/// as its last one (JSON keeps the last name silently), so a second `"products"`
/// undid the first one's `hiddenColumns`; and a syntax error said nothing of where.
@Suite struct JSONStructureTests {
    @Test(arguments: [
        (#"{"a": 1, "a": 2}"#, JSONStructure.RepeatedName(path: "", name: "a", line: 1)),
        ("{\"lists\": {\n  \"products\": {\"title\": \"A\"},\n  \"products\": {}}}", .init(path: "lists", name: "products", line: 3)),
        (#"{"lists": {"p": {"lazy": "x", "lazy": true}}}"#, .init(path: "lists.p", name: "lazy", line: 1)),
        (#"{"ab": 1, "a\u0062": 2}"#, .init(path: "", name: "ab", line: 1)),
        (#"{"x": [{"v": 1}, {"w": [1, {"k": 1, "k": 2}]}]}"#, .init(path: "x.w", name: "k", line: 1)),
    ])
    func aNameHeldTwiceIsFound(_ json: String, _ expected: JSONStructure.RepeatedName) {
        #expect(JSONStructure.firstRepeatedName(in: Array(json.utf8)) == expected)
    }

    @Test(arguments: [
        #"{"a": 1, "b": {"a": 2}}"#, #"[{"a": 1}, {"a": 2}]"#, #"{"a": "\"a\": {\"a\"", "b": ["a", "a"]}"#,
        #"{"a\\": 1, "a": 2}"#, #"{"t": "}", "u": "{", "t2": 1}"#, "3", #""a""#,
    ])
    func distinctNamesAreFine(_ json: String) {
        #expect(JSONStructure.firstRepeatedName(in: Array(json.utf8)) == nil, "\(json)")
    }

    @Test func aSyntaxErrorNamesItsLineAndColumn() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("liststate-json-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try Data("{\n  \"lists\": {}\n  \"server\": {}\n}".utf8).write(to: URL(fileURLWithPath: file))
        #expect(throws: ConfigurationError(file: file, key: "", message: "the file is not valid JSON (line 3, column 3)")) {
            try ConfigurationFile.load(path: file, knownLists: ["characters"])
        }
        try Data("{\"lists\": {\"products\": {\"hiddenColumns\": [\"cost\"]},\n \"products\": {\"title\": \"P\"}}}".utf8)
            .write(to: URL(fileURLWithPath: file))
        #expect(
            throws: ConfigurationError(
                file: file, key: "lists.products", message: "named twice in one object (again on line 2); name it once")
        ) {
            try ConfigurationFile.load(path: file, knownLists: ["characters"])
        }
    }
}
