/// The configuration switches of the empty-data-set libraries
/// (DZNEmptyDataSet's `emptyDataSetShouldDisplay` and
/// `emptyDataSetShouldBeForcedToDisplay`).
public struct DisplayFlags: Sendable, Hashable {
    /// Whether an empty list shows a placeholder at all; `false` leaves the list
    /// region empty (table row 5). It never hides the loading shell, an error, or
    /// the footer of a continuation.
    public var shouldDisplay: Bool
    /// A placeholder shown above the rows even when there are rows (table row 9),
    /// e.g. `.loading` during a refresh. It applies only to full pages and region
    /// fragments with rows: a continuation is a run of `<li>` and cannot hold a
    /// placeholder, and an empty list gets its placeholder from rows 5–8.
    /// `.offline` is ignored: the server never answers "offline" (C-12).
    public var forceDisplay: PlaceholderKind?

    /// Creates display flags.
    ///
    /// - Parameters:
    ///   - shouldDisplay: Whether an empty list shows a placeholder.
    ///   - forceDisplay: A placeholder to show above the rows, or `nil`.
    public init(shouldDisplay: Bool = true, forceDisplay: PlaceholderKind? = nil) {
        self.shouldDisplay = shouldDisplay
        self.forceDisplay = forceDisplay
    }

    /// Placeholders shown when the list is empty, none forced.
    public static let standard = DisplayFlags()
}
