import Foundation
import TestSupport

@testable import ListCatalogue
@testable import ListStore

/// Catalogues built once per test process, in a temporary folder.
enum TestCatalogue {
    /// The full catalogue built from the runtime's Unicode data.
    static let full: (path: String, report: CatalogueBuilder.Report) = {
        let path = temporaryFolder() + "/catalogue.sqlite"
        do { return (path, try CatalogueBuilder.build(at: path)) } catch { return (path, CatalogueBuilder.Report(rowCount: -1, seconds: 0)) }
    }()

    /// A fresh temporary folder.
    static func temporaryFolder() -> String {
        TemporaryFolder.make("catalogue")
    }

    /// A small catalogue of the given code points (named "CHARACTER <hex>").
    static func small(_ codePoints: [UInt32], category: String = "So") throws -> String {
        let path = temporaryFolder() + "/small.sqlite"
        let records = codePoints.map {
            CharacterRecord(
                codePoint: $0, name: "CHARACTER \(String($0, radix: 16))", generalCategory: category,
                age: "1.1", isEmoji: false, isEmojiPresentation: false)
        }
        try CatalogueBuilder.build(at: path, records: records)
        return path
    }
}
