import Foundation
import ListState

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Weather stations read from a JSON service with URLSession, as any program reads one:
/// `GET BASE/stations?limit=20&after=ID` answers `{"stations": [...], "more": true}` and
/// `GET BASE/stations/ID` one station (404 when there is none). What URLSession throws
/// (refused, timed out) becomes the list's state.
public struct Stations: AsyncRowSource {
    struct Station: Codable { var id: Int64, name: String, elevation: Double }
    struct Page: Codable { var stations: [Station], more: Bool }

    public let service: URL
    public let timeLimit: Duration
    public let columns: [TableDescription.Column] = [.key("id"), .text("name"), .real("elevation")]

    public init(service: URL, timeLimit: Duration = .seconds(2)) { (self.service, self.timeLimit) = (service, timeLimit) }

    /// A page: up to `limit` stations after the last one shown (the service's own paging, by id).
    public func rows(_ request: RowRequest) async throws -> RowBatch {
        var query = [URLQueryItem(name: "limit", value: String(request.limit))]
        if case .integer(let id)? = request.after?.key.first { query.append(URLQueryItem(name: "after", value: String(id))) }
        guard let page = try await get(Page.self, service.appending(path: "stations").appending(queryItems: query))
        else { throw URLError(.resourceUnavailable) }
        return RowBatch(rows: page.stations.map(Self.row), hasMore: page.more)
    }

    /// One station's row, or nil when the service has none (its page answers 404).
    public func row(key: [SQLValue]) async throws -> [SQLValue]? {
        guard case .integer(let id)? = key.first else { return nil }
        return try await get(Station.self, service.appending(path: "stations/\(id)")).map(Self.row)
    }

    static func row(_ station: Station) -> [SQLValue] { [.integer(station.id), .text(station.name), .real(station.elevation)] }

    /// The JSON at `url` as a `T`; nil when the service answers 404.
    func get<T: Decodable>(_ type: T.Type, _ url: URL) async throws -> T? {
        let (data, response) = try await URLSession.shared.data(from: url)
        switch (response as? HTTPURLResponse)?.statusCode {
        case 200: return try JSONDecoder().decode(T.self, from: data)
        case 404: return nil
        default: throw URLError(.badServerResponse)
        }
    }

    /// The list of the service's stations at `/stations`, its empty and unreachable states in its words.
    public static func list(service: URL, timeLimit: Duration = .seconds(2)) throws -> ListDefinition {
        try ListDefinition("stations", title: "Weather stations", rows: Stations(service: service, timeLimit: timeLimit)) {
            $0
                .placeholder(.noData) { $0.title("No station reports yet") }
                .placeholder(.unavailable) { $0.title("The station service does not answer").detail("Try again in a minute.") }
                .endOfList("Those are all the stations.")
        }
    }
}
