import Foundation
@testable import Catalog
import Geo

func artwork(_ id: String, _ lat: Double, _ lon: Double, building: String? = nil, notes: String = "",
             title: String? = nil) -> Artwork {
    Artwork(id: id, title: title ?? "Work \(id)", coordinate: Coordinate(clampingLatitude: lat, longitude: lon),
            building: building, locationNotes: notes, lastModified: "2017-11-22 12:00:00")
}
