extension String {
    /// The first `count` Unicode scalars of this text (all of it when it has no
    /// more; none for `count` ≤ 0), copied in one piece.
    ///
    /// Appending the scalars one by one to a new `String.UnicodeScalarView` cost
    /// a page with a few long cells a seventh of its instructions (callgrind:
    /// about 40 K a 300-scalar cut); this finds the end and copies the bytes once.
    package func prefix(scalars count: Int) -> String {
        String(self[..<(endOfScalars(count) ?? endIndex)])
    }

    /// Where the first `count` Unicode scalars end when more follow; nil when the
    /// text has no more. Walks only those scalars: in UTF-8 a scalar starts at every
    /// byte but a continuation byte (10xxxxxx, RFC 3629 §3), so the bytes are read up
    /// to the cut (counting all of them cost a long value a walk of the whole).
    package func endOfScalars(_ count: Int) -> String.Index? {
        let count = Swift.max(count, 0)
        // A scalar is at least one byte.
        guard utf8.count > count else { return nil }
        let offset = utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var scalars = 0
            for (offset, byte) in bytes.enumerated() where byte & 0xC0 != 0x80 {
                if scalars == count { return offset }
                scalars += 1
            }
            return nil
        }
        guard let offset else {
            // Not contiguous UTF-8 (a bridged string): the scalar view's walk.
            let view = unicodeScalars
            guard let end = view.index(view.startIndex, offsetBy: count, limitedBy: view.endIndex), end < view.endIndex
            else { return nil }
            return end
        }
        return offset.map { utf8.index(utf8.startIndex, offsetBy: $0) }
    }
}
