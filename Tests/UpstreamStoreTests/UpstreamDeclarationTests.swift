import Foundation
import Mustache
import TestSupport
import Testing

@testable import UpstreamStore

/// The configuration's `upstreams.NAME`: each key's good values read, each bad one refused
/// naming the key and what is wrong.
@Suite struct UpstreamDeclarationTests {
    static let base = #""url": "https://api.example.org/v1/items", "key": "id", "pagination": "next""#

    static func declare(_ extra: String, environment: [String: String] = [:]) throws -> UpstreamDeclaration {
        try Pages.declaration("{\(base)\(extra)}", environment: environment)
    }

    @Test func theDefaultsOfAShortDeclaration() throws {
        let declaration = try Self.declare("")
        #expect(declaration.name == "items" && declaration.url == "https://api.example.org/v1/items" && declaration.key == "id")
        #expect(declaration.rowsPath == [] && declaration.columns == nil && declaration.pagination == .next(field: ["next"]))
        #expect(declaration.limitParameter == nil && declaration.searchParameter == nil && declaration.rowURL == nil)
        #expect(declaration.headers.isEmpty && declaration.pathPrefixes == [])
        #expect(declaration.timeLimit == .seconds(5) && declaration.connections == 8 && declaration.maximumBodyBytes == 8 << 20)
    }

    @Test func everyKeyRead() throws {
        let declaration = try Self.declare(
            #", "rows": "links.items", "columns": ["name", "price"], "limitParameter": "per_page", "searchParameter": "q", "#
                + #""rowURL": "https://API.example.org:443/v1/items/{key}", "pathPrefixes": ["/v1/"], "timeLimit": 1.5, "#
                + #""connections": 2, "maximumBodyBytes": 4096"#)
        #expect(declaration.rowsPath == ["links", "items"] && declaration.columns == ["id", "name", "price"], "the key first")
        #expect(declaration.limitParameter == "per_page" && declaration.searchParameter == "q")
        #expect(declaration.rowURL == "https://API.example.org:443/v1/items/{key}", "on the origin, however spelt")
        #expect(declaration.pathPrefixes == ["/v1/"] && declaration.timeLimit == .milliseconds(1_500))
        #expect(declaration.connections == 2 && declaration.maximumBodyBytes == 4096)
        #expect(try Self.declare(#", "columns": ["name", "id"]"#).columns == ["name", "id"], "a key named keeps its place")
        #expect(try Self.declare(#", "columns": null, "rows": null"#).columns == nil)
    }

    @Test func headersHaveTheEnvironmentsValues() throws {
        let declaration = try Self.declare(
            #", "headers": {"Authorization": "Bearer ${TOKEN}", "X-Both": "${A}-${B}", "X-Plain": "$A {B} ${"}"#,
            environment: ["TOKEN": "s3cret", "A": "1", "B": "2"])
        #expect(declaration.headers.map(\.name) == ["Authorization", "X-Both", "X-Plain"])
        #expect(declaration.headers.map(\.value) == ["Bearer s3cret", "1-2", "$A {B} ${"])
    }

    @Test(arguments: [
        (#""url": 3, "key": "id", "pagination": "next""#, "url", "must be a string"),
        (#""key": "id", "pagination": "next""#, "url", "is required"),
        (#""url": "ftp://api.example.org/items", "key": "id", "pagination": "next""#, "url", "is not an http:// or https:// address"),
        (#""url": "/items", "key": "id", "pagination": "next""#, "url", "is not an http:// or https:// address"),
        (#""url": "https://user:pw@api.example.org/items", "key": "id", "pagination": "next""#, "url", "is not an http:// or https://"),
        (#""url": "https://api.example.org/items", "pagination": "next""#, "key", "is required"),
        (#""url": "https://api.example.org/items", "key": "", "pagination": "next""#, "key", "is required"),
        (#""url": "https://api.example.org/items", "key": 1, "pagination": "next""#, "key", "must be a string"),
        (#""url": "https://api.example.org/items", "key": "id""#, "pagination", "is required"),
    ])
    func aRequiredKeyMissingOrWrongIsNamed(declaration: String, key: String, message: String) throws {
        let problem = #expect(throws: UpstreamDeclaration.Problem.self) { try Pages.declaration("{\(declaration)}") }
        #expect(problem?.key == key && problem?.message.contains(message) == true, "\(String(describing: problem))")
    }

    @Test(arguments: [
        (#", "rows": ["results"]"#, "rows", "must be a string"),
        (#", "columns": "name""#, "columns", "must be an array of field names"),
        (#", "columns": ["name", "name"]"#, "columns", "must be distinct field names"),
        (#", "columns": ["name", ""]"#, "columns", "must be distinct field names"),
        (#", "columns": ["name", 2]"#, "columns", "must be distinct field names"),
        (#", "limitParameter": 10"#, "limitParameter", "must be a string"),
        (#", "searchParameter": true"#, "searchParameter", "must be a string"),
        (#", "rowURL": "https://api.example.org/v1/items/1""#, "rowURL", "with {key} in it"),
        (#", "rowURL": "items/{key}""#, "rowURL", "with {key} in it"),
        (#", "rowURL": "http://api.example.org/v1/items/{key}""#, "rowURL", "must be on the origin of url (https://api.example.org)"),
        (#", "rowURL": "https://api.example.org:8443/v1/items/{key}""#, "rowURL", "must be on the origin of url"),
        (#", "rowURL": "https://other.example.org/v1/items/{key}""#, "rowURL", "must be on the origin of url"),
        (#", "headers": ["Authorization"]"#, "headers", "must be an object of header fields"),
        (#", "headers": {"X-Count": 3}"#, "headers.X-Count", "must be a string"),
        (#", "headers": {"Authorization": "Bearer ${UNSET}"}"#, "headers.Authorization", "names an environment variable that is not set"),
        (#", "pathPrefixes": "/v1/""#, "pathPrefixes", "must be an array of paths"),
        (#", "pathPrefixes": ["v1/"]"#, "pathPrefixes", "must be paths that begin with /"),
        (#", "pathPrefixes": ["/v2/"]"#, "pathPrefixes", "must hold the path of url"),
        (#", "pathPrefixes": ["/v1/items/"]"#, "pathPrefixes", "must hold the path of url"),
        (#", "pathPrefixes": ["/v1/items"], "rowURL": "https://api.example.org/v2/items/{key}""#, "rowURL", "must be under pathPrefixes"),
        (#", "timeLimit": "5s""#, "timeLimit", "must be a number"),
        (#", "timeLimit": 0.05"#, "timeLimit", "must be from 0.1 to 60"),
        (#", "timeLimit": 61"#, "timeLimit", "must be from 0.1 to 60"),
        (#", "connections": 0"#, "connections", "must be from 1 to 64"),
        (#", "connections": 65"#, "connections", "must be from 1 to 64"),
        (#", "maximumBodyBytes": 1023"#, "maximumBodyBytes", "must be from"),
        (#", "maximumBodyBytes": 300000000"#, "maximumBodyBytes", "must be from"),
        (#", "limt": "limit""#, "limt", "is not a key of an upstream"),
        (#", "connections": 2.5"#, "connections", "must be a whole number"),
        (#", "maximumBodyBytes": 4096.5"#, "maximumBodyBytes", "must be a whole number"),
        (#", "headers": {"X-Token": "a\r\nHost: evil.example"}"#, "headers.X-Token", "must be one line"),
        (#", "headers": {"Bad Name": "x"}"#, "headers.Bad Name", "is not a header field name"),
        (#", "headers": {"X-Tök": "x"}"#, "headers.X-Tök", "is not a header field name"),
        (#", "keepFor": -1"#, "keepFor", "must be from 0 to 86,400"),
        (#", "staleFor": 1.5"#, "staleFor", "must be a whole number"),
        (#", "pauseFor": 0"#, "pauseFor", "must be from 1 to 3,600"),
        (#", "sorts": ["name"]"#, "sorts", "must be an object"),
        (#", "sorts": {"name": {"ascending": {"ordering": "name"}}}"#, "sorts.name", "must be an object with ascending and descending"),
        (#", "sorts": {"name": {"ascending": {"ordering": "name"}, "descending": {}}}"#, "sorts.name.descending", "must be an object of query parameters"),
        (#", "sorts": {"name": {"ascending": {"ordering": 1}, "descending": {"ordering": "-name"}}}"#, "sorts.name.ascending.ordering", "must be a string"),
        (#", "columns": ["name"], "sorts": {"price": {"ascending": {"o": "p"}, "descending": {"o": "-p"}}}"#, "sorts.price", "is not one of the columns (id, name)"),
        (#", "filters": {"price": {"in": "prices"}}"#, "filters.price.in", "is not an operation an upstream's filter may have"),
        (#", "filters": {"price": {"gte": ""}}"#, "filters.price.gte", "must be the query parameter's name"),
        (#", "filters": {"price": "price"}"#, "filters.price", "must be an object of operations"),
        (#", "columns": ["name"], "filters": {"price": {"gte": "min"}}"#, "filters.price", "is not one of the columns (id, name)"),
    ])
    func aBadValueIsRefusedNamingItsKey(extra: String, key: String, message: String) throws {
        let problem = #expect(throws: UpstreamDeclaration.Problem.self) { try Self.declare(extra) }
        #expect(problem?.key == key && problem?.message.contains(message) == true, "\(extra): \(String(describing: problem))")
    }

    @Test func anEnvironmentValueOfTwoLinesIsRefused() throws {
        let problem = #expect(throws: UpstreamDeclaration.Problem.self) {
            try Self.declare(#", "headers": {"Authorization": "Bearer ${TOKEN}"}"#, environment: ["TOKEN": "s3cret\n"])
        }
        #expect(problem?.key == "headers.Authorization" && problem?.message.contains("must be one line") == true)
        #expect(problem?.message.contains("s3cret") == false, "the secret is not repeated")
        #expect(try Self.declare(#", "connections": 2.0"#).connections == 2, "a whole number written as a real")
    }

    @Test func pathPrefixesThatHoldTheURLsPath() throws {
        #expect(try Self.declare(#", "pathPrefixes": ["/v2/", "/v1/"]"#).pathPrefixes == ["/v2/", "/v1/"])
        #expect(try Self.declare(#", "pathPrefixes": ["/"]"#).pathPrefixes == ["/"])
        #expect(try Self.declare(#", "pathPrefixes": ["/v1/items"]"#).pathPrefixes == ["/v1/items"])
    }

    /// `caFile`: a readable PEM file of certificates, relative to the configuration file's folder;
    /// one missing, unreadable or without a certificate stops the start naming the key.
    @Test func aCAFileIsReadableAndHoldsACertificate() throws {
        let folder = TemporaryFolder.make("cafile")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pem = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n"
        try Data(pem.utf8).write(to: URL(fileURLWithPath: folder + "/ca.pem"))
        try Data("not a certificate\n".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        func declare(_ path: String, folder: String? = nil) throws -> UpstreamDeclaration {
            guard case .dictionary(let fields) = try MustacheValue(jsonData: Data(#"{\#(Self.base), "caFile": "\#(path)"}"#.utf8)) else {
                throw UpstreamDeclaration.Problem(key: "", message: "not an object")
            }
            return try UpstreamDeclaration(name: "items", fields: fields, environment: [:], folder: folder)
        }
        #expect(try Self.declare("").caFile == nil, "the system's authorities by default")
        #expect(try declare(folder + "/ca.pem").caFile == folder + "/ca.pem")
        #expect(try declare("ca.pem", folder: folder).caFile == folder + "/ca.pem", "relative to the configuration's folder")
        for (path, message) in [
            (folder + "/missing.pem", "cannot be read"), (folder + "/notes.txt", "holds no PEM certificate"), (folder, "cannot be read"),
            ("", "must be the path"),
        ] {
            let problem = #expect(throws: UpstreamDeclaration.Problem.self) { try declare(path) }
            #expect(problem?.key == "caFile" && problem?.message.contains(message) == true, "\(path): \(String(describing: problem))")
        }
        let number = #expect(throws: UpstreamDeclaration.Problem.self) { try Self.declare(#", "caFile": 1"#) }
        #expect(number?.key == "caFile" && number?.message == "must be a string")
    }
}
