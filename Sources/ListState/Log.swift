import HTTPServer
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Writes one line to standard error (the server's log), without buffering and
/// without ever waiting on a full pipe (see ``LogWriter``).
func logError(_ message: String) {
    LogWriter.standardError.write("liststate: " + message + "\n")
}

/// Writes whole log lines to a file descriptor without ever making the caller wait.
///
/// A server's standard output and error are often pipes (a supervisor, a log
/// collector, `| tee`). A pipe nobody reads fills up after 64 KiB, and a
/// blocking write(2) then holds the request thread that logs — every one of
/// them, soon: the server stops answering (found by Tests/reliability/faults.py).
/// So on a pipe, a socket or a terminal a line is written only when poll(2)
/// says it goes without waiting; otherwise it is dropped and counted, and the
/// next line that gets through is preceded by how many were dropped. Such a
/// line is at most `PIPE_BUF` bytes (longer ones are cut, ending in `…`), so it
/// is written in one piece. Files and devices (`/dev/null`, `/dev/full`) are
/// written as before: they do not wait on a reader. Write errors (EPIPE once
/// the reader is gone, ENOSPC) are ignored; the serve command ignores SIGPIPE.
package final class LogWriter: Sendable {
    /// Standard output (the access log).
    package static let standardOutput = LogWriter(descriptor: 1)
    /// Standard error (incidents, start and stop).
    package static let standardError = LogWriter(descriptor: 2)

    /// The file descriptor written to.
    package let descriptor: Int32
    /// Whether a write may wait on a reader (pipe, socket, terminal), decided once.
    let mayWait: Bool
    /// Whether the descriptor is `/dev/null`, decided once: what is written there is
    /// lost, so a caller may skip making it (the access log cost a kept page about a
    /// fifth of its instructions of our own: perf, issue 48).
    package let isDiscarding: Bool
    /// Lines dropped since the last one that got through; the lock also keeps
    /// lines whole when several threads log at once.
    private let dropped = Mutex<Int>(0)
    /// Whether the drop notice is a JSON line (``writeNoticesAsJSON()``).
    private let noticesAsJSON = Atomic<Bool>(false)
    /// The longest line written in one piece to a pipe (POSIX: `PIPE_BUF`, 4096 on Linux).
    static let atomicLimit = 4096

    /// Makes a writer for `descriptor`.
    package init(descriptor: Int32) {
        self.descriptor = descriptor
        var status = stat()
        if fstat(descriptor, &status) == 0 {
            let type = status.st_mode & S_IFMT
            mayWait = type == S_IFIFO || type == S_IFSOCK || isatty(descriptor) == 1
            var null = stat()
            isDiscarding = type == S_IFCHR && stat("/dev/null", &null) == 0 && null.st_mode & S_IFMT == S_IFCHR && null.st_rdev == status.st_rdev
        } else {
            mayWait = false
            isDiscarding = false
        }
    }

    /// Writes the drop notice as a JSON line (`AccessLogEntry.jsonMessage`),
    /// for a log of JSON lines (`--log-format json`: found by QA, a plain
    /// notice broke the log's readers).
    package func writeNoticesAsJSON() {
        noticesAsJSON.store(true, ordering: .relaxed)
    }

    /// The number of lines dropped so far and not yet reported.
    package var droppedLines: Int { dropped.withLock { $0 } }

    /// Writes `text` (one or more lines ending in a newline), or drops it when
    /// the descriptor cannot take it now.
    package func write(_ text: String) {
        write(bytes: Array(text.utf8))
    }

    /// Writes raw bytes, like ``write(_:)``.
    package func write(bytes: [UInt8]) {
        guard mayWait else {
            Self.writeAll(bytes, to: descriptor)
            return
        }
        dropped.withLock { dropped in
            var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            guard poll(&ready, 1, 0) == 1, ready.revents & Int16(POLLOUT) != 0,
                ready.revents & Int16(POLLERR | POLLHUP | POLLNVAL) == 0
            else {
                dropped += 1
                return
            }
            var line = Self.cut(bytes)
            if dropped > 0 {
                let words = "\(dropped) log lines dropped: the output was not read"
                let notice =
                    Array(
                        (noticesAsJSON.load(ordering: .relaxed) ? AccessLogEntry.jsonMessage(words) : "liststate: " + words)
                            .utf8) + [0x0A]
                if notice.count + line.count <= Self.atomicLimit { line = notice + line } else { line = notice }
            }
            if Self.writeAll(line, to: descriptor) { dropped = 0 } else { dropped += 1 }
        }
    }

    /// `bytes` cut to `atomicLimit` at a character boundary, ending in "…\n", when longer.
    static func cut(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count > atomicLimit else { return bytes }
        let ending: [UInt8] = Array("…\n".utf8)
        var end = atomicLimit - ending.count
        while end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return Array(bytes[..<end]) + ending
    }

    /// Writes every byte (retrying partial writes and EINTR); false on an error.
    @discardableResult
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}
