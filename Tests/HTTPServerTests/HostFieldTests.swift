import Testing

@testable import HTTPServer

/// `Host` is `uri-host [ ":" port ]` (RFC 9112 §3.2, RFC 3986 §3.2.2–3.2.3). Found by a
/// break-it pass: the check only looked at which bytes a value had, so `[::1`,
/// `x:abc` and `a:b:c` were served.
@Suite struct HostFieldTests {
    @Test(arguments: [
        "", "example.com", "example.com:8080", "example.com:", "127.0.0.1", "127.0.0.1:80", "a_b.local", "xn--bcher-kva.example",
        "ex%41mple.org", "sub.delims!$&'()*+,;=", "[::1]", "[::1]:80", "[2001:db8::7]", "[::ffff:192.0.2.1]:443", "[v1.fe:80]",
        "[V7.a]", ":80",
    ])
    func valid(_ value: String) {
        #expect(HostField.isValid(value), "\(value)")
    }

    @Test(arguments: [
        "[::1", "]]", "[zz]", "[::1]x", "[::1]:8x", "x:abc", "a:b:c", ":::", "%zz", "%4", "a b", "x/y", "x?y", "x#y", "x@y",
        "[]", "[1:2:3:4:5:6:7:8:9]", "[v.x]", "[v1.]", "[vz.x]", "é.example", "[::1%25eth0]",
    ])
    func invalid(_ value: String) {
        #expect(!HostField.isValid(value), "\(value)")
    }
}
