import Testing

@testable import ListStore

/// Every kind of failure falls in one of the few categories a row source fails with, and
/// an error made from a category (a source that is not a database) falls in it again.
@Suite struct ListStoreErrorTests {
    @Test(arguments: [
        (ListStoreError.Kind.cannotOpen, ListStoreError.Category.unavailable), (.busy, .unavailable), (.overloaded, .unavailable),
        (.noSpace, .unavailable), (.timedOut, .timedOut), (.schemaChanged, .schemaChanged), (.notFound, .notFound), (.invalidValue, .badRequest),
        (.corrupt, .failed), (.wrongSchema, .failed), (.repeatedKey, .failed), (.other, .failed),
    ])
    func eachKindHasItsCategory(kind: ListStoreError.Kind, category: ListStoreError.Category) {
        #expect(ListStoreError(kind: kind, message: "").category == category)
    }

    @Test(arguments: [ListStoreError.Category.unavailable, .timedOut, .schemaChanged, .notFound, .badRequest, .failed])
    func anErrorMadeFromACategoryIsOfIt(category: ListStoreError.Category) {
        #expect(ListStoreError(category, message: "upstream").category == category)
        #expect(ListStoreError(category, message: "upstream").description == "\(category): upstream", "the log names the category")
    }

    @Test func aServiceThatRefusesIsLoggedUnavailableNotBusy() {
        #expect(ListStoreError(.unavailable, message: "connection refused").description == "unavailable: connection refused")
        #expect(ListStoreError(kind: .busy, resultCode: 5, message: "locked").description == "busy (SQLite 5): locked")
    }
}
