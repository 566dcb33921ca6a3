import Testing

@testable import ListState

#if canImport(Glibc)
    import Glibc
#endif

/// `LogWriter` on a pipe nobody reads: lines that cannot go now are dropped and
/// counted, never waited for; what gets through is whole lines.
@Suite struct LogWriterTests {
    func readAll(_ descriptor: Int32) -> String {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var text: [UInt8] = []
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            text += buffer[0..<count]
        }
        return String(decoding: text, as: UTF8.self)
    }

    @Test func aFullPipeDropsAndCountsLinesThenSaysSo() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        let writer = LogWriter(descriptor: ends[1])
        #expect(writer.mayWait)
        let line = String(repeating: "x", count: 99) + "\n"
        for _ in 0..<2000 { writer.write(line) }  // 200 kB into a 64 KiB pipe: returns at once
        let dropped = writer.droppedLines
        #expect(dropped > 1000)
        let first = readAll(ends[0])
        #expect(first.split(separator: "\n").allSatisfy { $0.count == 99 })
        writer.write("next\n")
        #expect(readAll(ends[0]) == "liststate: \(dropped) log lines dropped: the output was not read\nnext\n")
        #expect(writer.droppedLines == 0)
    }

    @Test func aLongLineIsCutAtACharacterAndWrittenWhole() {
        let long = Array(String(repeating: "é", count: 3000).utf8) + [10]
        let cut = LogWriter.cut(long)
        #expect(cut.count <= LogWriter.atomicLimit)
        #expect(String(validating: cut, as: UTF8.self)?.hasSuffix("é…\n") == true)
        #expect(LogWriter.cut(Array("short\n".utf8)) == Array("short\n".utf8))
    }

    @Test func filesAndDevicesAreWrittenAsBefore() {
        let null = open("/dev/null", O_WRONLY)
        defer { close(null) }
        #expect(!LogWriter(descriptor: null).mayWait)
    }

    /// Only /dev/null discards (the serve command then makes no access log line): not a
    /// pipe, not another character device, not a file.
    @Test func onlyDevNullDiscards() throws {
        let null = open("/dev/null", O_WRONLY)
        let zero = open("/dev/zero", O_WRONLY)
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        var template = Array("/tmp/liststate-log-XXXXXX".utf8CString)
        let file = mkstemp(&template)
        defer {
            for descriptor in [null, zero, ends[0], ends[1], file] { close(descriptor) }
            unlink(template)
        }
        #expect(LogWriter(descriptor: null).isDiscarding)
        #expect(!LogWriter(descriptor: zero).isDiscarding)
        #expect(!LogWriter(descriptor: ends[1]).isDiscarding)
        #expect(!LogWriter(descriptor: file).isDiscarding)
    }
}
