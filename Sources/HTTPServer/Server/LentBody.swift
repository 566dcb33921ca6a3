import CMicroHTTPD

/// A response body lent to libmicrohttpd in place: the response it is made into
/// points at the body's own bytes and holds this box until libmicrohttpd frees the
/// response (after the last connection it was queued on has sent it).
///
/// Handed over with `.RESPMEM_MUST_COPY`, every answer was copied once more into a
/// buffer of libmicrohttpd's (an uncached 20-row table page: 19 KB allocated, copied
/// and freed per request; callgrind). A `[UInt8]` kept by a `let` of this box is
/// never mutated, so its storage, and the address libmicrohttpd was given, stays
/// as it is for as long as the box lives.
final class LentBody: Sendable {
    let bytes: [UInt8]

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// A libmicrohttpd response whose body is `bytes`, without a copy
    /// (`MHD_create_response_from_buffer_with_free_callback_cls`, libmicrohttpd
    /// 0.9.73.2 and later); nil when libmicrohttpd has no memory.
    static func daemonResponse(_ bytes: [UInt8]) -> OpaquePointer? {
        guard !bytes.isEmpty else { return MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT) }
        let lent = Unmanaged.passRetained(LentBody(bytes))
        let made = lent.takeUnretainedValue().bytes.withUnsafeBytes { stored in
            MHD_create_response_from_buffer_with_free_callback_cls(
                stored.count, UnsafeMutableRawPointer(mutating: stored.baseAddress), lentBodyRelease, lent.toOpaque())
        }
        if made == nil { lent.release() }
        return made
    }
}

/// MHD_ContentReaderFreeCallback: libmicrohttpd is done with the response; releases its body.
private func lentBodyRelease(_ cls: UnsafeMutableRawPointer?) {
    guard let cls else { return }
    Unmanaged<LentBody>.fromOpaque(cls).release()
}
