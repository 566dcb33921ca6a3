import Foundation
import Mustache

/// How an upstream pages (docs/upstream.md, "Pagination"), and where its next page is.
package enum UpstreamPagination: Sendable, Equatable {
    /// A next page's URL in the body, at a dotted path (`next`, as Django REST Framework;
    /// `links.next`, as JSON:API); null, empty or missing: the last page.
    case next(field: [String])
    /// A `Link: <…>; rel="next"` header (RFC 8288; as GitHub's REST API); none: the last page.
    case link
    /// A cursor in the body at a dotted path, sent back as `parameter`; null or empty: the last page.
    case cursor(field: [String], parameter: String)
    /// The last row's key sent as `parameter` while the body's `hasMore` field is true (Stripe's
    /// `has_more` and `starting_after`).
    case lastKey(parameter: String, hasMore: [String])
    /// Page numbers from `first`, in `parameter`; an empty page, or one shorter than the size asked, is the last.
    case page(parameter: String, first: Int)
    /// An offset in rows, in `parameter`; an empty page, or one shorter than the size asked, is the last.
    case offset(parameter: String)

    /// The configuration's `pagination`: a style's name, or an object with `style` and its keys.
    init(_ value: MustacheValue?) throws(UpstreamDeclaration.Problem) {
        var fields = MustacheFields()
        switch value {
        case nil, .null?: throw UpstreamDeclaration.Problem(key: "pagination", message: "is required: next, link, cursor, page or offset")
        case .string(let style)?: fields["style"] = .string(style)
        case .dictionary(let given)?: fields = given
        default: throw UpstreamDeclaration.Problem(key: "pagination", message: "must be a style's name or an object with style")
        }
        func text(_ key: String, _ fallback: String? = nil) throws(UpstreamDeclaration.Problem) -> String {
            switch fields[key] {
            case .string(let text)? where !text.isEmpty: return text
            case nil where fallback != nil: return fallback!
            default: throw UpstreamDeclaration.Problem(key: "pagination.\(key)", message: "must be a non-empty string")
            }
        }
        func path(_ text: String) -> [String] { text.split(separator: ".").map(String.init) }
        let allowed: [String]
        switch try text("style") {
        case "next":
            allowed = ["style", "field"]
            self = .next(field: path(try text("field", "next")))
        case "link":
            allowed = ["style"]
            self = .link
        case "cursor" where fields["hasMore"] != nil:
            allowed = ["style", "parameter", "hasMore"]
            self = .lastKey(parameter: try text("parameter", "starting_after"), hasMore: path(try text("hasMore")))
        case "cursor":
            allowed = ["style", "field", "parameter"]
            self = .cursor(field: path(try text("field", "next_cursor")), parameter: try text("parameter", "cursor"))
        case "page":
            allowed = ["style", "parameter", "first"]
            var first = 1
            switch fields["first"] {
            case nil: break
            case .int(let number)?: first = number
            default: throw UpstreamDeclaration.Problem(key: "pagination.first", message: "must be an integer")
            }
            self = .page(parameter: try text("parameter", "page"), first: first)
        case "offset":
            allowed = ["style", "parameter"]
            self = .offset(parameter: try text("parameter", "offset"))
        case let style:
            throw UpstreamDeclaration.Problem(key: "pagination.style", message: "“\(style)” is not next, link, cursor, page or offset")
        }
        for key in fields.names where !allowed.contains(key) {
            throw UpstreamDeclaration.Problem(key: "pagination.\(key)", message: "is not a key of this style (keys: \(allowed.joined(separator: ", ")))")
        }
    }

    /// The next page's address after the page at `address`, which gave `body`, the
    /// headers `header` reads, and `rows` rows (`lastKey` the last one's key as text);
    /// `asked` is the page size asked, when one was. Nil: that page was the last.
    func next(
        after address: UpstreamAddress, body: Any, header: (String) -> String?, rows: Int, lastKey: String?, asked: Int?
    ) -> String? {
        let next = candidate(after: address, body: body, header: header, rows: rows, lastKey: lastKey, asked: asked)
        // An upstream that names this very page as the next would be followed for ever (an export that never ends).
        return next == address.text ? nil : next
    }

    /// The next page's address as the style finds it (``next(after:body:header:rows:lastKey:asked:)``).
    private func candidate(
        after address: UpstreamAddress, body: Any, header: (String) -> String?, rows: Int, lastKey: String?, asked: Int?
    ) -> String? {
        switch self {
        case .next(let field):
            guard case let next as String = UpstreamJSON.value(at: field, in: body), !next.isEmpty else { return nil }
            return address.resolve(next)
        case .link:
            return header("Link").flatMap(Self.nextLink).map { address.resolve($0) } ?? nil
        case .cursor(let field, let parameter):
            guard let cursor = UpstreamJSON.text(UpstreamJSON.value(at: field, in: body)), !cursor.isEmpty else { return nil }
            return address.setting(parameter, to: cursor)
        case .lastKey(let parameter, let hasMore):
            guard UpstreamJSON.value(at: hasMore, in: body) as? Bool == true, let lastKey else { return nil }
            return address.setting(parameter, to: lastKey)
        case .page(let parameter, let first):
            guard rows > 0, rows >= (asked ?? 1) else { return nil }
            let current = address.parameter(parameter).flatMap { Int($0) } ?? first
            return address.setting(parameter, to: String(current + 1))
        case .offset(let parameter):
            guard rows > 0, rows >= (asked ?? 1) else { return nil }
            let current = address.parameter(parameter).flatMap { Int($0) } ?? 0
            return address.setting(parameter, to: String(current + rows))
        }
    }

    /// The target of the `rel="next"` link of a `Link` field (RFC 8288 §3: `<URI>; rel="next"`,
    /// several links comma-separated, `rel` a space-separated list, quoted or not).
    static func nextLink(_ field: String) -> String? {
        var rest = Substring(field)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            let target = rest[rest.index(after: open)..<close]
            let parameters = rest[rest.index(after: close)...].prefix { $0 != "<" }
            for parameter in parameters.split(separator: ";") {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2, pair[0].lowercased() == "rel" else { continue }
                // The value up to the comma that ends this link, unquoted.
                let relations = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\", \t")).lowercased().split(separator: " ")
                if relations.contains("next") { return String(target) }
            }
            rest = rest[close...].dropFirst()
        }
        return nil
    }
}
