import ListState
import ListStore

extension ListSnapshot {
    /// Takes the facts of a fetched page: one section of its rows, whether
    /// more follow, and the cursor after its last row.
    mutating func take(_ page: Page) {
        rowsPerSection = [page.records.count]
        hasMore = page.hasMore
        nextCursor = page.nextCursor?.encoded
    }
}
