import ListStore

/// The texts a view keeps (``ListStore/ByteBuffer``): what a cell shows of most
/// texts, checked and copied in one visit of their bytes.
extension ByteBuffer {
    /// Appends `text` when it is at most `maximumBytes` bytes of printable ASCII
    /// (``VisibleText/isPrintableASCII(_:)-(UnsafeBufferPointer<UInt8>)``): what a
    /// cell shows of most texts as they are. Returns false, appending nothing, for
    /// any other text.
    func appendIfPrintableASCII(_ text: String, maximumBytes: Int) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { appendIfPrintableASCII($0, maximumBytes: maximumBytes) } ?? false
    }

    /// Appends `bytes` when they are at most `maximumBytes` of printable ASCII (see
    /// ``appendIfPrintableASCII(_:maximumBytes:)-(String,_)``); returns whether it did.
    func appendIfPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>, maximumBytes: Int) -> Bool {
        guard bytes.count <= maximumBytes, VisibleText.isPrintableASCII(bytes) else { return false }
        append(bytes)
        return true
    }

    /// Appends `bytes` when they are at most `maximumBytes` of printable ASCII, as
    /// ``appendIfPrintableASCII(_:maximumBytes:)-(UnsafeBufferPointer<UInt8>,_)`` does;
    /// returns nil when it did not, else whether they have a byte HTML escapes
    /// (found in the same visit of the bytes: a cell whose text has none is copied
    /// into the page as it is).
    func appendIfPrintableASCIINeedsEscaping(_ bytes: UnsafeBufferPointer<UInt8>, maximumBytes: Int) -> Bool? {
        guard bytes.count <= maximumBytes, let needsEscaping = VisibleText.printableASCIINeedsEscaping(bytes) else {
            return nil
        }
        append(bytes)
        return needsEscaping
    }
}
