import Foundation

/// An upstream address: an absolute `http` or `https` URL, its origin and its path, and the
/// few changes paging makes to it (a query parameter set, a relative reference resolved).
package struct UpstreamAddress: Sendable, Equatable {
    /// The whole URL.
    package let text: String
    /// `scheme://host[:port]`, lowercased, the default port left out.
    package let origin: String
    /// The path, `/` when empty.
    package let path: String

    /// `text` as an address; nil unless it is an absolute http or https URL with a host and no user,
    /// every `%` the start of an escape (else Foundation reads another path than libcurl sends).
    package init?(_ text: String) {
        guard Self.escapesAreWhole(text), let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host?.lowercased(), !host.isEmpty,
            components.user == nil, components.password == nil
        else { return nil }
        let port = components.port.flatMap { ($0 == 80 && scheme == "http") || ($0 == 443 && scheme == "https") ? nil : $0 }
        self.text = text
        origin = "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "")
        path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
    }

    /// Whether every `%` of `text` starts an escape of two hex digits (a scan: a regex literal was
    /// parsed again at each call, a third of an uncached page's instructions).
    static func escapesAreWhole(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, bytes[index + 1].isHexDigit, bytes[index + 2].isHexDigit else { return false }
                index += 3
            } else {
                index += 1
            }
        }
        return true
    }

    /// Whether a request may go to `self`: the same origin as `base`, and a path under one of `prefixes` (any when empty)
    /// with no `.` or `..` segment, percent-encoded or not, nor one behind an encoded `/` or `\` (libcurl or the
    /// upstream would resolve it out of the prefix).
    package func isAllowed(from base: UpstreamAddress, prefixes: [String]) -> Bool {
        // Only the escapes that matter decoded: a path with other bad escapes is checked all the same.
        var decoded = path
        for (escape, character) in [("%2e", "."), ("%2f", "/"), ("%5c", "\\")] {
            decoded = decoded.replacingOccurrences(of: escape, with: character, options: .caseInsensitive)
        }
        let dotSegment = decoded.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "\\" }.contains { $0 == "." || $0 == ".." }
        return origin == base.origin && (prefixes.isEmpty || prefixes.contains { path.hasPrefix($0) }) && !dotSegment
    }

    /// `reference` (absolute, or relative as a body's `next` may be) resolved against this address.
    func resolve(_ reference: String) -> String? {
        URL(string: reference, relativeTo: URL(string: text))?.absoluteURL.absoluteString
    }

    /// The value of the query parameter `name`, percent-decoded.
    func parameter(_ name: String) -> String? {
        URLComponents(string: text)?.queryItems?.last { $0.name == name }?.value
    }

    /// This address with the query parameter `name` set to `value` (added, or replacing every one of that name).
    package func setting(_ name: String, to value: String) -> String {
        guard var components = URLComponents(string: text) else { return text }
        // The other parameters as written (a `+` there is what the upstream reads it as, a space often);
        // this one encoded but for the unreserved characters, so a cursor's `+`, `/` and `=` reach it as themselves.
        var pairs = (components.percentEncodedQuery ?? "").split(separator: "&").filter { pair in
            let written = String(pair.prefix { $0 != "=" })
            return (written.removingPercentEncoding ?? written) != name
        }.map(String.init)
        pairs.append(Self.encoded(name) + "=" + Self.encoded(value))
        components.percentEncodedQuery = pairs.joined(separator: "&")
        return components.string ?? text
    }

    /// `text` percent-encoded but for RFC 3986's unreserved characters.
    static func encoded(_ text: String) -> String {
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self | 0x20)
    }
}
