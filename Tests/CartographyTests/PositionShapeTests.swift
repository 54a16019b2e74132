@testable import Cartography
import Catalog
import Foundation
import Geo
import Projection
import Testing

import TestSupport

// Issue 48, items 1 and 2: every position shape, and coordinate systems through PROJ.

private func csvFile(_ text: String, name: String = "art.csv") throws -> String {
    let file = try temporaryDirectory("shapes").appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file.path
}

private func placed(_ text: String, options: GeoJSONImporter.Options = .init()) throws -> [Coordinate] {
    try CSVImporter.run(path: try csvFile(text), collection: "c", options: options).artworks.map(\.coordinate)
}

private func near(_ a: Coordinate, _ lat: Double, _ lon: Double, within metres: Double = 1) -> Bool {
    Geodesic.distance(from: a, to: try! Coordinate(latitude: lat, longitude: lon)) < metres
}

@Test func latitudeAndLongitudeColumnsAreFoundUnderTheirNamesInEveryLanguage() throws {
    let pairs = [("LAT", "LON"), ("Latitude", "Longitude"), ("BREEDTEGRAAD", "LENGTEGRAAD"), ("Breitengrad", "Längengrad"),
                 ("latitud", "longitud"), ("latitudine", "longitudine"), ("leveysaste", "pituusaste"), ("Breddegrad", "Længdegrad"),
                 ("WGS84_LAT", "WGS84_LON")]
    for (lat, lon) in pairs {
        let columns = PositionColumns(header: ["X", "Y", "title", lon, lat])
        #expect(columns.latitude == 4 && columns.longitude == 3, "\(lat)/\(lon): degrees go before a plain X and Y")
        #expect(!columns.namedAsGrid)
    }
}

@Test func decimalCommasAndDecimalPointsBothRead() throws {
    let points = try placed("titel;breedtegraad;lengtegraad\nA;52,0907;5,1214\nB;52.0907;5.1214\n")
    #expect(points.count == 2 && points.allSatisfy { near($0, 52.0907, 5.1214) })
}

@Test func aLatLonPairInOneColumnIsReadWithOrWithoutBracketsAndItsOrderCheckedAgainstTheRanges() throws {
    #expect(PositionText.pair("-37.8152979, 144.9477718")! == (-37.8152979, 144.9477718))
    #expect(PositionText.pair("(47.6, -122.3)")! == (47.6, -122.3))
    #expect(PositionText.pair("[52.1; 4.3]")! == (52.1, 4.3))
    #expect(PositionText.pair("3, 4") == nil, "whole numbers in a text column are no position")
    #expect(PositionText.pair("(52.1, 4.3]") == nil && PositionText.pair("190.5, 200.5") == nil)
    let melbourne = try placed("name,Co-ordinates\nA,\"-37.8152979, 144.9477718\"\nB,\"-37.81, 144.95\"\n")
    #expect(near(melbourne[0], -37.8152979, 144.9477718))
    // Longitude first, found from a value beyond ±90 in the first place.
    let lonFirst = try placed("name,point\nA,\"[-122.3, 47.6]\"\nB,\"[-122.31, 47.61]\"\n")
    #expect(near(lonFirst[0], 47.6, -122.3))
    // Both within ±90: latitude first as written, unless the name says otherwise.
    #expect(near(try placed("name,coords\nA,\"52.1, 4.3\"\n")[0], 52.1, 4.3))
    #expect(near(try placed("name,lon_lat\nA,\"4.3, 52.1\"\n")[0], 52.1, 4.3))
}

@Test func aWKTPointColumnIsReadLongitudeFirst() throws {
    #expect(near(try placed("name,the_geom\nA,POINT (4.8952 52.3731)\n")[0], 52.3731, 4.8952))
    #expect(near(try placed("name,wkt\nA,SRID=4326;POINT(4.8952 52.3731)\n")[0], 52.3731, 4.8952))
}

@Test func aGeoJSONGeometryWrittenAsTextIsReadAsJSONAsAPythonRenderingAndAsAMultiPoint() throws {
    #expect(try PositionText.geometry(#"{"type": "Point", "coordinates": [-79.349666, 43.677961]}"#)! == (-79.349666, 43.677961))
    #expect(try PositionText.geometry("{'type': 'MultiPoint', 'coordinates': [[-79.349666, 43.677961]]}")! == (-79.349666, 43.677961))
    let square = try #require(try PositionText.geometry("{'type': 'Polygon', 'coordinates': [[[0.0, 0.0], [2.0, 0.0], [2.0, 2.0], [0.0, 2.0], [0.0, 0.0]]]}"))
    #expect(square == (1, 1), "a polygon stands at its ring's mean")
    #expect(try PositionText.geometry("a title") == nil)
    let nested = "{'type': 'MultiPoint', 'coordinates': " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}"
    let deep = try #require(throws: CartographyError.self) { try PositionText.geometry(nested) }
    #expect(deep.message == "a geometry that is not JSON (nesting deeper than 512 levels at byte 549)", "\(deep.message)")
    let shallowDeep = "{'type': 'MultiPoint', 'coordinates': " + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}"
    let refused = try #require(throws: CartographyError.self) { try PositionText.geometry(shallowDeep) }
    #expect(refused.message.contains("nesting deeper than 512 levels"))
    let points = try placed("title,geometry\nA,\"{'type': 'MultiPoint', 'coordinates': [[-79.349666, 43.677961]]}\"\n")
    #expect(near(points[0], 43.677961, -79.349666))
}

@Test func aBrokenGeometryCellIsSkippedNamingItsLineAndColumnAndAFileOfThemIsRefused() throws {
    let text = "title,geometry\nA,\"{'type': 'MultiPoint', 'coordinates': [[-79.3, 43.6]]}\"\nB,\"{'type': 'MultiPoint', 'coordinates': [[\"\n"
        + "C,\"{'type': 'MultiPoint', 'coordinates': [[-79.3, 43.7]]}\"\n"
    let result = try CSVImporter.run(path: try csvFile(text), collection: "c")
    #expect(result.artworks.count == 2)
    #expect(result.notes.count == 1 && result.notes[0].hasPrefix("CSV line 3: column geometry: a geometry that is not JSON"), "\(result.notes)")
    let huge = "title,geometry\nA,\"{'type': 'Point', 'coordinates': [" + String(repeating: "1", count: 1_000_000) + "]}\"\n"
    let refused = try #require(throws: CartographyError.self) { try CSVImporter.run(path: try csvFile(huge), collection: "c") }
    #expect(refused.message.hasPrefix("CSV: no usable records (1 in the file); the first skipped is line 2: column geometry: a geometry of 1000"), "\(refused.message)")
}

@Test func PROJTransformsRDNewAndITMAndRefusesCodesItDoesNotKnow() throws {
    let rd = try Reprojection(epsg: 28992)
    #expect(rd.name == "Amersfoort / RD New")
    let (lon, lat) = try #require(rd.lonLat(187819.81, 428894.43))
    #expect(abs(lon - 5.86350779) < 2e-6 && abs(lat - 51.8476591) < 2e-6, "the design's reference, the file's own position")
    #expect(rd.lonLat(1e30, 1e30) == nil && rd.lonLat(.nan, 0) == nil, "off the earth is nil")
    let itm = try Reprojection(epsg: 2157)
    let dublin = try #require(itm.lonLat(715826.51, 734697.59))
    #expect(abs(dublin.lat - 53.3498) < 1e-5 && abs(dublin.lon - -6.2603) < 1e-5)
    let unknown = try #require(throws: ProjectionError.self) { try Reprojection(epsg: 999_999) }
    #expect(unknown.message.hasPrefix("EPSG:999999 is not a coordinate system PROJ knows"))
    let ellipsoid = try #require(throws: ProjectionError.self) { try Reprojection(epsg: 7030) }
    #expect(ellipsoid.message.contains("EPSG:7030"), "\(ellipsoid.message)")
}

@Test func crsNamesAreReadInEveryFormAndAnyEPSGCodeIsAccepted() {
    #expect(CoordinateSystem(name: "urn:ogc:def:crs:EPSG::28992") == .epsg(28992))
    #expect(CoordinateSystem(name: "EPSG:2157") == .epsg(2157))
    #expect(CoordinateSystem(name: "urn:ogc:def:crs:EPSG:6.6:27700") == .epsg(27700))
    #expect(CoordinateSystem(name: "http://www.opengis.net/def/crs/EPSG/0/25832") == .epsg(25832))
    #expect(CoordinateSystem(name: "urn:ogc:def:crs:OGC:1.3:CRS84") == .lonLat && CoordinateSystem(name: "EPSG:4326") == .lonLat)
    #expect(CoordinateSystem(name: "EPSG:3857") == .webMercator && CoordinateSystem(name: "EPSG:900913") == .webMercator)
    #expect(CoordinateSystem(name: "28992") == nil && CoordinateSystem(name: "ESRI:54030") == nil && CoordinateSystem(name: "EPSG:x") == nil)
}

@Test func eastingAndNorthingAreReadInTheSystemTheColumnsNameOrTheValuesLeaveAndRefusedWhenTheyLeaveSeveral() throws {
    // ITM by name.
    let itm = try placed("name,ITM_X,ITM_Y\nA,715826.51,734697.59\n")
    #expect(near(itm[0], 53.3498, -6.2603))
    // Easting/Northing with values that fit only the Swiss LV95 grid among those tried.
    let path = try csvFile("name,Easting,Northing\nA,2683000,1248000\nB,2600000,1200000\n")
    let plan = try CSVImporter.plan(try CSVImporter.survey(path: path), options: .init(), path: path)
    #expect(plan.system.system == .epsg(2056), "\(plan.system)")
    #expect(plan.note == "the positions in Easting and Northing fit only EPSG:2056 (CH1903+ / LV95) among the national grids artmap tries: "
        + "read as EPSG:2056 (CH1903+ / LV95) (give --crs to say otherwise)")
    let zurich = try CSVImporter.run(path: path, collection: "c").artworks[0].coordinate
    #expect(abs(zurich.latitude - 47.37) < 0.05 && abs(zurich.longitude - 8.54) < 0.05, "\(zurich)")
    // RD New's values fit the British grid's area too: refused, naming both.
    let rd = try csvFile("name,Easting,Northing\nA,187819.81,428894.43\n")
    let ambiguous = try #require(throws: CartographyError.self) { try CSVImporter.run(path: rd, collection: "c") }
    #expect(ambiguous.message.hasSuffix("the positions in Easting and Northing fit several coordinate systems (EPSG:28992 (Amersfoort / RD New), "
        + "EPSG:27700 (OSGB36 / British National Grid)); give --crs EPSG:N to say which"), "\(ambiguous.message)")
    // Values that fit several grids: refused, naming the line, the columns and what to give.
    let refused = try #require(throws: CartographyError.self) { try CSVImporter.run(path: rd, collection: "c") }
    #expect(refused.message.hasPrefix("CSV line 2, columns Easting and Northing: the positions in Easting and Northing fit "), "\(refused.message)")
    // London's grid references fit only the British grid.
    let london = try CSVImporter.run(path: try csvFile("name,Easting,Northing\nA,530000,180000\n"), collection: "c")
    #expect(london.notes.first?.hasPrefix("the positions in Easting and Northing fit only EPSG:27700 (OSGB36 / British National Grid)") == true)
    // --crs settles it, any code.
    let forced = try placed("name,Easting,Northing\nA,187819.81,428894.43\n", options: .init(crs: .epsg(28992)))
    #expect(near(forced[0], 51.8476591, 5.86350779))
}

@Test func anUnknownSystemAFailedTransformAndAnOffEarthResultAreClearAndNothingIsImported() throws {
    let unknown = try #require(throws: CartographyError.self) {
        try CSVImporter.run(path: try csvFile("name,X,Y\nA,1,2\n"), collection: "c", options: .init(crs: .epsg(999_999)))
    }
    #expect(unknown.message.hasPrefix("CSV line 2, columns X and Y: --crs EPSG:999999: EPSG:999999 is not a coordinate system PROJ knows"), "\(unknown.message)")
    let member = Data(#"{"type":"FeatureCollection","crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::999999"}},"features":[{"type":"Feature","properties":{"title":"A"},"geometry":{"type":"Point","coordinates":[1,2]}}]}"#.utf8)
    let stated = try #require(throws: CartographyError.self) { try GeoJSONImporter.run(data: member, path: "x.geojson", collection: "c", sink: RecordingSink()) }
    #expect(stated.message.hasPrefix("its crs member names urn:ogc:def:crs:EPSG::999999: EPSG:999999 is not a coordinate system PROJ knows"))
    #expect(stated.file == "x.geojson")
    // Off the earth: RD New far outside; the row is skipped naming its line and columns, and a file of such rows refused.
    let text = "name,RD_X,RD_Y\nA,187819.81,428894.43\nB,1e25,1e25\n"
    let result = try CSVImporter.run(path: try csvFile(text), collection: "c")
    #expect(result.artworks.count == 1)
    #expect(result.notes == ["CSV line 3: column RD_X/RD_Y: position [1e+25, 1e+25] in EPSG:28992 (Amersfoort / RD New) could not be transformed to a place on the earth; skipped"])
    let all = try #require(throws: CartographyError.self) { try CSVImporter.run(path: try csvFile("name,RD_X,RD_Y\nB,1e25,1e25\n"), collection: "c") }
    #expect(all.message.hasPrefix("CSV: no usable records (1 in the file): no position transformed from EPSG:28992 (Amersfoort / RD New)"), "\(all.message)")
}

@Test func webMercatorIsStillGuessedWhenNothingElseIsSaidAndNationalGridsOnlyWhenTheValuesLeaveOneChoice() throws {
    let amsterdam = try CSVImporter.run(path: try csvFile("title,y,x\nA,6867869.9,544931.2\n"), collection: "c")
    #expect(abs(amsterdam.artworks[0].coordinate.latitude - 52.3731) < 0.001)
    // Plain X/Y in RD New's range fit two grids: Web Mercator as before, and the note names the grids they also fit.
    let rd = try CSVImporter.run(path: try csvFile("title,X,Y\nA,187819.81,428894.43\nB,136783.73,455860.14\n"), collection: "c")
    #expect(rd.notes.first == "every position lies outside longitude/latitude range but inside Web Mercator's: read as EPSG:3857 metres "
        + "(they would also fit EPSG:28992 (Amersfoort / RD New), EPSG:27700 (OSGB36 / British National Grid); give --crs to say otherwise)")
    // Plain X/Y that fit one grid only (Swiss LV95) and lie near the equator as Web Mercator: that grid.
    let swiss = try CSVImporter.run(path: try csvFile("title,X,Y\nA,2683000,1248000\n"), collection: "c")
    #expect(abs(swiss.artworks[0].coordinate.latitude - 47.37) < 0.05)
}
