import ListDecision
import Mustache
import Synchronization

/// The parsed templates the routes render: built-in ones, replaced file by
/// file by the user's override folder. Parsed once, at start, in strict mode:
/// a template that does not parse or names a missing partial stops the server
/// from starting, so no request ever gets half a page.
package struct PageTemplates: Sendable {
    /// The templates the routes render directly; each must exist.
    static let required =
        [
            "layout", "list", "list-region", "region", "rows", "continuation", "row", "footer",
            "placeholder", "placeholder-body", "placeholder-button", "offline-templates", "message", "gallery",
            "search", "scripts", "table-list-controls", "table-detail", "table-index",
            "region-extras", "table-search-hidden", "offline-footer", "table-layout-region",
            "table-layout-row", "table-layout-footer", "table-layout-offline-footer", "facets",
        ]
        + PlaceholderKind.allCases.map { "placeholder-\($0.rawValue)" }

    /// The templates as they are: pages of no list (not found, the offline page, the gallery).
    let library: TemplateLibrary
    /// The same templates for each layout of a list (``tableParts``): the list
    /// layout's are the shared ones; the table layout draws `#list` as a `<table>`.
    let tableLibraries: [ListDefinition.Layout: TemplateLibrary]

    /// The user's own templates of some lists (`lists/NAME/row.mustache`,
    /// `lists/NAME/detail.mustache`, NAME tilde-encoded), by that folder's name:
    /// their sources and paths by file name (`row`, `detail`).
    let listFolders: [String: (sources: [String: String], paths: [String: String])]
    /// Every template's source and file, by name (built-in, replaced by the override folder's).
    private let sources: [String: String]
    private let paths: [String: String]
    /// Whether an override folder is given (its templates may replace the shared cells):
    /// a template then may show more of a value than the shared cells do (``drawsSharedCells(_:)``).
    private let hasOwnTemplates: Bool
    /// The libraries of lists drawn with parts of their own (``ListDefinition/partials``,
    /// a folder in ``listFolders``), made at first use.
    private let listLibraries = ListLibraries()

    /// The partials each layout draws in place of the shared ones (the list layout's are the shared ones).
    static let tableParts: [ListDefinition.Layout: [String: String]] = [
        .list: [:],
        .table: [
            "row": "table-layout-row", "list-region": "table-layout-region", "footer": "table-layout-footer",
            "offline-footer": "table-layout-offline-footer",
        ],
    ]
    /// The files a list's own folder may hold.
    static let listFiles: Set<String> = ["row", "detail"]

    /// Loads the built-in templates, the lists' own and, if given, the overrides in `directory`.
    /// - Parameters:
    ///   - directory: The override folder (`--templates`): its files replace the others of the same name.
    ///   - listTemplates: Templates of the lists' own (``ListDefinition/templates``), by name.
    /// - Throws: `AppError` naming the file, line and column of the first problem.
    package init(overrideDirectory directory: String? = nil, listTemplates: [String: String] = [:]) throws(AppError) {
        var sources = BuiltInResources.templates
        sources.merge(listTemplates) { _, own in own }
        var paths: [String: String] = [:]
        for name in sources.keys { paths[name] = "Templates/\(name).mustache" }
        hasOwnTemplates = directory != nil
        if let directory {
            let overrides = try BuiltInResources.templates(in: directory)
            sources.merge(overrides.sources) { _, new in new }
            paths.merge(overrides.paths) { _, new in new }
        }
        for name in Self.required where sources[name] == nil { throw AppError.missingTemplate(name) }
        do {
            let templates = try sources.keys.sorted().map { name in
                try Template(source: sources[name] ?? "", name: name, path: paths[name])
            }
            library = try TemplateLibrary(templates: templates, strict: true)
            var tableLibraries: [ListDefinition.Layout: TemplateLibrary] = [:]
            for (layout, parts) in Self.tableParts {
                let replaced = try templates.map { template in
                    guard let replacement = parts[template.name] else { return template }
                    return try Template(source: sources[replacement] ?? "", name: template.name, path: paths[replacement])
                }
                tableLibraries[layout] = try TemplateLibrary(templates: replaced, strict: true)
            }
            self.tableLibraries = tableLibraries
            listFolders = try directory.map { directory throws(AppError) in try BuiltInResources.listTemplates(in: directory) } ?? [:]
            self.sources = sources
            self.paths = paths
        } catch let error as MustacheError {
            throw AppError.template(error)
        } catch let error as AppError {
            throw error
        } catch {
            throw AppError.cannotReadTemplates(directory ?? "Templates", reason: "\(error)")
        }
    }

    /// Whether `list`'s rows are drawn by the built-in templates and the shared cells
    /// alone (no template, partial or presenter of its own, no override folder): its
    /// pages show at most ``RecordCells/clampedLength`` characters of a text.
    func drawsSharedCells(_ list: ListDefinition) -> Bool {
        !hasOwnTemplates && list.presenter == nil && list.partials.isEmpty && list.templates.isEmpty
    }

    /// Whether a template (built-in or override) is named `name`.
    func contains(_ name: String) -> Bool {
        library.template(named: name) != nil
    }

    /// Renders template `name` with `context` into bytes.
    func render(_ name: String, _ context: MustacheValue) -> Result<[UInt8], any Error> {
        Result { try library.render(name, context) }
    }

    /// Renders `name` for a list over a table or view (see ``tableLibraries``):
    /// with the list's own partials and its folder's templates where it has them.
    /// With `shared`, `context` is the rest of the fields (``Mustache/MustacheSharedContext``).
    package func renderForTable(
        _ name: String, _ context: MustacheValue, list: ListDefinition, shared: MustacheSharedContext? = nil
    ) -> Result<[UInt8], any Error> {
        Result { try library(for: list).render(name, context, shared: shared) }
    }

    /// Renders `name` for `list` with its layout's templates only, none of its own
    /// (``library(for:)`` without the list's partials and folder): what draws the
    /// error state when the list's own templates cannot draw a page.
    func renderForLayout(_ name: String, _ context: MustacheValue, of list: ListDefinition) -> Result<[UInt8], any Error> {
        guard let library = tableLibraries[list.layout] else { return .failure(AppError.missingTemplate(list.layout.rawValue)) }
        return Result { try library.render(name, context) }
    }

    /// Renders `name` as a page of the lists over tables that belongs to no list (the index).
    func renderForTables(_ name: String, _ context: MustacheValue) -> Result<[UInt8], any Error> {
        guard let library = tableLibraries[.list] else { return .failure(AppError.missingTemplate(name)) }
        return Result { try library.render(name, context) }
    }

    /// What the library `list` is drawn with depends on: lists of equal keys share one.
    func libraryKey(for list: ListDefinition) -> ListLibraries.Key {
        let folder = TildeEncoding.encode(list.name)
        return ListLibraries.Key(
            layout: list.layout, partials: list.partials, folder: listFolders[folder] == nil ? nil : folder,
            detail: list.detailTemplate)
    }

    /// The library `list` is drawn with: the layout's, with the list's own partials
    /// (``ListDefinition/partials``) and its folder's `row` and `detail` in place.
    /// - Throws: `AppError.template` when one of them does not parse.
    func library(for list: ListDefinition) throws(AppError) -> TemplateLibrary {
        guard let base = tableLibraries[list.layout] else { throw AppError.missingTemplate(list.layout.rawValue) }
        guard !list.partials.isEmpty || !listFolders.isEmpty else { return base }
        // A list's templates never change while served: found by its name on every request after the first.
        if let made = listLibraries.byName.withLock({ $0[list.name] }) { return made }
        let key = libraryKey(for: list)
        let files = key.folder.flatMap { listFolders[$0] }
        guard files != nil || !list.partials.isEmpty else { return base }
        if let made = listLibraries.libraries.withLock({ $0[key] }) {
            listLibraries.byName.withLock { $0[list.name] = made }
            return made
        }
        var replacements = Self.tableParts[list.layout] ?? [:]
        replacements.merge(list.partials) { _, own in own }
        var ownFiles: [String: (source: String, path: String?)] = [:]
        if let files {
            if let row = files.sources["row"] { ownFiles["row"] = (row, files.paths["row"]) }
            if let detail = files.sources["detail"] { ownFiles[list.detailTemplate] = (detail, files.paths["detail"]) }
        }
        do {
            let templates = try sources.keys.sorted().map { name in
                if let own = ownFiles[name] { return try Template(source: own.source, name: name, path: own.path) }
                let from = replacements[name] ?? name
                return try Template(source: sources[from] ?? "", name: name, path: paths[from])
            }
            let library = try TemplateLibrary(templates: templates, strict: true)
            listLibraries.libraries.withLock { $0[key] = library }
            listLibraries.byName.withLock { $0[list.name] = library }
            return library
        } catch let error as MustacheError {
            throw AppError.template(error)
        } catch {
            throw AppError.cannotReadTemplates(key.folder ?? list.name, reason: "\(error)")
        }
    }
}

/// The template libraries of lists drawn with parts of their own, made at first use (``PageTemplates/library(for:)``).
final class ListLibraries: Sendable {
    /// What a library depends on besides the shared templates.
    struct Key: Hashable {
        var layout: ListDefinition.Layout
        var partials: [String: String]
        var folder: String?
        var detail: String
    }

    let libraries = Mutex<[Key: TemplateLibrary]>([:])
    /// The same libraries by list name (a list's templates never change while it is served).
    let byName = Mutex<[String: TemplateLibrary]>([:])
}
