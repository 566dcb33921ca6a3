import ListStore

/// The filter form's parameters (Datasette's spelling): `_filter_column`, `_filter_op`
/// and `_filter_value` make one filter, `COL__OP=VALUE`, as a form without JavaScript
/// cannot name a parameter after what was chosen (issue 46, item 3).
struct FilterForm {
    static let columnName = "_filter_column"
    static let operationName = "_filter_op"
    static let valueName = "_filter_value"

    private var column: String?
    private var operation: String?
    private var value: String?

    /// Takes the parameter when it is one of the form's; false otherwise.
    mutating func take(_ name: String, _ given: String) -> Bool {
        switch name {
        case Self.columnName: column = given
        case Self.operationName: operation = given
        case Self.valueName: value = given
        default: return false
        }
        return true
    }

    /// The filter chosen: nil when no column was (an empty form adds nothing), the
    /// column is not the table's or the operation is unknown. The column is named as
    /// `sort` names it (``TableRequest/column(named:in:)``: tilde-encoded where its name
    /// holds a character no parameter may). `exact` when none is named;
    /// `isnull` without a value is `isnull=1`.
    func filter(in table: TableDescription) -> RowFilter? {
        guard let column, !column.isEmpty, let named = TableRequest.column(named: column, in: table), let operation = chosenOperation
        else { return nil }
        let given = value ?? ""
        return RowFilter(column: named, operation: operation, value: operation == .isnull && given.isEmpty ? "1" : given)
    }

    /// A column named that is not `table`'s (the form offers only its own).
    func unknownColumn(in table: TableDescription) -> String? {
        guard let column, !column.isEmpty, TableRequest.column(named: column, in: table) == nil else { return nil }
        return column
    }

    /// An operation named that is none (``RowFilter/Operation``).
    var unknownOperation: String? {
        guard let operation, !operation.isEmpty, RowFilter.Operation(rawValue: operation) == nil else { return nil }
        return operation
    }

    private var chosenOperation: RowFilter.Operation? {
        guard let operation, !operation.isEmpty else { return .exact }
        return RowFilter.Operation(rawValue: operation)
    }
}
