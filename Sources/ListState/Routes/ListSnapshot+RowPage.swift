import Foundation
import ListDecision
import ListStore

extension ListSnapshot {
    /// Takes the facts of `page`, read from `list` in order `sort`: its row
    /// count, whether more rows follow, and then the cursor after its last row
    /// (``RowCursor``: the sort value and key, the rowid where the key may not
    /// tell rows apart), or the source's own continuation where it pages by one. In
    /// relevance order (`relevanceVersion`: the digest of the data version it was read at)
    /// the cursor is a relevance position carrying that version.
    package mutating func take(_ page: RowPage, of list: ListDefinition, sort: ListSort?, relevanceVersion: UInt64? = nil) {
        rowsPerSection = [page.rows.count]
        hasMore = page.hasMore
        staleSince = page.readAt.map { Int($0.timeIntervalSince1970) }
        if page.hasMore, let continuation = page.continuation {
            nextCursor = RowCursor(continuation: continuation, list: list.name, sort: sort)?.encoded
            return
        }
        guard page.hasMore, let position = page.lastPosition(in: list.table, sort: sort) else { return }
        if let relevanceVersion {
            nextCursor = RowCursor(afterRelevant: position, version: relevanceVersion, list: list.name).encoded
            return
        }
        nextCursor =
            RowCursor(
                after: position, rowid: page.lastRowid(in: list.table), keyIsUnique: list.table.hasUniqueKey,
                list: list.name, sort: sort
            ).encoded
    }
}
