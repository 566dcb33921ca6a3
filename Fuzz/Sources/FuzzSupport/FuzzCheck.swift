#if canImport(Glibc)
    import Glibc
#endif

/// Checks one property of a fuzz input; when it does not hold, writes `message`
/// to standard error and aborts, which libFuzzer reports as a crash and saves
/// the input as `crash-<sha1>`.
///
/// - Parameters:
///   - condition: The property.
///   - message: What failed, with the values involved (evaluated only on failure).
public func fuzzCheck(_ condition: Bool, _ message: @autoclosure () -> String) {
    guard !condition else { return }
    let text = "fuzz property failed: \(message())\n"
    _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    abort()
}

/// The fuzz input as a byte array (libFuzzer passes a pointer and a count; the
/// pointer may be null when the count is 0).
public func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
    guard let data, count > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: count))
}
