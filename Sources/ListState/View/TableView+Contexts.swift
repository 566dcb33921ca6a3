import Mustache

extension TableView {
    /// The whole context of a full page (``DecisionView/pageContext``), for this
    /// package's other targets (liststate-bench draws pages as the routes do).
    package var wholePageContext: MustacheValue { pageContext }

    /// The whole context of a fragment (``DecisionView/fragmentContext``), as above.
    package var wholeFragmentContext: MustacheValue { fragmentContext }
}
