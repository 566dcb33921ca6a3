import ListStore

/// How each PostgreSQL type is read, shown, ordered and written to JSON
/// (docs/postgresql.md has the table for users). Values keep SQLite's storage
/// classes (``SQLValue``), so every route and template works unchanged:
///
/// | type | read as | JSON |
/// | --- | --- | --- |
/// | `smallint`, `integer`, `bigint` | integer | number |
/// | `real`, `double precision` | real | number (`Infinity`, `NaN`: as SQLite's reals) |
/// | `numeric` | its exact text, `numeric::text` | string, never rounded |
/// | `boolean` | integer 1 or 0 | `true` or `false` |
/// | `bytea` | blob | as a blob |
/// | `text`, `varchar`, `char`, `name`, `citext` | text | string |
/// | `timestamptz` | ISO 8601 in UTC, `2024-05-01T12:00:00Z` | string |
/// | `timestamp`, `date`, `time` | ISO 8601, `2024-05-01T12:00:00`, `2024-05-01` | string |
/// | `json`, `jsonb`, arrays | JSON text | the JSON itself |
/// | enums | the label | string; ordered as declared |
/// | `uuid`, `interval`, `inet`, anything else | the type's text output | string |
///
/// A domain is read as its base type.
enum PostgreSQLTypes {
    /// The OID of `tsvector`: a table's search index, never shown (``PostgreSQLSchema``).
    static let tsvector: Int64 = 3614

    /// What decides how a column is read.
    struct Kind {
        /// The type's OID (the base type's, for a domain).
        var type: UInt32
        /// `pg_type.typcategory`: `A` array, `S` string, `N` numeric, `D` date and time, `E` enum, ….
        var category: String
        /// `pg_type.typtype`: `b` base, `e` enum, `c` composite, `r` range, ….
        var typeType: String
    }

    /// A column of type `kind`, declared as `declaredType` (`format_type`),
    /// whose collation is `collation` (nil: the type has none; "": the database's default).
    static func column(
        name: String, declaredType: String, kind: Kind, collation: String?, databaseIsC: Bool, isOrderable: Bool
    ) -> TableDescription.Column {
        let quoted = quoteIdentifier(name)
        var affinity = TableDescription.Affinity.text
        var read: String? = "\(quoted)::text"
        var format = TableDescription.ValueFormat.plain
        switch kind.type {
        case 20, 21, 23, 26:
            affinity = .integer
            read = nil
        case 700, 701:
            affinity = .real
            read = nil
        case 1700:
            affinity = .numeric
        case 16:
            affinity = .integer
            read = nil
            format = .boolean
        case 17:
            affinity = .blob
            read = nil
        case 1114:
            // to_json writes ISO 8601 with a `T`.
            read = "(to_json(\(quoted)) #>> '{}')"
        case 1184:
            // In UTC whatever the session's TimeZone (a pooler may hand the session to others).
            // `infinity` and years BC (which ISO 8601 writes otherwise) as PostgreSQL writes them.
            read =
                "(CASE WHEN isfinite(\(quoted)) AND \(quoted) >= '0001-01-01 00:00:00+00' "
                + "THEN (to_json(\(quoted) AT TIME ZONE 'UTC') #>> '{}') || 'Z' ELSE \(quoted)::text END)"
        case 114, 3802:
            format = .json
        default:
            if kind.category == "A" {
                read = "to_json(\(quoted))::text"
                format = .json
            } else if kind.category == "S" {
                read = nil
            }
        }
        return TableDescription.Column(
            name: name, declaredType: declaredType, affinity: affinity, readExpression: read,
            orderExpression: orderExpression(quoted, collation: collation, databaseIsC: databaseIsC),
            isOrderable: isOrderable, valueFormat: format)
    }

    /// How a column orders and compares: by code point, as SQLite's BINARY
    /// collation does. A column under the C (or POSIX) collation already does,
    /// and so does one under the database's default when the database was
    /// created with `LC_COLLATE` C: nil, so an index on the column serves the
    /// order. Any other collatable column is ordered `COLLATE "C"`, which an
    /// index serves only when it was built the same way
    /// (`CREATE INDEX ON t (c COLLATE "C")`); without one, a sort by it reads
    /// the whole table.
    static func orderExpression(_ quoted: String, collation: String?, databaseIsC: Bool) -> String? {
        guard let collation else { return nil }
        if ["C", "POSIX", "ucs_basic"].contains(collation) || (collation.isEmpty && databaseIsC) { return nil }
        return "\(quoted) COLLATE \"C\""
    }
}
