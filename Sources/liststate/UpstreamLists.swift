import Dispatch
import Foundation
import ListState
import Synchronization
import UpstreamStore

/// The lists of the configuration file's `upstreams` (docs/upstream.md): each declaration
/// read and checked, its columns found (the first page's fields when none are given).
enum UpstreamLists {
    /// The declarations of the file at `path`.
    /// - Throws: `ConfigurationError` naming `upstreams.NAME.KEY` at fault.
    static func declarations(path: String, environment: [String: String]) throws(ConfigurationError) -> [UpstreamDeclaration] {
        try ConfigurationFile.upstreams(path: path).map { (name, fields) throws(ConfigurationError) -> UpstreamDeclaration in
            do throws(UpstreamDeclaration.Problem) {
                return try UpstreamDeclaration(
                    name: name, fields: fields, environment: environment,
                    folder: URL(fileURLWithPath: path).deletingLastPathComponent().path)
            } catch {
                throw ConfigurationError(file: path, key: "upstreams.\(name).\(error.key)", message: error.message)
            }
        }
    }

    /// A list over each of `declarations`; one without `columns` asks its upstream for its first row now.
    /// - Throws: `ConfigurationError` for an upstream without `columns` that did not answer.
    static func lists(
        _ declarations: [UpstreamDeclaration], file: String, log: @escaping @Sendable (String) -> Void
    ) throws(ConfigurationError) -> [ListDefinition] {
        try declarations.map { (declaration) throws(ConfigurationError) -> ListDefinition in
            let found = Mutex<Result<[String], any Error>?>(nil)
            let done = DispatchSemaphore(value: 0)
            Task {
                let fields: Result<[String], any Error>
                do {
                    fields = .success(try await UpstreamSource.fields(of: declaration))
                } catch {
                    fields = .failure(error)
                }
                found.withLock { $0 = fields }
                done.signal()
            }
            done.wait()
            switch found.withLock({ $0 }) {
            case .success(let fields)?:
                do {
                    return try ListDefinition(declaration.name, rows: UpstreamSource(declaration, fields: fields, log: log))
                } catch {
                    throw ConfigurationError(file: file, key: "upstreams.\(declaration.name)", message: "\(error)")
                }
            case .failure(let error)?:
                throw ConfigurationError(
                    file: file, key: "upstreams.\(declaration.name).columns",
                    message: "not given, and the upstream's first page could not be read for them: \(error)")
            case nil:
                throw ConfigurationError(file: file, key: "upstreams.\(declaration.name)", message: "the upstream could not be read")
            }
        }
    }
}
