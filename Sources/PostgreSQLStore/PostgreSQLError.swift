import CLibPQ
import ListStore

/// How a PostgreSQL error becomes a ``ListStoreError``: by its SQLSTATE
/// (errcodes-appendix.html), so the routes map it to DESIGN's fault table.
///
/// | SQLSTATE | kind | status |
/// | --- | --- | --- |
/// | `57014` query_canceled (`statement_timeout`) | `.timedOut` | 503 |
/// | `55P03` lock_not_available, `40001`, `40P01` | `.busy` | 503 |
/// | class `08` connection exception, `57P01`–`57P03` (shut down, backend terminated), `53300` too_many_connections | `.cannotOpen` | 503 |
/// | class `53` insufficient resources (disk full, out of memory) | `.noSpace` | 503 |
/// | `42P01` undefined_table, `42703` undefined_column | `.schemaChanged` | retried once, else 503 |
/// | class `22` data exception (a value the column's type cannot read); `42883` no such operator, `42804` datatype mismatch, `0A000` not supported (a value compared with a type that has no `=`, or no input: `json`, `point`, a composite) | `.invalidValue` | 400 |
/// | `XX001`, `XX002` data corrupted | `.corrupt` | 500 |
/// | anything else | `.other` | 500 (classes 21, 2F, 38, 39, P0: a statement failure, readiness unchanged) |
enum PostgreSQLError {
    /// The SQLSTATE of the error `result` reports ("" when it gives none).
    static func state(_ result: OpaquePointer) -> String {
        PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
    }

    /// The error `result` reports for `sql`.
    static func error(_ result: OpaquePointer, sql: String?) -> ListStoreError {
        let state = state(result)
        var message = PQresultErrorMessage(result).map { String(cString: $0) } ?? "unknown PostgreSQL error"
        message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        let kind = kind(of: state)
        return ListStoreError(
            kind: kind, message: state.isEmpty ? message : "\(message) (SQLSTATE \(state))", sql: sql,
            isStatementFailure: kind == .other && statementFailureClasses.contains(String(state.prefix(2))))
    }

    /// The SQLSTATE classes of a statement that failed on what it read while the server
    /// works (``ListStore/ListStoreError/isStatementFailure``): 21 cardinality violation
    /// (a view's subquery giving two rows), 2F SQL routine, 38 external routine, 39
    /// external routine invocation, P0 PL/pgSQL (`RAISE`).
    static let statementFailureClasses: Set<String> = ["21", "2F", "38", "39", "P0"]

    /// The kind of failure the SQLSTATE `state` names.
    static func kind(of state: String) -> ListStoreError.Kind {
        switch state {
        case "57014": return .timedOut
        case "55P03", "40001", "40P01": return .busy
        case "57P01", "57P02", "57P03", "53300": return .cannotOpen
        case "42P01", "42703": return .schemaChanged
        // A filter's value compared with a type that has no such operator or input (found by QA).
        case "42883", "42804", "0A000": return .invalidValue
        case "XX001", "XX002": return .corrupt
        default:
            switch state.prefix(2) {
            case "08": return .cannotOpen
            case "53": return .noSpace
            case "22": return .invalidValue
            default: return .other
            }
        }
    }
}
