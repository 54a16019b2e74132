import Foundation
import Geo

/// Reads the tagged-place property lists of the iOS "nearest places" labs: an array of dicts with
/// `name`, `latitude`, `longitude` and `comments`. Each place becomes its own building.
public enum TaggedPlaceDecoder {
    /// All places, or an error naming the file and the entry that was wrong (nothing is half-read).
    public static func decode(_ data: Data, fileName: String, collection: String) throws -> [Artwork] {
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw CatalogError("\(fileName): not a readable property list (\(SystemReason.of(error)))")
        }
        guard let entries = root as? [Any] else {
            throw CatalogError("\(fileName): the property list's root must be an array of places")
        }
        var places: [Artwork] = []
        for (index, entry) in entries.enumerated() {
            let position = "\(fileName): place \(index + 1)"
            guard let dict = entry as? [String: Any] else { throw CatalogError("\(position) is not a dictionary") }
            guard let name = (dict["name"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty else {
                throw CatalogError("\(position) has no name")
            }
            guard let lat = number(dict["latitude"]), let lon = number(dict["longitude"]) else {
                throw CatalogError("\(position) (\(name)) needs numeric latitude and longitude")
            }
            let coordinate: Coordinate
            do {
                coordinate = try Coordinate(latitude: lat, longitude: lon)
            } catch {
                throw CatalogError("\(position) (\(name)): \(error)")
            }
            let title = FieldLimits.bounded(name, FieldLimits.title, field: "name").text
            places.append(Artwork(id: String(index + 1), title: title,
                                  information: FieldLimits.bounded(dict["comments"] as? String ?? "", FieldLimits.information, field: "comments").text,
                                  coordinate: coordinate, building: FieldLimits.bounded(name, FieldLimits.building, field: "name").text,
                                  collection: collection))
        }
        return places
    }

    /// A number or numeric string; a boolean (`<true/>`) is not a coordinate.
    static func number(_ value: Any?) -> Double? {
        if let value, isBoolean(value) { return nil }
        switch value {
        case let n as NSNumber: return n.doubleValue
        case let s as String: return Double(s.trimmingCharacters(in: .whitespaces))
        default: return nil
        }
    }

    /// Property-list booleans arrive as Bool or as a boolean NSNumber, depending on the platform.
    static func isBoolean(_ value: Any) -> Bool {
        if type(of: value) == Bool.self { return true }
        return String(describing: type(of: value)).contains("Boolean")
    }
}
