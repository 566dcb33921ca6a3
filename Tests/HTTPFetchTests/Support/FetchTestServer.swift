import HTTPServer
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Counts the requests a test server answered.
final class RequestCounter: Sendable {
    private let count = Atomic<Int>(0)
    /// Counts one request.
    func add() { count.add(1, ordering: .relaxed) }
    /// The requests counted so far.
    var value: Int { count.load(ordering: .relaxed) }
}

/// Starts an HTTPServer on 127.0.0.1, port 0, runs `body` with its base URL
/// ("http://127.0.0.1:PORT"), and stops it, also when `body` throws.
func withServer(_ router: Router, _ body: (String) throws -> Void) throws {
    var configuration = Server.Configuration()
    configuration.host = "127.0.0.1"
    configuration.port = 0
    configuration.threads = 2
    configuration.errorLog = { _ in }
    let server = Server(configuration: configuration, router: router)
    try server.start()
    defer { try? server.shutdown(timeout: .seconds(5)) }
    let port = try #require(server.port)
    try body("http://127.0.0.1:\(port)")
}

/// A socket on 127.0.0.1 that listens and never accepts: connections complete
/// in the kernel, and nothing ever answers. Closed by `close()`.
struct SilentListener {
    let descriptor: Int32
    let port: UInt16

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0, listen(descriptor, 4) == 0 else {
            Glibc.close(descriptor)
            throw ListenError(code: errno)
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    func close() { Glibc.close(descriptor) }

    struct ListenError: Error { var code: Int32 }
}
