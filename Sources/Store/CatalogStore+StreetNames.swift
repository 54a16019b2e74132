import Cartography
import Catalog
import Foundation

extension CatalogStore {
    /// The named map features in `box` that carry names in other languages, each name as the reader reads it
    /// (`MapTags.label` in `ReaderLanguages.current`), where that differs: what route steps call the streets.
    public func localStreetNames(in box: FeatureBounds) throws -> [String: String] {
        let languages = ReaderLanguages.current
        guard !languages.isEmpty else { return [:] }
        let rows = try database.rows("""
            SELECT f.name, f.properties FROM map_feature_boxes b JOIN map_features f ON f.id = b.id
            WHERE b.south <= ?1 AND b.north >= ?2 AND b.west <= ?3 AND b.east >= ?4 AND f.name <> '' AND f.properties LIKE '%"name:%'
            """, [.real(box.north), .real(box.south), .real(box.east), .real(box.west)])
        var names: [String: String] = [:]
        for row in rows {
            guard case .text(let name) = row[0], case .text(let json) = row[1], names[name] == nil,
                  let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { continue }
            let properties = object.compactMapValues { $0 as? String }
            let local = MapTags.label(name, properties: properties, languages: languages)
            if local != name { names[name] = local }
        }
        return names
    }
}
