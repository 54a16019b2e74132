/// Counts past which an OpenStreetMap file is refused as damaged or crafted: each is far above what real
/// data holds (the OpenStreetMap API itself stops a way at 2,000 nodes and a relation at 32,000 members),
/// and each keeps a small hostile file from growing into gigabytes.
public enum OSMLimits {
    /// Nodes named by one way.
    public static let wayNodes = 100_000
    /// Members of one relation.
    public static let relationMembers = 100_000
    /// Points of one multipolygon: its distinct member ways' nodes together.
    public static let multipolygonPoints = 2_000_000
    /// Steps osmium's area assembler may take for one multipolygon (`cosmium_assembly_work`: its segments, the
    /// pairs it compares for crossings, the segments it scans for enclosing rings). Both checks are quadratic at
    /// worst; a large real multipolygon (a forest of 5,000 holes) takes a few million.
    public static let multipolygonWork: UInt64 = 50_000_000
    /// The same for every multipolygon of one file together.
    public static let fileMultipolygonWork: UInt64 = 200_000_000
    /// Nodes, ways and relations per byte of the file (the planet file holds about 0.15).
    public static let objectsPerByte = 2
    /// Objects any file may hold, whatever its size.
    public static let objectsFloor = 1_000_000
    /// Walking edges from one import (a large city has about a million).
    public static let walkingEdges = 10_000_000
    /// Nodes of a pedestrian area's ring up to which the area is walked across node to node (the check is
    /// cubic in the count); a larger area is walked along its outline only.
    public static let areaCrossingNodes = 64
    /// How near a side of a pedestrian area a street's node must lie to be joined to it (metres).
    public static let onSideMetres = 0.5

    /// `n` with a comma every three digits, as the refusals print it.
    public static func grouped(_ n: Int) -> String {
        let digits = Array(String(n))
        var out = ""
        for (i, digit) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }
}
