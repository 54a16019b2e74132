import Cartography
import Catalog
import Foundation
import Store

extension MapFetcher {
    /// Wikidata's part of a fetch (issue 46): the public art in the fetch's tiles not asked within the age limit, in one
    /// query per side of the antimeridian (one, nearly always), stored in one transaction; then every stored item
    /// conflated with OSM's artworks (also when nothing was asked: a streets' answer rewrote OSM's rows). A failure
    /// is said in the report and keeps what was stored; the rest of the fetch goes on. Nothing when `sparql` is nil.
    func fetchWikidata(_ request: MapFetchRequest, tiles: [MapTile], store: CatalogStore, report: inout MapFetchReport,
                       progress: @escaping @Sendable (MapFetchProgress) -> Void) async {
        guard let sparql = request.services.sparql else { return }
        if request.fetchTiles {
            do {
                let stale = try store.staleWikidataTiles(tiles, maxAgeDays: request.maxAgeDays)
                if !stale.isEmpty {
                    let client = WikidataQueryClient(endpoint: sparql, http: http, backoff: backoff)
                    let boxes = FetchPlan.artworkBoxes(of: stale)
                    var found: [String: WikidataItem] = [:]
                    for (index, box) in boxes.enumerated() {
                        progress(.step("asking Wikidata for the art around you", done: index + 1, total: boxes.count))
                        for item in try await client.items(in: box, languages: request.languages, waiting: { progress(.waiting($0)) }) {
                            found[item.id] = item
                        }
                        report.wikidataQueries += 1
                    }
                    try Task.checkCancellation()
                    try request.beforeWriting?()
                    let items = found.keys.sorted().compactMap { found[$0] }
                    try store.storeWikidataItems(items, tiles: stale, fetchedAt: CatalogStore.isoTime(Date()))
                    report.wikidataItems = items.count
                }
            } catch {
                report.wikidataProblem = Self.said(error)
            }
        }
        do {
            try request.beforeWriting?()
            let conflation = try store.conflateWikidata()
            if conflation.items > 0 || report.wikidataQueries > 0 {
                report.conflation = conflation
                // The table shows the merged list at once.
                progress(.artworksStored(conflation.items))
            }
        } catch {
            report.wikidataProblem = (report.wikidataProblem.map { $0 + "; " } ?? "") + "cannot merge Wikidata's items: " + Self.said(error)
        }
    }

    private static func said(_ error: Error) -> String {
        if error is CancellationError { return "stopped before Wikidata answered" }
        return DisplayText.clean("\(error)")
    }
}
