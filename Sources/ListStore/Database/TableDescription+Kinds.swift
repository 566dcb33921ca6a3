extension TableDescription.Column {
    /// A key column: its values tell rows apart and address each row's page (`/NAME/KEY`).
    /// A key of several columns gives each its place (1, 2, …).
    /// - Parameters:
    ///   - name: The column's name (its label and the name `sort` and filters use).
    ///   - kind: What its values are (``TableDescription/Affinity``: `.integer` by default).
    ///   - position: Its place in the key, from 1.
    public static func key(_ name: String, _ kind: TableDescription.Affinity = .integer, position: Int = 1) -> Self {
        Self(name: name, declaredType: kind.declaredType, primaryKeyPosition: max(1, position))
    }

    /// A column of texts (its values compared by their UTF-8 bytes; searched).
    public static func text(_ name: String) -> Self { Self(name: name, declaredType: "TEXT") }
    /// A column of integers (right-aligned, grouped by the page's language).
    public static func integer(_ name: String) -> Self { Self(name: name, declaredType: "INTEGER") }
    /// A column of real numbers.
    public static func real(_ name: String) -> Self { Self(name: name, declaredType: "REAL") }
    /// A column of values of any kind, each shown and compared as its own kind.
    public static func any(_ name: String) -> Self { Self(name: name) }
}

extension TableDescription.Affinity {
    /// The declared type that gives this affinity (SQLite datatype3.html §3.1).
    var declaredType: String {
        switch self {
        case .integer: "INTEGER"
        case .text: "TEXT"
        case .blob: ""
        case .real: "REAL"
        case .numeric: "NUMERIC"
        }
    }
}
