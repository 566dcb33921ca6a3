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
}
