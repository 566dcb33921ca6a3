import Foundation

/// Writes to the standard streams straight through their file descriptors
/// (Swift 6 rejects the C `stdout`/`stderr` globals); one call, one write, so
/// lines from several threads never interleave mid-line.
enum Output {
    /// Writes `text` to standard output.
    static func standardOutput(_ text: String) { write(text, to: 1) }
    /// Writes `text` to standard error.
    static func standardError(_ text: String) { write(text, to: 2) }
    /// Writes raw bytes to standard output.
    static func standardOutput(bytes: [UInt8]) { write(bytes, to: 1) }

    private static func write(_ text: String, to descriptor: Int32) { write(Array(text.utf8), to: descriptor) }

    private static func write(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 { if errno == EINTR { continue } else { return } }
                offset += written
            }
        }
    }
}

/// A usage error on the command line.
struct CommandLineError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// Progress of a long job: a bar redrawn in place on a terminal, a line per
/// 20 % otherwise (so logs stay readable).
final class ProgressReporter {
    let isTerminal: Bool
    private var lastShown = -1

    init(isTerminal: Bool) { self.isTerminal = isTerminal }

    func update(_ done: Int, _ total: Int) {
        guard total > 0 else { return }
        let percent = done * 100 / total
        if isTerminal {
            guard percent != lastShown else { return }
            let filled = percent * 30 / 100
            Output.standardError(
                "\r[" + String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled)
                    + "] \(percent)% (\(done)/\(total))")
        } else {
            guard percent / 20 != lastShown / 20 || lastShown < 0 else { return }
            Output.standardError("catalogue: \(done)/\(total) rows (\(percent)%)\n")
        }
        lastShown = percent
    }

    func finish() { if isTerminal && lastShown >= 0 { Output.standardError("\n") } }
}
