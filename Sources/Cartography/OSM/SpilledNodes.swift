import Foundation
import Geo

/// Nodes (an id and a point) kept in a file until read back once, so a list that grows with the map (every
/// node of every walkable way: 3.9 M in a region, 94 MB held) costs the import no memory when it is never read,
/// as in a file without pedestrian areas. The file is unlinked as soon as it is made; where none can be made
/// the nodes stay in memory.
final class SpilledNodes {
    private struct Record {
        var id: Int64, latitude: Double, longitude: Double
    }

    private static let bufferedRecords = 8192
    private var buffer: [Record] = []
    private var file: Int32 = -1
    private var spillFailed = false
    /// Whole records the file holds.
    private var onDisk = 0
    private var kept: [Record] = []

    init() { buffer.reserveCapacity(Self.bufferedRecords) }

    deinit { if file >= 0 { close(file) } }

    func append(id: Int64, point: GeoPoint) {
        buffer.append(Record(id: id, latitude: point.latitude, longitude: point.longitude))
        if buffer.count == Self.bufferedRecords { spill() }
    }

    /// Every node appended, in order.
    func forEach(_ body: (Int64, GeoPoint) throws -> Void) throws {
        if file >= 0, onDisk > 0 {
            guard lseek(file, 0, SEEK_SET) == 0 else { throw Self.readBackFailed() }
            var chunk = [Record](repeating: Record(id: 0, latitude: 0, longitude: 0), count: Self.bufferedRecords)
            while true {
                let count = try chunk.withUnsafeMutableBytes { bytes -> Int in
                    var filled = 0
                    while filled < bytes.count {
                        let n = read(file, bytes.baseAddress! + filled, bytes.count - filled)
                        if n < 0, errno == EINTR { continue }
                        guard n >= 0 else { throw Self.readBackFailed() }
                        if n == 0 { break }
                        filled += n
                    }
                    return filled / MemoryLayout<Record>.stride
                }
                for record in chunk.prefix(count) { try body(record.id, GeoPoint(latitude: record.latitude, longitude: record.longitude)) }
                if count < Self.bufferedRecords { break }
            }
        }
        for record in kept { try body(record.id, GeoPoint(latitude: record.latitude, longitude: record.longitude)) }
        for record in buffer { try body(record.id, GeoPoint(latitude: record.latitude, longitude: record.longitude)) }
    }

    /// The error of a failed read of the file, with the system's reason.
    private static func readBackFailed() -> CartographyError {
        CartographyError("cannot read back the walking nodes kept on disk (\(String(cString: strerror(errno))))")
    }

    /// Writes the buffer to the file (made at the first spill); on any failure the records stay in memory.
    private func spill() {
        defer { buffer.removeAll(keepingCapacity: true) }
        if file < 0, !spillFailed {
            var template = Array(FileManager.default.temporaryDirectory.appendingPathComponent("artmap-walk-nodes-XXXXXX").path.utf8CString)
            file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            if file >= 0 { _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) } } else { spillFailed = true }
        }
        guard file >= 0, !spillFailed else {
            kept += buffer
            return
        }
        let written = buffer.withUnsafeBytes { bytes -> Bool in
            var sent = 0
            while sent < bytes.count {
                let n = write(file, bytes.baseAddress! + sent, bytes.count - sent)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { return false }
                sent += n
            }
            return true
        }
        if written {
            onDisk += buffer.count
        } else {
            // A full disk: the batches written before this one are read back, and memory keeps everything.
            spillFailed = true
            kept = recordsOnDisk() + buffer
            close(file)
            file = -1
        }
    }

    /// The whole batches written before (empty when they cannot be read back).
    private func recordsOnDisk() -> [Record] {
        let bytes = onDisk * MemoryLayout<Record>.stride
        var records = [Record](repeating: Record(id: 0, latitude: 0, longitude: 0), count: onDisk)
        let whole = records.withUnsafeMutableBytes { buffer -> Bool in
            var got = 0
            while got < bytes {
                let n = pread(file, buffer.baseAddress! + got, bytes - got, off_t(got))
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { return false }
                got += n
            }
            return true
        }
        return whole ? records : []
    }
}
