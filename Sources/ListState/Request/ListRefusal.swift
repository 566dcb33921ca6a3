/// Why a list request was refused (400), with what its answer puts back on the page.
struct ListRefusal: Error, Sendable, Hashable {
    /// Why, as a value the page puts into words in its own language (`UIStrings.reason`).
    var reason: ListRequest.Reason
    /// The search text (`q`) as the request gave it, put back in the search box so the
    /// reader can mend it (found by a break-it pass: a 400 emptied the box); nil without one.
    var searchAsGiven: String?

    /// The reason in English, for logs and the decision's locale-free `badRequest(reason:)`.
    var message: String { UIStrings.english.reason(reason) }
}
