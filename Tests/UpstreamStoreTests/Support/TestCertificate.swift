import Foundation
import TestSupport

/// A self-signed certificate for 127.0.0.1 and its key, made with openssl in a temporary
/// folder for one test; ``remove()`` deletes them (the folder also goes when the process exits).
struct TestCertificate {
    let folder: String
    var certificate: String { folder + "/cert.pem" }
    var key: String { folder + "/key.pem" }

    init() throws {
        folder = TemporaryFolder.make("certificate")
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        openssl.arguments = [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
            "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", folder + "/key.pem", "-out", folder + "/cert.pem",
        ]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        // Polled: `waitUntilExit()` runs a run loop, which can wait for ever on a task's thread.
        while openssl.isRunning { Thread.sleep(forTimeInterval: 0.01) }
        guard openssl.terminationStatus == 0, FileManager.default.fileExists(atPath: folder + "/cert.pem") else {
            remove()
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "openssl req failed"])
        }
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }
}
