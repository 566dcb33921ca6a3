// MustacheSharedContext: the part of a context many renders share, and the
// sections drawn from it alone, kept once drawn.

import Synchronization

/// Fields that many renders share unchanged (a page's words, links and controls
/// for one list, language and query), placed just above a render's own root
/// (``TemplateLibrary/render(_:_:shared:)``), which keeps what its sections print.
///
/// A name is looked up in the shared fields before the render's own root: with no
/// name in both, that is the spec's lookup over one root holding both ("Sections":
/// the innermost value first). The caller keeps the two apart.
///
/// **What is kept.** A section or inverted section at the root (no section open
/// around it, no indentation in force) whose name is found in the shared fields
/// prints the same bytes every time, as long as its body looked up nothing in
/// the render's own root (not even a name it did not find there, which another
/// render's root might hold: with ``ownNames`` given, only those names count),
/// ran no block (`{{$x}}`: overrides depend on the caller) and met no
/// ``MustacheObject`` or ``MustacheList`` (their fields are code). Such a section's output is kept here the first time it is drawn, by
/// template and instruction, and copied on every later render: a page's chrome
/// (search form, sort links, offline templates) is drawn once per shared context,
/// not once per request. Sections that fail any of these rules are drawn each
/// time as before. Tests/MustacheTests/SharedContextTests.swift renders
/// templates both ways and compares the bytes.
///
/// Thread-safe: renders on many threads may share one.
public final class MustacheSharedContext: Sendable {
    /// The shared fields.
    public let fields: MustacheFields
    /// Every name the roots rendered with these fields may hold, when the caller
    /// knows them (a page's own fields are a fixed few): a section that missed any
    /// other name in the root is still kept. A render whose root holds another name
    /// keeps and copies nothing. Nil: any name.
    public let ownNames: Set<String>?
    /// Whether the fields hold no object or list anywhere (else nothing is kept).
    let isPlain: Bool
    /// Kept output, by template program and instruction.
    private let kept = Mutex<Kept>(Kept())

    /// The most bytes kept per shared context: a template that prints more from
    /// shared sections draws the rest each time. A page's chrome is a few KiB (a
    /// 40-column table's sort links and header row about 12 KiB).
    public static let keptLimit = 64 * 1024

    struct Kept {
        var sections: [Key: Section] = [:]
        var bytes = 0
    }

    struct Key: Hashable {
        let program: ObjectIdentifier
        let op: Int
    }

    struct Section {
        /// Holds the program, so its identifier is never reused while the output is kept.
        let program: Template.Program
        let bytes: [UInt8]
    }

    /// Shares `fields` with renders whose own root holds only names of `ownNames` (nil: any).
    public init(_ fields: MustacheFields, ownNames: Set<String>? = nil) {
        self.fields = fields
        self.ownNames = ownNames
        isPlain = fields.allSatisfy { Self.isPlain($0.value) }
    }

    /// Whether a render over `root` may keep and copy sections: the shared fields are
    /// plain and the root holds no name beyond ``ownNames``.
    func mayKeep(over root: MustacheValue) -> Bool {
        guard isPlain else { return false }
        guard let ownNames else { return true }
        guard case .dictionary(let own) = root else { return false }
        return own.allSatisfy { ownNames.contains($0.name) }
    }

    /// Whether a root rendered with these fields may hold `name` (see ``ownNames``).
    func mayOwn(_ name: String) -> Bool {
        ownNames?.contains(name) ?? true
    }

    private static func isPlain(_ value: MustacheValue) -> Bool {
        switch value {
        case .null, .bool, .int, .double, .string: return true
        case .array(let elements): return elements.allSatisfy(isPlain)
        case .dictionary(let fields): return fields.allSatisfy { isPlain($0.value) }
        case .object, .list, .listElement: return false
        }
    }

    /// Sections kept so far (for tests).
    public var keptSectionCount: Int { kept.withLock { $0.sections.count } }

    /// The output kept for instruction `op` of `program`, handed to `body`; false when none is.
    func withKept(_ program: Template.Program, _ op: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        kept.withLock { kept in
            guard let section = kept.sections[Key(program: ObjectIdentifier(program), op: op)], section.program === program
            else { return false }
            section.bytes.withUnsafeBufferPointer(body)
            return true
        }
    }

    /// Keeps `bytes` as what instruction `op` of `program` prints.
    func keep(_ program: Template.Program, _ op: Int, _ bytes: UnsafeBufferPointer<UInt8>) {
        kept.withLock { kept in
            guard kept.bytes + bytes.count <= Self.keptLimit else { return }
            let key = Key(program: ObjectIdentifier(program), op: op)
            guard kept.sections[key] == nil else { return }
            kept.sections[key] = Section(program: program, bytes: Array(bytes))
            kept.bytes += bytes.count
        }
    }
}
