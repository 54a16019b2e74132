/// A feature's parts as bytes for the store: part count, then per part a point count and the points as
/// little-endian Int32 pairs in 1e-7 degrees (8 bytes a point, exact to a centimetre).
public enum GeometryCoding {
    public static func encode(_ parts: [[GeoPoint]]) -> [UInt8] {
        var words: [Int32] = [Int32(clamping: parts.count)]
        words.reserveCapacity(1 + parts.reduce(0) { $0 + 1 + $1.count * 2 })
        for part in parts {
            words.append(Int32(clamping: part.count))
            for p in part {
                words.append(Int32(clamping: Int64((p.latitude * 1e7).rounded())))
                words.append(Int32(clamping: Int64((p.longitude * 1e7).rounded())))
            }
        }
        // A closure, not a key path: `map(\.littleEndian)` went through the key-path machinery per word (7% of an import).
        let littleEndian = words.map { $0.littleEndian }
        return littleEndian.withUnsafeBytes { Array($0) }
    }

    /// The parts back, or nil when the bytes are not a geometry (a damaged row is skipped, not trusted).
    public static func decode(_ data: [UInt8]) -> [[GeoPoint]]? {
        let count = data.count / 4
        guard data.count % 4 == 0, count >= 1 else { return nil }
        return data.withUnsafeBytes { raw -> [[GeoPoint]]? in
            func word(_ i: Int) -> Int32 { Int32(littleEndian: raw.loadUnaligned(fromByteOffset: i * 4, as: Int32.self)) }
            let partCount = Int(word(0))
            guard partCount >= 0, partCount <= count else { return nil }
            var parts: [[GeoPoint]] = []
            parts.reserveCapacity(partCount)
            var i = 1
            for _ in 0..<partCount {
                guard i < count else { return nil }
                let points = Int(word(i))
                i += 1
                guard points >= 0, i + points * 2 <= count else { return nil }
                var part: [GeoPoint] = []
                part.reserveCapacity(points)
                for _ in 0..<points {
                    part.append(GeoPoint(latitude: Double(word(i)) / 1e7, longitude: Double(word(i + 1)) / 1e7))
                    i += 2
                }
                parts.append(part)
            }
            return i == count ? parts : nil
        }
    }
}
