import Testing

@testable import ListStore
@testable import PostgreSQLStore

/// What needs no server: parameters, values, names and error kinds.
@Suite struct PostgreSQLConnectionTests {
    @Test func questionMarksOutsideQuotesBecomeNumberedParameters() {
        #expect(
            PostgreSQLConnection.numberingParameters(#"SELECT "a?b", 'c?''d?' FROM t WHERE x = ? AND "y""?" > ?"#)
                == #"SELECT "a?b", 'c?''d?' FROM t WHERE x = $1 AND "y""?" > $2"#)
    }

    @Test func parametersAreWrittenAsPostgreSQLReadsThem() {
        #expect(PostgreSQLConnection.parameterText(.null) == nil)
        #expect(PostgreSQLConnection.parameterText(.integer(-9_223_372_036_854_775_808)) == "-9223372036854775808")
        #expect(PostgreSQLConnection.parameterText(.real(0.1)) == "0.1")
        #expect(PostgreSQLConnection.parameterText(.real(-.infinity)) == "-Infinity")
        #expect(PostgreSQLConnection.parameterText(.real(.nan)) == "NaN")
        #expect(PostgreSQLConnection.parameterText(.blob([0, 0xAB, 0xFF])) == #"\x00abff"#)
        #expect(PostgreSQLConnection.parameterText(.text("é?")) == "é?")
    }

    @Test func byteaHexOutputIsReadAsBytes() {
        let text = Array(#"\x00ff10"#.utf8)
        text.withUnsafeBufferPointer { buffer in
            #expect(PostgreSQLRows.Decoder.bytes.decode(buffer) == .blob([0, 0xFF, 0x10]))
        }
        Array("Infinity".utf8).withUnsafeBufferPointer { buffer in
            #expect(PostgreSQLRows.Decoder.real.decode(buffer) == .real(.infinity))
        }
        Array("t".utf8).withUnsafeBufferPointer { buffer in
            #expect(PostgreSQLRows.Decoder.boolean.decode(buffer) == .integer(1))
        }
    }

    @Test func theDisplayNameNeverHoldsThePassword() {
        let uri = PostgreSQLSource.displayName(of: "postgresql://reader:s3cret@db.example.org:6432/shop?sslmode=require")
        #expect(uri == "postgresql://reader@db.example.org:6432/shop")
        let pairs = PostgreSQLSource.displayName(of: "host=/run/pg user=reader password=s3cret dbname=shop")
        #expect(pairs == "postgresql://reader@[/run/pg]/shop")
        #expect(!uri.contains("s3cret") && !pairs.contains("s3cret"))
    }

    @Test func aConnectionStringLibpqCannotReadIsNamed() {
        #expect(PostgreSQLSource.problem(with: "postgresql://reader@host/db") == nil)
        #expect(PostgreSQLSource.problem(with: "host=x nonsense=1") == #"invalid connection option "nonsense""#)
    }

    /// Found by QA: libpq quotes the text it could not read, and that may be the password.
    @Test(arguments: ["postgresql://reader:TopSecret@[db.example.org/shop", "postgresql://u:TopSecret%zz@/x"])
    func theProblemWithAConnectionStringNeverQuotesIt(_ conninfo: String) throws {
        let problem = try #require(PostgreSQLSource.problem(with: conninfo))
        #expect(!problem.contains("TopSecret"), "\(problem)")
        #expect(!problem.isEmpty)
    }

    @Test(arguments: [
        ("57014", ListStoreError.Kind.timedOut), ("55P03", .busy), ("57P01", .cannotOpen), ("53300", .cannotOpen),
        ("08006", .cannotOpen), ("53100", .noSpace), ("42P01", .schemaChanged), ("22P02", .invalidValue),
        ("XX001", .corrupt), ("42601", .other), ("42883", .invalidValue), ("0A000", .invalidValue),
    ])
    func sqlStatesMapToTheFaultTable(state: String, kind: ListStoreError.Kind) {
        #expect(PostgreSQLError.kind(of: state) == kind)
    }
}
