import ListState
import Mustache

/// The parsed templates the routes render: built-in ones, replaced file by
/// file by the user's override folder. Parsed once, at start, in strict mode:
/// a template that does not parse or names a missing partial stops the server
/// from starting, so no request ever gets half a page.
public struct PageTemplates: Sendable {
    /// The templates the routes render directly; each must exist.
    static let required =
        [
            "layout", "list", "list-region", "region", "rows", "continuation", "row", "footer",
            "placeholder", "placeholder-body", "placeholder-button", "offline-templates", "message", "gallery",
            "character", "search", "scripts", "table-row", "table-controls", "table-list-controls", "table-detail", "table-index", "region-extras",
            "table-region-extras", "table-search-hidden", "offline-footer", "table-layout-region",
            "table-layout-row", "table-layout-footer", "table-layout-offline-footer", "list-formats",
        ]
        + PlaceholderKind.allCases.map { "placeholder-\($0.rawValue)" }

    let library: TemplateLibrary
    /// The same templates for a list over a table, by layout: in the list
    /// layout its `row` and `search` partials are `table-row` and
    /// `table-controls`, so `list`, `region` and `continuation` draw any
    /// table's rows; the table layout also draws `#list` as a `<table>`.
    let tableLibraries: [ListDefinition.Layout: TemplateLibrary]

    /// The libraries of the lists whose row or detail template the override
    /// folder replaces (`lists/NAME/row.mustache`, `lists/NAME/detail.mustache`,
    /// NAME tilde-encoded), by that folder's name and layout.
    let listLibraries: [String: [ListDefinition.Layout: TemplateLibrary]]

    /// The partials a list over a table draws in place of the catalogue's, by layout.
    static let tableParts: [ListDefinition.Layout: [String: String]] = [
        .list: ["row": "table-row", "search": "table-controls", "region-extras": "table-region-extras"],
        .table: [
            "row": "table-layout-row", "search": "table-controls", "region-extras": "table-region-extras",
            "list-region": "table-layout-region", "footer": "table-layout-footer",
            "offline-footer": "table-layout-offline-footer",
        ],
    ]
    /// The templates a list's own folder may replace, and the table template each stands for.
    static let listParts = ["row": "row", "detail": "table-detail"]

    /// Loads the built-in templates and, if given, the overrides in `directory`.
    /// - Throws: `AppError` naming the file, line and column of the first problem.
    public init(overrideDirectory directory: String? = nil) throws(AppError) {
        var sources = BuiltInResources.templates
        var paths: [String: String] = [:]
        for name in sources.keys { paths[name] = "Templates/\(name).mustache" }
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
            var tableTemplates: [ListDefinition.Layout: [Template]] = [:]
            var tableLibraries: [ListDefinition.Layout: TemplateLibrary] = [:]
            for (layout, parts) in Self.tableParts {
                tableTemplates[layout] = try templates.map { template in
                    guard let replacement = parts[template.name] else { return template }
                    return try Template(source: sources[replacement] ?? "", name: template.name, path: paths[replacement])
                }
                tableLibraries[layout] = try TemplateLibrary(templates: tableTemplates[layout] ?? [], strict: true)
            }
            self.tableLibraries = tableLibraries
            var libraries: [String: [ListDefinition.Layout: TemplateLibrary]] = [:]
            let lists = try directory.map { directory throws(AppError) in try BuiltInResources.listTemplates(in: directory) } ?? [:]
            for (list, files) in lists {
                for (layout, templates) in tableTemplates {
                    let replaced = try templates.map { template in
                        guard let file = Self.listParts.first(where: { $0.value == template.name })?.key,
                            let source = files.sources[file]
                        else { return template }
                        return try Template(source: source, name: template.name, path: files.paths[file])
                    }
                    libraries[list, default: [:]][layout] = try TemplateLibrary(templates: replaced, strict: true)
                }
            }
            listLibraries = libraries
        } catch let error as MustacheError {
            throw AppError.template(error)
        } catch let error as AppError {
            throw error
        } catch {
            throw AppError.cannotReadTemplates(directory ?? "Templates", reason: "\(error)")
        }
    }

    /// Whether a template (built-in or override) is named `name`.
    func contains(_ name: String) -> Bool {
        library.template(named: name) != nil
    }

    /// Renders template `name` with `context` into bytes.
    func render(_ name: String, _ context: MustacheValue) -> Result<[UInt8], any Error> {
        Result { try library.render(name, context) }
    }

    /// Renders `name` for a list over a table in `layout` (see ``tableLibraries``):
    /// the list's own library when its folder (`list`, the tilde-encoded name) has one.
    func renderForTable(
        _ name: String, _ context: MustacheValue, list: String? = nil,
        layout: ListDefinition.Layout = .list
    ) -> Result<[UInt8], any Error> {
        guard let library = list.flatMap({ listLibraries[$0]?[layout] }) ?? tableLibraries[layout] else {
            return .failure(AppError.missingTemplate(name))
        }
        return Result { try library.render(name, context) }
    }
}
