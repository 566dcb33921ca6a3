import Testing

@testable import ListStore

/// A source's own continuations: short ones ride in the cursor, long ones are kept under a
/// token, bounded; either is refused for another search or filters, and a forgotten one
/// asks the reader to start over.
@Suite struct ContinuationStoreTests {
    static let filters = [RowFilter(column: "tag", operation: .exact, value: "a")]

    @Test func aShortOneRidesInTheCursorAndALongOneIsKept() throws {
        let store = ContinuationStore()
        let short = store.bytes(for: "page=2", search: "dune", filters: Self.filters)
        #expect(short.count == 5 + 6 && short[0] == 0)
        #expect(store.continuation(short, search: "dune", filters: Self.filters) == "page=2")
        let url = "https://api.example.org/items?after=" + String(repeating: "x", count: 3_000)
        let long = store.bytes(for: url, search: nil, filters: [])
        #expect(long.count == 5 + 16 && long[0] == 1, "a token, not the URL")
        #expect(store.continuation(long, search: nil, filters: []) == url)
        #expect(store.continuation(long, search: "other", filters: []) == nil)
        #expect(ContinuationStore().continuation(long, search: nil, filters: []) == nil, "another process's token")
    }

    @Test func oneMadeForAnotherSearchOrFiltersIsRefused() {
        let store = ContinuationStore()
        let bytes = store.bytes(for: "c1", search: "dune", filters: Self.filters)
        #expect(store.continuation(bytes, search: "emma", filters: Self.filters) == nil)
        #expect(store.continuation(bytes, search: "dune", filters: []) == nil)
        #expect(store.continuation(bytes, search: nil, filters: Self.filters) == nil)
        #expect(store.continuation([0, 1, 2], search: nil, filters: []) == nil, "too short")
        #expect(store.continuation([9] + Array(bytes[1...]), search: "dune", filters: Self.filters) == nil, "no such form")
    }

    @Test func keptOnesAreBoundedAndExpire() {
        let store = ContinuationStore(capacity: 4)
        let long = String(repeating: "y", count: 1_000)
        let tokens = (0..<10).map { store.bytes(for: long + "\($0)", search: nil, filters: []) }
        #expect(store.continuation(tokens[9], search: nil, filters: []) == long + "9")
        #expect(store.continuation(tokens[0], search: nil, filters: []) == nil, "the oldest went first")
        let brief = ContinuationStore(lifetime: .zero)
        let expired = brief.bytes(for: long, search: nil, filters: [])
        #expect(brief.continuation(expired, search: nil, filters: []) == nil)
    }
}
