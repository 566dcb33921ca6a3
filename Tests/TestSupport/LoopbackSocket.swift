#if canImport(Glibc)
    import Glibc
#endif

/// A TCP connection to 127.0.0.1, for the tests that speak HTTP byte by byte
/// to a server they started (HTTPServer, ListState and CLI tests share it).
public enum LoopbackSocket {
    /// Connects to 127.0.0.1:`port` with a receive timeout (a safety net
    /// against hangs, not an assertion).
    ///
    /// - Parameters:
    ///   - port: The server's port.
    ///   - receiveTimeoutSeconds: `SO_RCVTIMEO`, in seconds.
    /// - Returns: The connected socket's descriptor (the caller closes it), or
    ///   the `errno` of the failed `socket(2)` or `connect(2)`.
    public static func connect(port: UInt16, receiveTimeoutSeconds: Int = 10) -> Result<Int32, SocketError> {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return .failure(SocketError(call: "socket", code: errno)) }
        var timeout = timeval(tv_sec: receiveTimeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            close(descriptor)
            return .failure(SocketError(call: "connect", code: code))
        }
        return .success(descriptor)
    }

    /// A failed socket call and its `errno`.
    public struct SocketError: Error, CustomStringConvertible {
        /// The call that failed (`socket`, `connect`).
        public var call: String
        /// Its `errno`.
        public var code: Int32
        public var description: String { "\(call) failed: errno \(code)" }
    }
}
