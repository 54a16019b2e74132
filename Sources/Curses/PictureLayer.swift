import Foundation
import Imaging
import Cells
import TerminalTypes

/// The pictures a terminal shows in pixels: which are on screen, the bytes that put new ones there and take
/// old ones away, and the encoded images (made off the main thread, kept per picture and size). `Terminal`
/// owns one and writes what it returns after curses has painted the cells; nothing here touches the terminal.
public final class PictureLayer: @unchecked Sendable {
    public let choice: PixelChoice
    /// Called (on a background queue) when an image finished encoding: the caller draws again.
    var onReady: (@Sendable () -> Void)?
    private var shown: [(picture: PlacedPicture, id: UInt32)] = []
    private var nextID: UInt32 = 1
    private let lock = NSLock()
    private var encoded: [String: [UInt8]] = [:]
    private var encodedOrder: [String] = []
    private var encodedBytes = 0
    private var pending: Set<String> = []
    private let work = DispatchQueue(label: "artmap.picture-encoding", qos: .userInitiated)
    /// Encoded images kept, in bytes (about 20 full-screen sixel images).
    static let cacheBudget = 48 * 1024 * 1024

    /// A layer drawing with `choice`'s protocol.
    public init(choice: PixelChoice) {
        self.choice = choice
    }

    /// The pictures of `buffer` that can be drawn: inside it, and over cells still blank (a picture something
    /// was drawn over afterwards is not shown).
    static func visible(_ buffer: Buffer) -> [PlacedPicture] {
        buffer.pictures.filter { picture in
            let area = picture.area
            guard area.width > 0, area.height > 0, area.x >= 0, area.y >= 0, area.maxX <= buffer.width, area.maxY <= buffer.height else { return false }
            for y in area.y..<area.maxY {
                for x in area.x..<area.maxX where buffer[x, y] != Cell() { return false }
            }
            return true
        }
    }

    /// What to write after curses painted `buffer` over `before`: old pictures taken away (kitty: deleted;
    /// sixel and iTerm2: the cells curses left alone written again as blanks), then new ones drawn, each at
    /// its place. Pictures whose image is still being encoded are left for a later frame.
    public func frame(_ buffer: Buffer, before: Buffer?) -> [UInt8] {
        guard choice.kind.drawsPixels else { return [] }
        let wanted = PictureLayer.visible(buffer)
        var out: [UInt8] = []
        let removed = shown.filter { old in !wanted.contains(old.picture) }
        shown.removeAll { old in !wanted.contains(old.picture) }
        for old in removed {
            if choice.kind == .kitty {
                out += wrap(PixelEncoder.kittyDelete(id: old.id))
            } else {
                out += blanks(old.picture.area, buffer: buffer, before: before)
            }
        }
        for picture in wanted where !shown.contains(where: { $0.picture == picture }) {
            guard var bytes = image(for: picture) else { continue }
            let id = nextID
            nextID = nextID == UInt32.max ? 1 : nextID + 1
            if choice.kind == .kitty { bytes = PixelEncoder.kittyWithID(bytes, id: id, keepCursor: true) }
            out += PictureLayer.moveTo(picture.area.x, picture.area.y) + wrap(bytes)
            shown.append((picture, id))
        }
        return out
    }

    /// Forgets what is on screen (the screen is about to be painted afresh); kitty images are deleted. With
    /// `blanking` (the cells on screen: the terminal is about to be given back, at ^Z or on quitting) sixel and
    /// iTerm2 pictures are written over with blanks too, so none stays even where there is no alternate screen.
    func forget(blanking painted: Buffer? = nil) -> [UInt8] {
        defer { shown = [] }
        if choice.kind == .kitty { return wrap(PixelEncoder.kittyDeleteAll) }
        guard let painted else { return [] }
        return shown.flatMap { blanks($0.picture.area, buffer: painted, before: nil) }
    }

    /// How many pictures are on screen now.
    var shownCount: Int { shown.count }

    /// The encoded image, or nil after starting its encoding in the background.
    private func image(for picture: PlacedPicture) -> [UInt8]? {
        let key = "\(picture.key)|\(picture.area.width)x\(picture.area.height)"
        lock.lock()
        defer { lock.unlock() }
        if let hit = encoded[key] {
            encodedOrder.removeAll { $0 == key }
            encodedOrder.append(key)
            return hit
        }
        guard !pending.contains(key) else { return nil }
        pending.insert(key)
        let choice = choice
        work.async { [weak self] in
            let crop = picture.crop
            let full = crop.x == 0 && crop.y == 0 && crop.width == picture.image.width && crop.height == picture.image.height
            let source = full ? picture.image : picture.image.cropped(x: crop.x, y: crop.y, width: crop.width, height: crop.height)
            let bytes = PixelEncoder.encode(source, columns: picture.area.width, rows: picture.area.height, cell: choice.cell, protocol: choice.kind,
                                            colorRegisters: choice.limits.colorRegisters)
            self?.store(bytes, key: key)
        }
        return nil
    }

    private func store(_ bytes: [UInt8], key: String) {
        lock.lock()
        pending.remove(key)
        encoded[key] = bytes
        encodedOrder.append(key)
        encodedBytes += bytes.count
        while encodedBytes > PictureLayer.cacheBudget, encodedOrder.count > 1 {
            let oldest = encodedOrder.removeFirst()
            encodedBytes -= encoded.removeValue(forKey: oldest)?.count ?? 0
        }
        let ready = onReady
        lock.unlock()
        ready?()
    }

    /// Waits until no image is being encoded (for tests and the benchmark).
    public func waitForEncoding() { work.sync {} }

    /// Blank cells over a picture's old area where curses did not paint (the cell did not change).
    private func blanks(_ area: Rect, buffer: Buffer, before: Buffer?) -> [UInt8] {
        var out: [UInt8] = []
        let blank = Cell()
        for y in max(0, area.y)..<min(buffer.height, area.maxY) {
            var x = max(0, area.x)
            let end = min(buffer.width, area.maxX)
            while x < end {
                guard buffer[x, y] == blank, before.map({ $0.width == buffer.width && $0[x, y] == buffer[x, y] }) ?? true else { x += 1; continue }
                var run = 0
                while x + run < end, buffer[x + run, y] == blank, before.map({ $0[x + run, y] == blank }) ?? true { run += 1 }
                out += PictureLayer.moveTo(x, y) + Array("\u{1B}[0m".utf8) + [UInt8](repeating: 32, count: run)
                x += run
            }
        }
        return out
    }

    private func wrap(_ bytes: [UInt8]) -> [UInt8] { choice.tmux ? PixelEncoder.tmuxWrapped(bytes) : bytes }

    static func moveTo(_ x: Int, _ y: Int) -> [UInt8] { Array("\u{1B}[\(y + 1);\(x + 1)H".utf8) }
}
