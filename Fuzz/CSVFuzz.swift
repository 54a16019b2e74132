import Cartography
import Catalog
import Foundation
import Geo

// libFuzzer target: the CSV reader and importer (issue 31). The first byte picks the delimiter (or sniffing) and
// a small record bound, so the reader's refusals are reached; the rest is the file. The reader must never crash,
// must end (every call consumes input), and every record it returns must name a line no earlier than the last;
// the importer, given the same bytes as a file, must either refuse with a CSV message or give artworks inside
// the world with fields held to their limits.

let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("artmap-csv-fuzz-\(getpid())")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let body = bytes.dropFirst()
    let delimiter: UInt8 = [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09].indices.contains(Int(bytes[0] % 4))
        ? [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09][Int(bytes[0] % 4)] : (CSVReader.sniff(body) ?? UInt8(ascii: ","))
    var reader = CSVReader(bytes: body, delimiter: delimiter, limits: .init(recordBytes: bytes[0] & 0x80 != 0 ? 64 : 1 << 20, fields: 50))
    var lastLine = 0, count = 0
    while count <= body.count + 1, let record = try? reader.next() {
        precondition(record.line >= lastLine, "lines go forward")
        precondition(!record.fields.isEmpty && record.fields.count <= 50)
        lastLine = record.line
        count += 1
    }
    precondition(count <= body.count + 1, "the reader ends")
    // The header check behind "a header of more than N fields" (issue 43): any bytes, a small and the real limit.
    _ = CSVReader.delimiterOfOverlongHeader(body.prefix(4096), limit: 5)
    _ = CSVReader.delimiterOfOverlongHeader(body.prefix(4096))
    try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let file = scratch.appendingPathComponent("fuzz.csv")
    guard (try? Data(body).write(to: file)) != nil else { return 0 }
    do {
        let result = try CSVImporter.run(path: file.path, collection: "fuzz")
        for artwork in result.artworks {
            precondition(abs(artwork.coordinate.latitude) <= 90 && abs(artwork.coordinate.longitude) <= 360)
            precondition(artwork.title.count <= FieldLimits.title + 1 && artwork.id.count <= FieldLimits.id + 1)
        }
    } catch let error as CartographyError {
        // An empty file has no format to name yet: "the file is empty" (issue 43's message) says all there is.
        precondition(error.message.hasPrefix("CSV") || error.message.hasPrefix("--field") || error.message.hasPrefix("cannot read")
                     || error.message == "the file is empty",
                     "a refusal names the format: \(error.message)")
    } catch {
        preconditionFailure("only CartographyError: \(error)")
    }
    return 0
}
