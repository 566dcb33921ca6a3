import Mustache

/// The template context of the search form (`search.mustache`): the search
/// text, and the list's other parameters as hidden fields, so a search (with
/// or without JavaScript) keeps the category, emoji filter, page size and
/// language. A search always starts at the first page: no cursor.
///
/// Keys: `q` (the text, or ""), `hidden` (a list of `name`, `value`).
struct SearchFormView {
    /// The validated request, or nil when it was refused (then the form is empty).
    var request: ListRequest?

    /// The context.
    var context: MustacheValue {
        guard let request else { return ["q": "", "hidden": []] }
        let hidden = request.queryItems(cursor: nil).filter { $0.name != "q" }
        return [
            "q": .string(request.filter.text ?? ""),
            "hidden": .array(hidden.map { ["name": .string($0.name), "value": .string($0.value)] }),
        ]
    }
}
