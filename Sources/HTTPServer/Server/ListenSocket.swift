#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The listening TCP socket, made by HTTPServer rather than libmicrohttpd so a
/// bind failure reports its real reason (libmicrohttpd only returns NULL).
struct ListenSocket {
    let descriptor: Int32
    let port: UInt16

    /// Creates, binds and listens.
    /// - Parameters:
    ///   - host: A numeric IPv4/IPv6 address or `localhost`.
    ///   - port: The port; 0 for any free one.
    ///   - backlog: The `listen(2)` backlog.
    /// - Throws: ``HTTPServerError`` `.invalidAddress`, `.addressInUse` or
    ///   `.systemCall` with the address and `strerror` text.
    init(host: String, port: UInt16, backlog: Int) throws(HTTPServerError) {
        let name = host == "localhost" ? "127.0.0.1" : host
        var address4 = sockaddr_in()
        var address6 = sockaddr_in6()
        let family: Int32
        if inet_pton(AF_INET, name, &address4.sin_addr) == 1 {
            family = AF_INET
            address4.sin_family = sa_family_t(AF_INET)
            address4.sin_port = port.bigEndian
        } else if inet_pton(AF_INET6, name, &address6.sin6_addr) == 1 {
            family = AF_INET6
            address6.sin6_family = sa_family_t(AF_INET6)
            address6.sin6_port = port.bigEndian
        } else {
            throw HTTPServerError(.invalidAddress, "host \(host) is not a numeric IPv4/IPv6 address or localhost")
        }
        let display = family == AF_INET6 ? "[\(name)]:\(port)" : "\(name):\(port)"

        #if canImport(Glibc)
            let socketType = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        #else
            let socketType = SOCK_STREAM
        #endif
        let descriptor = socket(family, socketType, 0)
        guard descriptor >= 0 else {
            throw HTTPServerError(.systemCall, "socket() for \(display): \(Self.lastError())")
        }
        var one: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        if family == AF_INET6 {
            _ = setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, socklen_t(MemoryLayout<Int32>.size))
        }
        let bound: Int32 =
            family == AF_INET
            ? withUnsafePointer(to: &address4) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            : withUnsafePointer(to: &address6) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
        if bound != 0 {
            let code = errno
            let reason = Self.lastError()
            close(descriptor)
            switch code {
            case EADDRINUSE:
                throw HTTPServerError(.addressInUse, "cannot listen on \(display): the port is already in use (\(reason))")
            case EADDRNOTAVAIL, EACCES:
                throw HTTPServerError(.invalidAddress, "cannot listen on \(display): \(reason)")
            default:
                throw HTTPServerError(.systemCall, "bind() \(display): \(reason)")
            }
        }
        guard listen(descriptor, Int32(backlog)) == 0 else {
            let reason = Self.lastError()
            close(descriptor)
            throw HTTPServerError(.systemCall, "listen() \(display): \(reason)")
        }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else {
            let reason = Self.lastError()
            close(descriptor)
            throw HTTPServerError(.systemCall, "getsockname() \(display): \(reason)")
        }
        let boundPort: UInt16 = withUnsafePointer(to: &storage) { pointer in
            if family == AF_INET {
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
            } else {
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            }
        }
        self.descriptor = descriptor
        self.port = boundPort
    }

    static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
