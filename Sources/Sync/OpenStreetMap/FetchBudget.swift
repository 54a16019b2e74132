import Cartography
import Foundation

/// What one whole fetch may bring, across all its tiles: the answers' bytes and nodes, counted as each answer
/// arrives, and the walking edges the store keeps from every fetched tile together. Each tile's own limits
/// (`OverpassClient.maxAnswerBytes`, `OSMLimits`) bound one answer; without this, 25 hostile answers of 440,000
/// nodes each took 698 MB and stored 10,994,500 walking edges.
public struct FetchBudget: Sendable, Equatable {
    /// Bytes of all the answers together (each is at most `OverpassClient.maxAnswerBytes`).
    public var bytes = 256 * 1_048_576
    /// Nodes in all the answers together: storing them costs about 50 bytes each at the peak (three hostile
    /// answers of 440,000 nodes took 160 MB), so this keeps a fetch near 100 MB. A dense city centre is far
    /// more within 5 km: such a fetch is refused, pointing at a smaller radius or an extract.
    public var nodes = 2_000_000
    /// Walking edges of every fetched tile in the store together, this fetch's included: the store's limit
    /// for one import (`OSMLimits.walkingEdges`).
    public var edges = OSMLimits.walkingEdges

    public init() {}

    /// How much of the budget the answers so far took.
    public struct Spent: Sendable, Equatable {
        public var bytes = 0, nodes = 0, answers = 0
    }

    /// Counts one more answer into `spent`, or throws `SyncError` when the fetch would pass the budget (nothing
    /// has been stored then).
    public func take(_ answer: Data, into spent: inout Spent, tiles: Int) throws {
        spent.answers += 1
        spent.bytes += answer.count
        if spent.bytes > bytes {
            throw refusal("\(grouped(spent.bytes)) bytes, more than the \(grouped(bytes))", spent: spent, tiles: tiles)
        }
        spent.nodes += Self.nodeCount(answer)
        if spent.nodes > nodes {
            throw refusal("\(grouped(spent.nodes)) nodes, more than the \(grouped(nodes))", spent: spent, tiles: tiles)
        }
    }

    private func refusal(_ what: String, spent: Spent, tiles: Int) -> SyncError {
        SyncError(url: nil, "Overpass API: the first \(spent.answers) of \(tiles) tiles' answers hold \(what) one fetch may bring; "
            + "nothing was stored (fetch a smaller --radius, or import an extract with 'artmap import')")
    }

    /// The `<node` elements of an OSM XML answer (counted without parsing it).
    static func nodeCount(_ data: Data) -> Int {
        data.withUnsafeBytes { raw -> Int in
            let bytes = raw.bindMemory(to: UInt8.self)
            var count = 0, index = 0
            let end = bytes.count - 5
            while index <= end {
                if bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "n"), bytes[index + 2] == UInt8(ascii: "o"),
                   bytes[index + 3] == UInt8(ascii: "d"), bytes[index + 4] == UInt8(ascii: "e") {
                    count += 1
                    index += 5
                } else {
                    index += 1
                }
            }
            return count
        }
    }

    private func grouped(_ n: Int) -> String { OSMLimits.grouped(n) }
}
