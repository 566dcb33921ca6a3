import ListStore

/// A row's address written as its key reads (`/packages/g++`, `/packages/python3.11`,
/// `%2B` decoded by the server): not the canonical tilde encoding, yet naming a row,
/// which the row's route sends on to its own address with 308 (as Datasette does).
extension ListDefinition {
    /// The address values `segment`, a key segment that is no tilde encoding
    /// (``address(segment:)`` found none), names when read literally: the whole text
    /// for a one-column key, the parts between `,` for a compound one; nil for a list
    /// addressed by rowid or by its own spelling (``addressFormat``), and for a segment
    /// ending in `.csv` (no row's format; a key ending so is reached by its tilde form).
    func address(naturalSegment segment: Substring) -> [SQLValue]? {
        guard addressFormat == nil, !table.addressedByRowid, !segment.isEmpty, !segment.hasSuffix(".csv") else { return nil }
        let count = table.addressColumns.count
        guard count > 0 else { return nil }
        if count == 1 { return [.text(String(segment))] }
        let parts = segment.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == count else { return nil }
        return parts.map { .text(String($0)) }
    }
}
