import ListStore

/// The rules every list's parameters share (docs/design.md, "HTTP and HTMX";
/// `TableRequest` reads a request with them), and why a request is refused.
///
/// | parameter | meaning | rule |
/// | --- | --- | --- |
/// | `limit` | rows per page | default 20; above 100 clamped to 100; below 1 or not a number → 400 |
/// | `q` | search words | at most 200 Unicode scalars and 8 distinct words, no control characters, else 400; blank = no search |
///
/// A repeated known parameter is a 400 (which one was meant is unknowable);
/// unknown parameters are ignored.
package enum ListRequest {
    /// Rows per page when `limit` is absent.
    package static let defaultLimit = 20
    /// The largest page; larger requests are clamped to it.
    package static let maximumLimit = 100
    /// The longest search text, in Unicode scalars.
    package static let maximumQueryLength = 200

    /// The rows per page `value` asks for: 1...``maximumLimit`` (larger clamped).
    /// - Throws: `Problem` (`badLimit`) for anything but digits making 1 or more.
    static func limit(_ value: String) -> Result<Int, Problem> {
        guard !value.isEmpty, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            return .failure(Problem(parameter: "limit", reason: .badLimit))
        }
        let digits = value.drop { $0 == "0" }
        let number = digits.isEmpty ? 0 : (digits.count > 18 ? Int.max : Int(digits) ?? Int.max)
        guard number >= 1 else { return .failure(Problem(parameter: "limit", reason: .badLimit)) }
        return .success(min(number, maximumLimit))
    }

    /// The search text `value` asks for, trimmed; nil when blank.
    /// - Throws: `Problem` when it is longer than ``maximumQueryLength`` scalars
    ///   or holds more than ``SearchWords/maximum`` distinct words.
    static func searchText(_ value: String) -> Result<String?, Problem> {
        guard value.unicodeScalars.count <= maximumQueryLength else {
            return .failure(Problem(parameter: "q", reason: .queryTooLong))
        }
        let trimmed = value.trimmingWhitespace
        // A literal (`g++`) is a term of the query as a word is.
        guard SearchWords.of(trimmed).count + SearchWords.literals(of: trimmed).count <= SearchWords.maximum else {
            return .failure(Problem(parameter: "q", reason: .tooManyWords))
        }
        return .success(trimmed.isEmpty ? nil : trimmed)
    }

    /// Why a request's parameters were refused, as a value the page puts into
    /// words in its own language (`UIStrings.reason`).
    package enum Reason: Sendable, Hashable {
        /// A known parameter is given more than once.
        case repeated(String)
        /// The cursor is not one the server made.
        case badCursor
        /// `limit` is below 1 or not a number.
        case badLimit
        /// `q` is longer than ``ListRequest/maximumQueryLength`` Unicode scalars.
        case queryTooLong
        /// The parameter's value holds a control character (General_Category Cc,
        /// NUL included), a bidi control or a noncharacter
        /// (``VisibleText/isAcceptableParameter(_:)``): the page would have to
        /// echo it, and raw it is a parse error or reorders the sentence.
        case invisibleCharacter(parameter: String)
        /// `q` holds more than ``SearchWords/maximum`` distinct words.
        case tooManyWords
        /// `lazy` is neither 0 nor 1.
        case badLazy
        /// `sort` names no column of the list.
        case unknownSort(String)
        /// `sort` names a column the list cannot be sorted by (one the configuration
        /// leaves out of `sortable`, or of a type with no order: a PostgreSQL `json`).
        case unsortableColumn(String)
        /// A cursor made by rowid names a row that is gone.
        case positionGone
        /// A cursor carries a source's own continuation that is no longer known (one kept by
        /// another instance or process, or expired) or was made for another search.
        case continuationGone
        /// A column filter's value cannot be used, or there are too many filters.
        case badFilter(String)
        /// A range filter (`__gt`, `__gte`, `__lt`, `__lte`) on a column the list does not
        /// sort by, which has no order to compare in.
        case unorderedRange(String)
        /// A column filter whose operation the list's row source does not declare for
        /// its column (``ListStore/RowSourceCapabilities/filterOperations``).
        case unsupportedFilter(String)
        /// A search (`q`) of a list whose row source does not search
        /// (``ListStore/RowSourceCapabilities/searches``).
        case unsupportedSearch
        /// A filter's value is not one its column's type can read (a database
        /// server checks types: `count__gt=abc` on a PostgreSQL `integer`).
        case unreadableValue
        /// A range filter (the parameter) on a column of numbers was given a value that is no number.
        case notANumber(parameter: String, value: String)
        /// `_col` or `_nocol` (the parameter) names no column the list offers (``ListDefinition/offeredColumns``).
        case unknownColumn(parameter: String, column: String)
        /// A named filter (the parameter) does not accept the value.
        case unknownFilterValue(parameter: String, value: String)
        /// The address itself cannot be read (a bad `%` escape, invalid UTF-8).
        case malformedAddress
        /// The address is longer than the server takes (414; `Server.Configuration.maxTargetBytes`).
        case addressTooLong
        /// The request's header fields are larger than the server takes (431; `Server.Configuration.maxHeaderBytes`).
        case headersTooLarge
    }

    /// Why a request's parameters were refused.
    package struct Problem: Error, Sendable, Hashable {
        /// The parameter at fault.
        package var parameter: String
        /// What was wrong.
        package var reason: Reason
        /// The reason in English, for logs and the decision's locale-free `badRequest(reason:)`.
        package var message: String { UIStrings.english.reason(reason) }
    }
}

extension String {
    /// The string without leading and trailing white space (Unicode White_Space).
    package var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
