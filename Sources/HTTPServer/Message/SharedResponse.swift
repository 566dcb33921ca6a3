import CMicroHTTPD
import Synchronization

/// A response the server may send to many requests as one libmicrohttpd
/// response (`Response.shared`): its body is lent (``LentBody``) and its header
/// fields are added once, at its first use, and every later request only queues it
/// (libmicrohttpd counts the connections it is queued on). A response cache
/// sets it on what it keeps; a cache hit then costs no copy and no allocation.
///
/// What a shared response leaves out: the `X-Request-Id` of each request (one
/// response cannot carry a field per request; the access log still has the
/// id), and it is not used while the server drains (those answers carry
/// `Connection: close`). Changing anything of a `Response` drops its share.
public final class SharedResponse: @unchecked Sendable {
    /// The libmicrohttpd response, once made; released when the last holder goes.
    private let handle = Mutex<OpaquePointer?>(nil)
    /// Whether the libmicrohttpd response is made (set once, never cleared): its header
    /// fields are then fixed, and the server's rules need not be applied to them again
    /// (``ServerCore/finalize(_:)``).
    let isMade = Atomic<Bool>(false)

    /// A share not used yet.
    public init() {}

    /// The libmicrohttpd response, made by `make` at the first call.
    func daemonResponse(make: () -> OpaquePointer?) -> OpaquePointer? {
        handle.withLock { handle in
            if handle == nil {
                handle = make()
                if handle != nil { isMade.store(true, ordering: .releasing) }
            }
            return handle
        }
    }

    deinit {
        // The responses queued on connections hold references of their own.
        if let made = handle.withLock({ $0 }) { MHD_destroy_response(made) }
    }
}
