import Cells
import Foundation
import Imaging

/// Issue 34: how sharp each pixel protocol draws a real picture next to chafa's own command at the same size:
/// the fine-detail correlation (the picture minus its blur) of the decoded output with the source, and the
/// ratio to chafa's. 60×20 cells of 10×20 pixels, as in the issue.
func sharpnessBench(_ file: URL) throws {
    let columns = 60, rows = 20, cell = CellPixels(width: 10, height: 20)
    let bytes = [UInt8](try Data(contentsOf: file))
    let probed = try ImageDecoder.probe(bytes)
    let fit = CellRenderer.fittedCells(width: probed.width, height: probed.height, columns: columns, rows: rows, cellAspect: cell.aspect)
    // Decoded as `artmap show` decodes it: at least the pixels the cells cover.
    var options = DecodeOptions()
    options.minimumSize = (fit.columns * cell.width, fit.rows * cell.height)
    let source = try ImageDecoder.decode(bytes, options: options).pixels
    let full = try ImageDecoder.decode(bytes).pixels
    print("sharpness of \(file.lastPathComponent) (\(probed.width)x\(probed.height)) at \(columns)x\(rows) cells of 10x20 px: fine-detail correlation with the source")
    var chafa: [PixelProtocol: Double] = [:]
    for kind in [PixelProtocol.sixel, .kitty, .iterm] {
        let format = kind == .iterm ? "iterm" : kind.rawValue
        if let out = chafaCommand(["-f", format, "-s", "\(columns)x\(rows)", file.path], columns: 150, rows: 40, cell: cell),
           let image = PixelDecoder.decode(out, protocol: kind) {
            chafa[kind] = FineDetail.correlation(image, source: full)
        }
    }
    for kind in [PixelProtocol.sixel, .kitty, .iterm] {
        let out = PixelEncoder.encode(source, columns: fit.columns, rows: fit.rows, cell: cell, protocol: kind)
        guard let image = PixelDecoder.decode(out, protocol: kind) else {
            print("  \(kind.rawValue): artmap's output could not be decoded (\(out.count) bytes)")
            continue
        }
        let ours = FineDetail.correlation(image, source: full)
        if let theirs = chafa[kind] {
            print(String(format: "  %@: artmap %.3f (%dx%d px), chafa %.3f; ratio artmap/chafa %.3f", kind.rawValue, ours, image.width, image.height, theirs, ours / theirs))
        } else {
            print(String(format: "  %@: artmap %.3f (%dx%d px); chafa's command not available to compare", kind.rawValue, ours, image.width, image.height))
        }
    }
}

/// The output of the `chafa` command run on a pseudo-terminal of `columns` × `rows` cells of `cell` pixels
/// (chafa reads the cell size from the terminal, and assumes 8×8 without one); nil without chafa.
private func chafaCommand(_ arguments: [String], columns: Int, rows: Int, cell: CellPixels) -> [UInt8]? {
    guard let path = ["/usr/bin/chafa", "/usr/local/bin/chafa"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard master >= 0 else { return nil }
    defer { close(master) }
    var unlock: Int32 = 0, number: UInt32 = 0
    guard ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else { return nil }
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: UInt16(columns * cell.width), ws_ypixel: UInt16(rows * cell.height))
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    guard let slave = FileHandle(forUpdatingAtPath: "/dev/pts/\(number)") else { return nil }
    var mode = termios()
    tcgetattr(slave.fileDescriptor, &mode)
    cfmakeraw(&mode)
    tcsetattr(slave.fileDescriptor, TCSANOW, &mode)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardOutput = slave
    process.standardInput = slave
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    try? slave.close()
    var out: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 65536)
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
        var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        if poll(&pfd, 1, 200) > 0 {
            let n = buffer.withUnsafeMutableBufferPointer { read(master, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            out += buffer[0..<n]
        } else if !process.isRunning { break }
    }
    process.waitUntilExit()
    return out
}
