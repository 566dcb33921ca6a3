/// One language's words (``UIStrings``, ``TableWords``), made once and handed
/// out by reference.
///
/// A page's view holds its language's words for the whole request. Held as the
/// struct, the copy retained and released each of its references (about 80 for
/// ``UIStrings``, 30 for ``TableWords``): perf put the copies of the two at 3 %
/// of an uncached page's time on two cores. A field read through the reference
/// (`shared.words.searchLabel`) retains that field alone.
final class SharedWords<Words: Sendable>: Sendable {
    /// The words.
    let words: Words

    /// Keeps `words`.
    init(_ words: Words) { self.words = words }
}
