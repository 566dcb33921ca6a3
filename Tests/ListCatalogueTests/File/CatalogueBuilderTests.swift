import Foundation
import Testing

@testable import ListCatalogue
@testable import ListStore

@Suite struct CatalogueBuilderTests {
    @Test func buildsEveryNamedScalarOfTheRuntime() throws {
        var expected = 0
        for value in UInt32(0)...0x10FFFF where Unicode.Scalar(value)?.properties.name != nil { expected += 1 }
        #expect(expected > 150_000)
        #expect(TestCatalogue.full.report.rowCount == expected)
        let (source, table) = try CatalogueTableTests.open(TestCatalogue.full.path)
        let count = try SQLiteConnection(path: TestCatalogue.full.path, readOnly: true).statement("SELECT count(*) FROM characters")
        #expect(try count.step() && count.int(0) == expected)
        #expect(try source.page(RowPageQuery(table: table, limit: 100)).get().rows.count == 100)
        #expect(CatalogueBuilder.isCurrent(at: TestCatalogue.full.path))
    }

    @Test func recordsCarryTheRuntimeProperties() throws {
        let (source, table) = try CatalogueTableTests.open(TestCatalogue.full.path)
        func row(_ codePoint: Int64) throws -> [SQLValue]? {
            try source.row(in: table, address: [.integer(codePoint)]).get()
        }
        #expect(try row(0x2603) == [.integer(0x2603), .text("SNOWMAN"), .text("So"), .text("1.1"), .integer(1), .integer(0)])
        #expect(try row(0x1F600) == [.integer(0x1F600), .text("GRINNING FACE"), .text("So"), .text("6.1"), .integer(1), .integer(1)])
        #expect(try row(0) == nil)
    }

    @Test func leavesNoTemporaryFileAndReplacesAtomically() throws {
        let folder = TestCatalogue.temporaryFolder()
        let path = folder + "/nested/catalogue.sqlite"
        try CatalogueBuilder.build(at: path, records: [])
        try CatalogueBuilder.build(at: path, records: [])
        let left = try FileManager.default.contentsOfDirectory(atPath: folder + "/nested")
        #expect(left == ["catalogue.sqlite"])
    }

    @Test func oldSchemaAndStrangersFilesAreNotCurrent() throws {
        let folder = TestCatalogue.temporaryFolder()
        #expect(!CatalogueBuilder.isCurrent(at: folder + "/missing.sqlite"))
        let old = folder + "/old.sqlite"
        try CatalogueBuilder.build(at: old, records: [])
        let writer = try SQLiteConnection(path: old, readOnly: false)
        try writer.execute("PRAGMA user_version = 0")
        #expect(!CatalogueBuilder.isCurrent(at: old))
        let stranger = folder + "/stranger.sqlite"
        try SQLiteConnection(path: stranger, readOnly: false).execute("CREATE TABLE t (x); PRAGMA user_version = 1")
        #expect(!CatalogueBuilder.isCurrent(at: stranger))
        let text = folder + "/text.sqlite"
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: text))
        #expect(!CatalogueBuilder.isCurrent(at: text))
    }

    @Test func defaultPathFollowsXDG() {
        #expect(
            CatalogueBuilder.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/a"])
                == "/data/liststate/catalogue.sqlite")
        #expect(
            CatalogueBuilder.defaultPath(environment: ["HOME": "/home/a"])
                == "/home/a/.local/share/liststate/catalogue.sqlite")
        #expect(
            CatalogueBuilder.defaultPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/a"])
                == "/home/a/.local/share/liststate/catalogue.sqlite")
    }
}
