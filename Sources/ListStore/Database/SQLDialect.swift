/// The SQL of a source where SQLite's and PostgreSQL's differ: how NULL-safe
/// equality, truth, NULL order and substring matching are written. Statements
/// use `?` for parameters in both (a PostgreSQL connection numbers them `$1`,
/// `$2`, … when it sends them).
public enum SQLDialect: Sendable, Hashable {
    /// SQLite (https://www.sqlite.org/lang.html).
    case sqlite
    /// PostgreSQL 12 or later (https://www.postgresql.org/docs/current/sql.html).
    case postgreSQL

    /// `expression` equal to the next parameter, NULL equal to NULL: SQLite's
    /// `IS` (lang_expr.html#isisnot), PostgreSQL's `IS NOT DISTINCT FROM`
    /// (functions-comparison.html).
    package func isSame(_ expression: String) -> String {
        self == .sqlite ? "\(expression) IS ?" : "\(expression) IS NOT DISTINCT FROM ?"
    }

    /// A condition no row meets: PostgreSQL's `WHERE` takes only a boolean.
    package var never: String { self == .sqlite ? "0" : "FALSE" }
    /// A condition every row meets.
    package var always: String { self == .sqlite ? "1" : "TRUE" }

    /// An `ORDER BY` term for `expression` in which NULL comes first ascending
    /// and last descending, as in SQLite, where NULL is the smallest value
    /// (datatype3.html §4.1). PostgreSQL sorts NULL as the largest value, so a
    /// `nullable` expression gets `NULLS FIRST` (`NULLS LAST` descending); a
    /// column that holds no NULL gets none, so an index serves the order in
    /// both directions (queries-order.html).
    package func orderTerm(_ expression: String, descending: Bool, nullable: Bool) -> String {
        let direction = descending ? " DESC" : ""
        guard self == .postgreSQL, nullable else { return expression + direction }
        return expression + direction + (descending ? " NULLS LAST" : " NULLS FIRST")
    }

    /// `expression` holds the next parameter, a `LIKE` pattern with `\` as
    /// its escape: SQLite's `LIKE` is case-insensitive for ASCII letters only;
    /// PostgreSQL's `ILIKE` for every letter its character type knows
    /// (functions-matching.html), over the value as text.
    package func matches(_ expression: String) -> String {
        self == .sqlite ? "\(expression) LIKE ? ESCAPE '\\'" : "CAST(\(expression) AS text) ILIKE ? ESCAPE '\\'"
    }
}
