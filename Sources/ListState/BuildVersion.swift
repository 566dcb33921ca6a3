/// The version of what a browser may keep: a digest of the built-in
/// templates and static files (embedded into the binary at build time), the
/// lists' own templates, the generated placeholder stylesheet and the override
/// folders' names.
///
/// The pages register the service worker as `/sw.js?v=<version>`, and the
/// worker names its caches after it: a server whose bundle changed registers a
/// new worker, which replaces the old one and deletes the old caches.
enum BuildVersion {
    /// FNV-1a (64 bit) over the parts, each followed by a separator, in hex.
    /// - Complexity: O(*n*) in the total length of the parts.
    static func digest(_ parts: [[UInt8]]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts {
            for byte in part {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            hash ^= 0xff
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for shift in stride(from: 60, through: 0, by: -4) { text.append(hex[Int((hash >> UInt64(shift)) & 0xf)]) }
        return String(decoding: text, as: UTF8.self)
    }

    /// The version of an application's bundle.
    /// - Parameters:
    ///   - stylesheetTag: The placeholder stylesheet's entity tag.
    ///   - configuration: Names the override folders.
    ///   - listTemplates: The lists' own templates (``ListDefinition/templates``), by name:
    ///     digested as built-in templates of that name would be.
    /// - Complexity: O(*n*) in the size of the built-in resources.
    static func of(stylesheetTag: String, configuration: AppConfiguration, listTemplates: [String: String] = [:]) -> String {
        var files = EmbeddedResources.files
        for (name, source) in listTemplates { files["Templates/\(name).mustache"] = Array(source.utf8) }
        var parts: [[UInt8]] = []
        for (path, bytes) in files.sorted(by: { $0.0 < $1.0 }) {
            parts.append(Array(path.utf8))
            parts.append(bytes)
        }
        parts.append(Array(stylesheetTag.utf8))
        parts.append(Array((configuration.templatesDirectory ?? "").utf8))
        parts.append(Array((configuration.staticDirectory ?? "").utf8))
        return digest(parts)
    }
}
