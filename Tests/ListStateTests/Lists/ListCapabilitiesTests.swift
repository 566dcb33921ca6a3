import ListStore
import Testing

@testable import ListState

/// What a list offers (sorts, filters) follows what its row source declares: a list over a
/// database offers what it always did (every orderable column sorts and takes the range
/// filters, every column the others), and a source that declares less is offered less.
@Suite struct ListCapabilitiesTests {
    static let table = TableDescription(
        name: "items", kind: .table,
        columns: [
            .init(name: "id", declaredType: "INTEGER", primaryKeyPosition: 1), .init(name: "name", declaredType: "TEXT"),
            .init(name: "doc", isOrderable: false),
        ])

    static func list(sortable: Set<String>? = nil) -> ListDefinition {
        var list = ListDefinition(table: table, source: DatabaseSource(path: "/nonexistent/items.sqlite"))
        list.sortableColumns = sortable
        return list
    }

    static func parse(_ items: [(String, String)], _ list: ListDefinition) -> Result<TableRequest, ListRequest.Problem> {
        TableRequest.parse(items.map { (name: $0.0, value: $0.1) }, list: list, languageParameter: nil)
    }

    /// A source that declares less than the database it reads.
    struct Declaring: RowSource {
        let base: SQLRowSource
        let capabilities: RowSourceCapabilities

        func page(_ query: RowPageQuery, continuing start: RowCursor.Start?) -> Result<RowPage?, ListStoreError> {
            base.page(query, continuing: start)
        }
        func row(address: [SQLValue], startedAt: ContinuousClock.Instant?) -> Result<[SQLValue]?, ListStoreError> {
            base.row(address: address, startedAt: startedAt)
        }
        func count(filters: [RowFilter], until deadline: ContinuousClock.Instant) -> Result<Int?, ListStoreError> {
            base.count(filters: filters, until: deadline)
        }
        func dataVersion() -> Result<DataVersion?, ListStoreError> { base.dataVersion() }
    }

    /// The rule lists over databases had before the row source declared it: the configured
    /// sortable columns (all when none), of a type with an order; a range filter only on such a column.
    @Test(arguments: [nil, ["id", "doc"], ["name"]] as [Set<String>?])
    func aDatabasesListOffersWhatItAlwaysDid(sortable: Set<String>?) throws {
        let list = Self.list(sortable: sortable)
        for column in Self.table.columns {
            let before = (sortable?.contains(column.name) ?? true) && column.isOrderable
            #expect(list.isSortable(column.name) == before)
            switch Self.parse([("sort", column.name)], list) {
            case .success(let request): #expect(before && request.sort == ListSort(column: column.name))
            case .failure(let problem): #expect(!before && problem.reason == .unsortableColumn(column.name))
            }
            for operation in RowFilter.Operation.allCases {
                let value = operation == .isnull ? "1" : "2"
                let isRange = RowSourceCapabilities.rangeOperations.contains(operation)
                switch Self.parse([(column.name + operation.suffix, value)], list) {
                case .success(let request): #expect((!isRange || before) && request.filters.count == 1)
                case .failure(let problem): #expect(isRange && !before && problem.reason == .unorderedRange(column.name))
                }
            }
        }
        #expect(list.capabilities == SQLRowSource.capabilities(of: Self.table))
    }

    @Test func aSourceThatDeclaresLessIsOfferedLess() throws {
        var list = Self.list()
        list.rows = Declaring(
            base: SQLRowSource(database: list.source, table: list.table),
            capabilities: RowSourceCapabilities(
                sortableColumns: ["name"], filterOperations: ["name": [.exact, .gt], "id": [.in]], searches: true))
        #expect(!list.isSortable("id") && list.isSortable("name") && !list.isSortable("doc"))
        // The same 400 as a column the list does not sort by.
        #expect(throws: ListRequest.Problem.self) { try Self.parse([("sort", "-id")], list).get() }
        if case .failure(let problem) = Self.parse([("sort", "-id")], list) { #expect(problem.reason == .unsortableColumn("id")) }
        #expect(try Self.parse([("sort", "-name"), ("name__gt", "b"), ("id__in", "1,2")], list).get().filters.count == 2)
        guard case .failure(let problem) = Self.parse([("name__contains", "a")], list) else {
            Issue.record("a filter the source does not declare was taken")
            return
        }
        #expect(problem.reason == .unsupportedFilter("name__contains") && problem.parameter == "name__contains")
        // A range on a column the source cannot sort by says so first, as for a database's.
        if case .failure(let range) = Self.parse([("id__gt", "1")], list) { #expect(range.reason == .unorderedRange("id")) }
        // Given back its own source, the list offers the database's again.
        list.rows = SQLRowSource(database: list.source, table: list.table)
        #expect(list.isSortable("id") && list.capabilities == SQLRowSource.capabilities(of: Self.table))
    }
}
