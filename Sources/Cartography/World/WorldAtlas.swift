import Foundation

/// The world base layers shipped with artmap: the 1:110m layer read at start, the 1:10m one read the first time
/// a view needs it (not at all when the map never leaves the streets). A layer that cannot be read is left out with
/// a message (`problem`); the map is drawn without it.
public final class WorldAtlas: @unchecked Sendable {
    /// No world layer (tests, or no resources found).
    public static let none = WorldAtlas(coarse: nil, detailURL: nil)

    /// The 1:110m layer, the whole world far out.
    public let coarse: WorldLayer?
    private let detailURL: URL?
    private let lock = NSLock()
    private var detailRead = false
    private var detailLayer: WorldLayer?
    private var detailProblem: String?
    private let coarseProblem: String?

    /// An atlas of layers at hand (tests); `detail` is read from `detailURL` when first asked, unless given.
    public init(coarse: WorldLayer?, detail: WorldLayer? = nil, detailURL: URL? = nil, problem: String? = nil) {
        self.coarse = coarse
        self.detailURL = detailURL
        detailLayer = detail
        detailRead = detail != nil || detailURL == nil
        coarseProblem = problem
    }

    /// The layers in `directory` (`world-110m.txt`, `world-10m.txt`); a missing or damaged coarse layer is a problem.
    public static func load(directory: URL) -> WorldAtlas {
        let detail = directory.appendingPathComponent("world-10m.txt")
        do {
            let coarse = try WorldLayerFile.read(directory.appendingPathComponent("world-110m.txt"))
            return WorldAtlas(coarse: coarse, detailURL: detail)
        } catch {
            return WorldAtlas(coarse: nil, detailURL: detail, problem: "world map left out: \(error)")
        }
    }

    /// The 1:10m layer, read on first use; nil when it cannot be read (see `problem`).
    public var detail: WorldLayer? {
        lock.withLock {
            if !detailRead, let detailURL {
                detailRead = true
                do { detailLayer = try WorldLayerFile.read(detailURL) } catch { detailProblem = "detailed world map left out: \(error)" }
            }
            return detailLayer
        }
    }

    /// True while the 1:10m layer is still to be read.
    public var detailPending: Bool { lock.withLock { !detailRead && detailURL != nil } }

    /// True once the 1:10m layer was asked for and could not be read (the coarse one is drawn instead).
    public var detailFailed: Bool { lock.withLock { detailRead && detailLayer == nil && detailURL != nil } }

    /// Why a layer is missing, if one is.
    public var problem: String? { lock.withLock { coarseProblem ?? detailProblem } }
}
