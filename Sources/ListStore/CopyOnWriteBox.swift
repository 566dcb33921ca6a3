/// The stored fields of a value type, shared by its copies until one of them
/// changes (copy on write): a copy of the value is one reference to retain and
/// release, not each of its fields' (``TableDescription``, and the app's list
/// definitions, which every request hands to the query, the snapshot and the view).
package final class CopyOnWriteBox<Fields>: @unchecked Sendable {
    /// The fields, changed only through ``mutate(_:_:)``.
    package private(set) var fields: Fields

    /// A box of its own for `fields`.
    package init(_ fields: Fields) { self.fields = fields }

    /// Changes the fields in `box`, first copying them into a box of its own when
    /// another value shares it (`isKnownUniquelyReferenced`).
    package static func mutate(_ box: inout CopyOnWriteBox, _ change: (inout Fields) -> Void) {
        if !isKnownUniquelyReferenced(&box) { box = CopyOnWriteBox(box.fields) }
        change(&box.fields)
    }
}
