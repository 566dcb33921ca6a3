/// An error from the data layer: what failed, the SQLite result code where there
/// is one, and the SQL involved. Its `description` is for logs, never for pages.
public struct ListStoreError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is; the list routes map it to a source status.
    public enum Kind: Sendable, Equatable {
        /// The database could not be opened (missing, unreadable, not a file).
        case cannotOpen
        /// Busy or locked past the busy timeout (SQLITE_BUSY / SQLITE_LOCKED).
        case busy
        /// Every connection to the database server is in use until the time limit: this
        /// process is overloaded, the source is not failing (readiness stays up).
        case overloaded
        /// The query ran past the query time limit and was interrupted.
        case timedOut
        /// The file is damaged: SQLITE_CORRUPT, SQLITE_NOTADB or SQLITE_IOERR.
        case corrupt
        /// No space left (SQLITE_FULL): for a temporary file, or the database
        /// at its size limit. Freeing space may let a retry succeed.
        case noSpace
        /// The file's schema is not the one this build expects.
        case wrongSchema
        /// A statement names a table or column the database no longer has: its
        /// schema changed since it was read (a list over a table re-reads it and
        /// tries once more), or the file lost its tables (an error, as corruption
        /// is: the pool's connections are closed).
        case schemaChanged
        /// A value bound to the statement is not one the column's type can read
        /// (a database server's data exception, SQLSTATE class 22): the request's fault.
        case invalidValue
        /// Two rows of a view hold the same values in its configured key, on a page or
        /// where it ends: a page read after that key would skip the rest of them (the
        /// configuration's fault, not the source's: a key must tell the rows apart).
        case repeatedKey
        /// What the source was asked for is not there: a developer's source or an upstream
        /// saying so (their 404), not a database's table, which ``schemaChanged`` covers.
        case notFound
        /// Another service the source asks (an upstream API, a developer's `URLSession` call)
        /// gave no answer within the time limit: a gateway time-out (504), not a database's.
        case gatewayTimeout
        /// Another service the source asks answered with a fault of its own (its 5xx).
        case badGateway
        /// Another service's answer cannot be used (not JSON, rows not where declared, a row
        /// without its key, a body over the limit, an address off its origin), or the
        /// configuration of it is wrong (its 401, 403, a list address's 404).
        case invalidUpstream
        /// Any other failure.
        case other
    }

    /// What a failure means for an answer, whatever the source: the few kinds every
    /// ``RowSource`` fails with (``category``).
    public enum Category: Sendable, Equatable {
        /// The source cannot answer now (cannot be opened, busy, overloaded, out of
        /// space): worth retrying (503 with `Retry-After`).
        case unavailable
        /// The read ran past the time limit.
        case timedOut
        /// What the read names changed under it: the list's table or a column of it (its
        /// schema changed; the lists are read again and the read tried once more).
        case schemaChanged
        /// What the read asks for is not there, as the source says (a list or a row): 404.
        case notFound
        /// A value the request gave is not one the source can read (400).
        case badRequest
        /// A fault that needs a person (corrupt, a schema this build does not expect, a
        /// key that does not tell rows apart, any other): 500.
        case failed
        /// Another service the source asks gave no answer within the time limit: worth
        /// retrying (504 with `Retry-After`, RFC 9110 §15.6.5).
        case gatewayTimeout
        /// Another service the source asks answered with a fault of its own (a 5xx but a 503
        /// or 429 that says when to come back): unavailable, not retried by itself (502, RFC 9110 §15.6.3).
        case badGateway
        /// Another service's answer cannot be used, or the configuration of it is wrong: a
        /// fault that needs a person, not this server's own (502, the error placeholder).
        case invalidUpstream
    }

    /// What kind of failure this is.
    public var kind: Kind

    /// What this failure means for an answer (``Category``).
    public var category: Category {
        switch kind {
        case .cannotOpen, .busy, .overloaded, .noSpace: .unavailable
        case .timedOut: .timedOut
        case .schemaChanged: .schemaChanged
        case .notFound: .notFound
        case .invalidValue: .badRequest
        case .corrupt, .wrongSchema, .repeatedKey, .other: .failed
        case .gatewayTimeout: .gatewayTimeout
        case .badGateway: .badGateway
        case .invalidUpstream: .invalidUpstream
        }
    }
    /// The primary SQLite result code (`SQLITE_BUSY` is 5, ...), or 0 when none applies.
    public var resultCode: Int32
    /// SQLite's message, or ours.
    public var message: String
    /// The SQL statement involved, if any.
    public var sql: String?
    /// Whether the statement failed on what it read or named while the source itself
    /// works (a view's function erring on one row, an integer overflow, an unknown
    /// collation or function, a subquery of a view giving two rows): the list's fault or
    /// its data's, a 500 for that request and the source's health as it was (found by a
    /// break-it pass: one bad row of one view made readiness 503). Set by the source:
    /// SQLite's SQLITE_ERROR (but a missing table or column), SQLITE_TOOBIG,
    /// SQLITE_MISMATCH, SQLITE_RANGE; PostgreSQL's SQLSTATE classes 21, 2F, 38, 39, P0.
    public var isStatementFailure = false
    /// How long the source's own service asked to be left alone, in seconds (its
    /// `Retry-After`, RFC 9110 §10.2.3), for an unavailable source: the answer's
    /// `Retry-After` then, clamped to 1…300; nil: the server's own
    /// (`AppConfiguration.retryAfterSeconds`).
    public var retryAfterSeconds: Int?
    /// Made from a category (``init(_:message:)``): the log names the category, not a
    /// database's kind that stands in for it (`busy` for a service that refused to connect).
    var namedByCategory = false

    /// Makes an error.
    public init(kind: Kind, resultCode: Int32 = 0, message: String, sql: String? = nil, isStatementFailure: Bool = false) {
        self.isStatementFailure = isStatementFailure
        self.kind = kind
        self.resultCode = resultCode
        self.message = message
        self.sql = sql
    }

    /// Makes an error of `category` for a source that is not a database (its kind the
    /// one of that category that says least: `.busy`, `.timedOut`, `.schemaChanged`,
    /// `.notFound`, `.invalidValue`, `.other`; the gateway categories' own kinds).
    public init(_ category: Category, message: String) {
        let kind: Kind =
            switch category {
            case .unavailable: .busy
            case .timedOut: .timedOut
            case .schemaChanged: .schemaChanged
            case .notFound: .notFound
            case .badRequest: .invalidValue
            case .failed: .other
            case .gatewayTimeout: .gatewayTimeout
            case .badGateway: .badGateway
            case .invalidUpstream: .invalidUpstream
            }
        self.init(kind: kind, message: message)
        namedByCategory = true
    }

    /// Whether retrying later may succeed (busy, timed out, cannot open, no space, another
    /// service's time-out or fault) as opposed to a fault that needs a person (corrupt, wrong
    /// schema, another service's answer that cannot be used, other).
    public var isTransient: Bool {
        switch kind {
        case .busy, .overloaded, .timedOut, .cannotOpen, .noSpace, .gatewayTimeout, .badGateway: true
        case .corrupt, .wrongSchema, .schemaChanged, .notFound, .invalidValue, .repeatedKey, .other, .invalidUpstream: false
        }
    }

    /// Whether the source answered but was held up: a lock, the time limit or this
    /// process's load (busy, timed out, overloaded). Such a failure says nothing of the
    /// source's health or its file: readiness stays up and the file is not examined.
    public var isContention: Bool {
        [.busy, .timedOut, .overloaded].contains(kind)
    }

    public var description: String {
        let name = namedByCategory ? "\(category)" : "\(kind)"
        var text = resultCode == 0 ? "\(name): \(message)" : "\(name) (SQLite \(resultCode)): \(message)"
        if let sql { text += " [SQL: \(sql)]" }
        return text
    }
}
