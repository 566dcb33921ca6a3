import ListDecision

extension Decision.Body {
    /// Whether rows are drawn.
    var showsRows: Bool {
        switch self {
        case .rows, .placeholderAboveRows: true
        case .placeholder, .nothing, .nothingNew: false
        }
    }
}
