import Foundation
import PackagePlugin

/// Embeds the package's `Templates/` and `Static/` folders into the target that
/// uses this plugin (or the target's own `Templates/` folder, when it has one),
/// as a generated `EmbeddedResources.swift`.
///
/// Why embed rather than use SwiftPM resources: resources must live inside a
/// target's folder and are found through `Bundle.module`, a folder beside the
/// binary. Embedded files travel with the binary itself, so the built-in
/// templates are found wherever `liststate` is copied to or started from.
@main
struct EmbedResources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        // A target with a Templates/ folder of its own (ListCatalogue) embeds that one.
        let own = target.directoryURL.appending(path: "Templates")
        let embedsOwn = FileManager.default.fileExists(atPath: own.path)
        let root = embedsOwn ? target.directoryURL : context.package.directoryURL
        let folders = embedsOwn ? [own] : ["Templates", "Static"].map { root.appending(path: $0) }
        var inputs: [URL] = []
        for folder in folders {
            guard
                let walker = FileManager.default.enumerator(
                    at: folder, includingPropertiesForKeys: [.isRegularFileKey]
                )
            else { continue }
            for case let url as URL in walker
            where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                inputs.append(url)
            }
        }
        inputs.sort { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(embedsOwn ? "its Templates/" : "Templates/ and Static/") into \(target.name)",
                executable: try context.tool(named: "embed-resources").url,
                arguments: [output.path, root.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
