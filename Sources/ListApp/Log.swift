#if canImport(Glibc)
import Glibc
#endif

/// Writes one line to standard error (the server's log), without buffering.
func logError(_ message: String) {
    let line = Array(("liststate: " + message + "\n").utf8)
    line.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
}
