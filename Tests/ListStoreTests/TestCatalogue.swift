import Foundation
import TestSupport

@testable import ListCatalogue
@testable import ListStore

/// Small catalogues (ListCatalogue's file format) to test the store on, in temporary folders.
enum TestCatalogue {
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
