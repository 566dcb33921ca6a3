/// One filter on a column, in Datasette's spelling
/// (docs.datasette.io, "Table arguments"): `COL=VALUE`, `COL__gt=VALUE`, ….
///
/// Values are bound as text and compared by SQLite's rules
/// (datatype3.html §4.2): a column of INTEGER, REAL or NUMERIC affinity
/// converts the text to a number, so `price=10` finds 10 and 10.0.
public struct RowFilter: Sendable, Hashable {
    /// The comparison.
    public enum Operation: String, Sendable, Hashable, CaseIterable {
        /// `COL=V`: equal.
        case exact
        /// `COL__gt=V`, `__gte`, `__lt`, `__lte`: greater, at least, less, at most (NULLs never match).
        case gt, gte, lt, lte
        /// `COL__not=V`: not equal (NULLs never match, as in Datasette).
        case not
        /// `COL__contains=V`: the text holds V (ASCII case-insensitive; `%` and `_` are literal).
        case contains
        /// `COL__in=a,b`: equal to one of the comma-separated values.
        case `in`
        /// `COL__isnull=1` (or `0`): is NULL (or is not).
        case isnull

        /// The parameter suffix: `__gt`, or "" for `exact`.
        public var suffix: String { self == .exact ? "" : "__" + rawValue }
    }

    /// The most values `__in` may list.
    public static let maximumValues = 100
    /// The most column filters one request may give.
    public static let maximumFilters = 20

    /// The column's name (``TableDescription/Column/name``).
    public var column: String
    /// The comparison.
    public var operation: Operation
    /// The value as given (for `__in`, the whole comma-separated list).
    public var value: String

    /// Makes a filter.
    public init(column: String, operation: Operation, value: String) {
        self.column = column
        self.operation = operation
        self.value = value
    }

    /// The `__in` values.
    public var values: [String] {
        value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }

    /// The SQL condition on `column` (compared by its ``TableDescription/Column/orderSQL``,
    /// as the list is ordered), nil for an `isnull` value other than 0 and 1.
    /// Values are bound as ``SQLValue/parameter(_:for:)`` says.
    ///
    /// In SQLite, `=` and `IN` on a column of no affinity (which may hold 1 and 1.0,
    /// equal in SQL, two storage classes) compare `+column`: SQLite 3.40 put the
    /// filter's value in place of the column in the rest of the query, so the
    /// cursor's `typeof(column)` read the value's class, not the row's (found by
    /// QA: a view of UNION ALL rows filtered `v=1` lost a 1.0 row or showed it for
    /// ever). The unary plus makes it an expression, not a column; such a column
    /// has no affinity to lose and seldom an index.
    ///
    /// There too, `=`, `IN` and `!=` match a value that reads as a number as the
    /// number and as the text given: a CSV loaded without declared types holds
    /// `12` as text (found by QA: `version=12` found nothing).
    func condition(on column: TableDescription.Column, dialect: SQLDialect) -> SQLCondition? {
        // In SQLite the column itself: its affinity turns the text a filter binds into a
        // number where the column's values are numbers (datatype3.html §4.2); a view over a
        // compound SELECT orders and pages by `+column`, which has none
        // (``SchemaReader/compoundViewSource(_:)``).
        let expression = dialect == .sqlite ? quoteIdentifier(column.sqlName) : column.orderSQL
        let affinity = column.affinity
        let bound = SQLValue.parameter(value, for: affinity)
        let untyped = dialect == .sqlite && affinity == .blob
        let equated = untyped ? "+" + expression : expression
        /// The values `text` is compared with by `=`: the number and the text, in an untyped column.
        func equals(_ text: String) -> [SQLValue] {
            let bound = SQLValue.parameter(text, for: affinity)
            if untyped, bound != .text(text) { return [bound, .text(text)] }
            return [bound]
        }
        /// `= ?` (`!= ?` when `negated`) for one value, `IN (…)` (`NOT IN`) for more.
        func among(_ values: [SQLValue], negated: Bool = false) -> SQLCondition {
            guard values.count > 1 else { return SQLCondition("\(equated) \(negated ? "!=" : "=") ?", values) }
            let list = values.map { _ in "?" }.joined(separator: ", ")
            return SQLCondition("\(equated) \(negated ? "NOT IN" : "IN") (\(list))", values)
        }
        switch operation {
        case .exact: return among(equals(value))
        case .gt: return SQLCondition("\(expression) > ?", [bound])
        case .gte: return SQLCondition("\(expression) >= ?", [bound])
        case .lt: return SQLCondition("\(expression) < ?", [bound])
        case .lte: return SQLCondition("\(expression) <= ?", [bound])
        case .not: return among(equals(value), negated: true)
        case .contains:
            return SQLCondition(dialect.matches(quoteIdentifier(column.sqlName)), [.text("%" + Self.likeLiteral(value) + "%")])
        case .in: return among(values.flatMap(equals))
        case .isnull:
            switch value {
            case "1": return SQLCondition("\(expression) IS NULL")
            case "0": return SQLCondition("\(expression) IS NOT NULL")
            default: return nil
            }
        }
    }

    /// `text` for a LIKE pattern with `%`, `_` and `\` taken literally (escaped with `\`).
    static func likeLiteral(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
