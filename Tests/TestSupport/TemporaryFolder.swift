import Foundation

/// The temporary folders of a test process: each inside one root folder that
/// is removed when the process exits, whether its tests passed or failed, so
/// no run leaves anything in the system's temporary folder (a crash, which
/// runs no exit handler, is the one exception).
public enum TemporaryFolder {
    /// This process's root, made at first use, with the exit handler that removes it.
    static let root: String = {
        let path = NSTemporaryDirectory() + "liststate-test-run-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: TemporaryFolder.root) }
        return path
    }()

    /// A new, empty folder named `prefix` and a UUID inside this process's root.
    public static func make(_ prefix: String) -> String {
        let path = root + "/" + prefix + "-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
