// The context stack of a render, with a plain-data shadow the lookups walk.

extension Template {
    /// The context stack (spec "Sections": a section pushes its value; a name is
    /// looked up from the innermost value out).
    ///
    /// Each value has a plain-data frame beside it saying whether a name can be
    /// found in it and, for a list row, which list and row: a lookup walks the
    /// frames and reads a row's fields through an unretained reference (the value
    /// beside it keeps the list alive), so a tag in a row costs no reference
    /// counting and no copy of a value.
    struct ContextStack: ~Copyable {
        /// What a lookup finds in a value.
        enum Kind: UInt8 {
            /// Named fields: a dictionary or an object (look inside the value).
            case fields
            /// A list's row (`.listElement`): `list` and `row`.
            case row
            /// No names: text, numbers, booleans, null, arrays and lists.
            case opaque
        }

        /// The shadow of one value.
        struct Frame {
            var kind: Kind
            var row: Int = 0
            var list: Unmanaged<MustacheListBox>?
        }

        /// The values, innermost last.
        private(set) var values: [MustacheValue]
        /// `frames[i]` describes `values[i]`.
        private(set) var frames: [Frame]

        /// A stack holding `root`.
        init(root: MustacheValue) {
            values = []
            frames = []
            values.reserveCapacity(16)
            frames.reserveCapacity(16)
            push(root)
        }

        /// Values on the stack (at least one: the root).
        var count: Int { values.count }

        /// The innermost value (what `{{.}}` names).
        var top: MustacheValue? { values.last }

        /// Whether every value above the root and the shared fields just above it
        /// (``MustacheSharedContext``) is `true`: a section here looks names up as one
        /// at the root does, and `{{.}}` prints the same (a region drawn inside
        /// `{{#hasRows}}` keeps its shared sections too).
        var holdsNoNamesAboveShared: Bool {
            guard values.count > 2 else { return values.count == 2 }
            for value in values[2...] {
                guard case .bool(true) = value else { return false }
            }
            return true
        }

        /// Pushes a section's value.
        @inline(__always)
        mutating func push(_ value: MustacheValue) {
            switch value {
            case .dictionary, .object:
                frames.append(Frame(kind: .fields))
            case .listElement(let box, let row):
                frames.append(Frame(kind: .row, row: row, list: Unmanaged.passUnretained(box)))
            default:
                frames.append(Frame(kind: .opaque))
            }
            values.append(value)
        }

        /// Pushes row `row` of `box`'s list (what a section over `.list` does per row).
        @inline(__always)
        mutating func push(row: Int, of box: MustacheListBox) {
            values.append(.listElement(box, row))
            frames.append(Frame(kind: .row, row: row, list: Unmanaged.passUnretained(box)))
        }

        /// Pops the innermost value.
        @inline(__always)
        mutating func pop() {
            frames.removeLast()
            values.removeLast()
        }
    }
}
