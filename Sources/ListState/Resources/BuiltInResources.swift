import Foundation

/// The built-in templates and static files (embedded at build time by the
/// EmbedResources plugin) and the user's overrides of them.
///
/// A user points the server at their own folders (`--templates DIR`,
/// `--static DIR`); a file there replaces the built-in file of the same name,
/// and a name missing there falls back to the built-in one.
package enum BuiltInResources {
    /// The built-in templates by name (`layout` for `Templates/layout.mustache`): source text.
    package static var templates: [String: String] {
        var templates: [String: String] = [:]
        for (path, bytes) in EmbeddedResources.files where path.hasPrefix("Templates/") && path.hasSuffix(".mustache") {
            let name = String(path.dropFirst("Templates/".count).dropLast(".mustache".count))
            templates[name] = String(decoding: bytes, as: UTF8.self)
        }
        return templates
    }

    /// The built-in static files by path below `Static/` (`liststate.css`): bytes.
    package static var staticFiles: [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for (path, bytes) in EmbeddedResources.files where path.hasPrefix("Static/") {
            files[String(path.dropFirst("Static/".count))] = bytes
        }
        return files
    }

    /// The templates of `directory` (`*.mustache`, by name) and their paths.
    /// - Throws: `AppError.cannotReadTemplates` when the folder cannot be listed or a file read.
    static func templates(in directory: String) throws(AppError) -> (sources: [String: String], paths: [String: String]) {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory) } catch { throw AppError.cannotReadTemplates(directory, reason: "the folder cannot be read") }
        var sources: [String: String] = [:]
        var paths: [String: String] = [:]
        for file in names.sorted() where file.hasSuffix(".mustache") {
            let path = directory + "/" + file
            guard let data = FileManager.default.contents(atPath: path) else {
                throw AppError.cannotReadTemplates(path, reason: "the file cannot be read")
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw AppError.cannotReadTemplates(path, reason: "the file is not UTF-8 text")
            }
            let name = String(file.dropLast(".mustache".count))
            sources[name] = text
            paths[name] = path
        }
        return (sources, paths)
    }

    /// The templates of each list's own folder, `DIR/lists/NAME/*.mustache`
    /// (only `row` and `detail` are taken), by folder name; none without a `lists` folder.
    /// - Throws: `AppError.cannotReadTemplates` for a file that cannot be read,
    ///   or one in a list's folder that is neither `row` nor `detail`.
    static func listTemplates(in directory: String) throws(AppError) -> [String: (sources: [String: String], paths: [String: String])] {
        let root = directory + "/lists"
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else { return [:] }
        let folders: [String]
        do { folders = try FileManager.default.contentsOfDirectory(atPath: root) } catch { throw AppError.cannotReadTemplates(root, reason: "the folder cannot be read") }
        var result: [String: (sources: [String: String], paths: [String: String])] = [:]
        for folder in folders.sorted() {
            let files = try templates(in: root + "/" + folder)
            for name in files.sources.keys where !PageTemplates.listFiles.contains(name) {
                throw AppError.cannotReadTemplates(
                    root + "/" + folder + "/" + name + ".mustache",
                    reason: "a list's folder holds row.mustache and detail.mustache only")
            }
            result[folder] = files
        }
        return result
    }
}
