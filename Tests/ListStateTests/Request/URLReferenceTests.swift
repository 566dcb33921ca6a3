import ListStore
import TestSupport
import Testing

@testable import ListState

/// docs/reference/urls.md lists the controls a list takes (``TableRequest/controlNames``)
/// and the column filters' operations (``RowFilter/Operation``), each once, and no other.
@Suite struct URLReferenceTests {
    @Test func theControlsAreTheRequestsOwn() throws {
        let rows = try ReferencePage("urls.md").tableRows(under: "Parameters of a list")
        let controls = rows.filter { $0.count == 2 }.compactMap { ReferencePage.codeSpans($0[0]).first }
        #expect(controls.sorted() == TableRequest.controlNames.sorted())
        #expect(Set(controls).count == controls.count, "each control once")
    }

    @Test func theOperationsAreRowFiltersOwn() throws {
        let rows = try ReferencePage("urls.md").tableRows(under: "Parameters of a list").filter { $0.count == 3 }
        let operations = rows.compactMap { ReferencePage.codeSpans($0[0]).first }
        #expect(operations == RowFilter.Operation.allCases.map(\.rawValue))
        for (row, operation) in zip(rows, RowFilter.Operation.allCases) {
            let parameter = ReferencePage.codeSpans(row[1]).first ?? ""
            #expect(parameter.hasPrefix("COL\(operation.suffix)="), "the \(operation) row's parameter: \(parameter)")
        }
    }
}
