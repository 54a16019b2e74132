import CNcursesw
import CTerminalRescue
import Foundation
import Imaging
import Cells
import TerminalTypes

/// The ncurses screen: the only owner of the SCREEN handle and the only code that calls curses.
/// Paints `Buffer`s cell by cell, sending only cells that changed since the last paint.
public final class Terminal: TerminalBackend {
    private let screen: OpaquePointer
    private var painted: Buffer?
    private var stopped = false
    private let colors: Bool
    private var shiftUpCode: Int32 = -1
    private var shiftDownCode: Int32 = -1
    private var decoder = KeyDecoder()
    /// When the last character came: an answer string left open through this much silence is given up.
    private var lastCharacter = Date.distantPast
    /// How long an answer string (or overlong report) may stay open with nothing arriving before what comes
    /// next is read as keys again: long enough for the pieces of one answer over a slow link, short enough that
    /// a cut-short answer does not eat what the person types after it.
    static let openSequencePatience = 1.0
    private var pairCache = ColorPairCache(firstPair: 1, lastPair: 0)
    private var colorNumbers = ColorNumbers(depth: .none, count: 0)
    /// How many colours pictures can use here: direct colour where terminfo has it, else 256, 16 or none.
    public private(set) var colorDepth: ColorDepth = .none
    /// The pictures drawn in pixels (kitty, sixel, iTerm2) over blank cells, when the terminal speaks a protocol.
    let pictures: PictureLayer
    /// How pictures reach this terminal.
    public var pixels: PixelChoice { pictures.choice }
    /// Called from a background queue when a picture finished encoding: the run loop should draw again.
    public var onPictureReady: (@Sendable () -> Void)? {
        get { pictures.onReady }
        set { pictures.onReady = newValue }
    }

    /// Starts curses on the process's terminal. An unknown TERM or a non-UTF-8 locale is an error, not an exit.
    /// `pixels` is the picture protocol chosen (`TerminalProbe.choose`) before curses starts.
    /// `tone` is the palette: dark or light, from the `theme` setting or the terminal's answer (`BackgroundProbe`).
    public init(useColor: Bool, useMouse: Bool, pixels: PixelChoice = .cells, tone: ThemeTone = .dark) throws {
        pictures = PictureLayer(choice: pixels)
        setlocale(LC_ALL, "")
        if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset) != "UTF-8" {
            if setlocale(LC_ALL, "C.UTF-8") == nil {
                throw CursesError("artmap needs a UTF-8 locale; set LANG=C.UTF-8")
            }
        }
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CursesError("the full-screen view needs a terminal; use 'artmap list' in scripts")
        }
        let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
        guard !term.isEmpty, term != "dumb" else { throw CursesError.noFullScreen(term) }
        artmap_save_terminal_modes()
        // ^Z's handler goes in before curses starts: curses then leaves SIGTSTP alone. (Else it installs its own,
        // and ignores SIGTSTP during every doupdate: a ^Z pressed while a frame is painted would be lost.)
        artmap_install_suspend_handler(-1)
        guard let created = newterm(nil, artmap_stdout(), artmap_stdin()) else {
            artmap_remove_suspend_handler()
            throw CursesError("cannot use the terminal type '\(term)' (TERM); try TERM=xterm-256color")
        }
        guard artmap_terminfo_string("cup") != nil else {
            endwin()
            delscreen(created)
            artmap_remove_suspend_handler()
            throw CursesError.noFullScreen(term)
        }
        screen = created
        set_term(created)
        Terminal.installCrashRestore()
        set_escdelay(25)
        cbreak()
        noecho()
        nonl()
        keypad(artmap_stdscr(), true)
        nodelay(artmap_stdscr(), true)
        curs_set(0)
        colors = useColor && has_colors()
        if colors {
            start_color()
            use_default_colors()
            Terminal.definePairs(rich: artmap_colors() >= 256, tone: tone)
            let count = Int(artmap_colors())
            colorDepth = count >= 0x100_0000 || tigetflag("RGB") > 0 ? .truecolor : count >= 256 ? .indexed256 : .sixteen
            colorNumbers = ColorNumbers(depth: colorDepth, count: count)
            let firstPicturePair = Int32(Role.allCases.count + 1)
            pairCache = ColorPairCache(firstPair: firstPicturePair, lastPair: min(Int32(artmap_color_pairs()) - 1, 65_535))
        }
        if useMouse {
            mousemask(artmap_mouse_events(), nil)
            mouseinterval(200)
        }
        // Bracketed paste: pasted text arrives marked, so a line break in it is no Enter and its letters no commands.
        Terminal.writeAll(Array(Terminal.pasteOn.utf8))
        shiftUpCode = key_defined("\u{1B}[1;2A")
        shiftDownCode = key_defined("\u{1B}[1;2B")
    }

    deinit { stop() }

    /// Bracketed paste on and off (xterm's mode 2004; terminals without it ignore both).
    static let pasteOn = "\u{1B}[?2004h"
    static let pasteOff = "\u{1B}[?2004l"

    /// Restores the terminal; safe to call more than once.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        fflush(artmap_stdout())
        Terminal.writeAll(pictures.forget(blanking: painted) + Array(Terminal.pasteOff.utf8))
        artmap_remove_suspend_handler()
        artmap_remove_fatal_signal_handlers()
        endwin()
        delscreen(screen)
    }

    /// ^Z is artmap's to handle (its handler replaces curses'): pressing it writes a byte to `descriptor` (the
    /// run loop's wake-up pipe) and the loop calls `suspend` once `takeSuspendRequest` says so.
    public func handleSuspendKey(waking descriptor: Int32) {
        artmap_install_suspend_handler(descriptor)
    }

    /// Whether ^Z was pressed since the last call.
    public func takeSuspendRequest() -> Bool { artmap_take_suspend_request() != 0 }

    /// ^Z: takes the pictures away (kitty deletes them; sixel and iTerm2 areas are written over with blanks),
    /// gives the terminal back as it was before the view and stops the process, as the shell's job control
    /// expects. Returns once continued (`fg`); the caller then repaints everything (the SIGCONT note does), and
    /// the next draw sends the pictures again.
    public func suspend() {
        guard !stopped else { return }
        fflush(artmap_stdout())
        Terminal.writeAll(pictures.forget(blanking: painted) + Array(Terminal.pasteOff.utf8))
        endwin()
        // SIGSTOP, not SIGTSTP: artmap handles SIGTSTP itself (this is its handler) and SIGSTOP cannot be caught.
        raise(SIGSTOP)
        Terminal.writeAll(Array(Terminal.pasteOn.utf8))
    }

    /// If the process dies of a fatal signal or a runtime trap while curses owns the terminal, a handler
    /// restores the saved modes and writes these bytes before the crash report: leave the alternate screen,
    /// show the cursor, reset attributes and keypad mode, stop mouse reporting.
    private static func installCrashRestore() {
        var reset = "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l" + pasteOff
        for capability in ["sgr0", "cnorm", "rmkx", "rmcup"] {
            if let value = artmap_terminfo_string(capability) { reset += String(cString: value) }
        }
        let bytes = Array(reset.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { artmap_install_fatal_signal_handlers($0.baseAddress, $0.count) }
        }
    }

    /// The terminal's size now.
    public var size: TerminalSize {
        TerminalSize(columns: Int(getmaxx(artmap_stdscr())), rows: Int(getmaxy(artmap_stdscr())))
    }

    /// How pictures reach this terminal, chosen at start.
    public var pixelProtocol: PixelProtocol { pictures.choice.kind }

    /// Sleeps in `poll` on standard input and `descriptor` (the loop's wake-up pipe), up to `seconds`; true when
    /// standard input is readable (or in error: `confirmInput` looks).
    public func waitForInput(orWake descriptor: Int32, atMost seconds: Double) -> Bool {
        var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        _ = poll(&fds, 2, Int32(max(0, min(seconds, 3600)) * 1000) + 1)
        return fds[0].revents != 0
    }

    /// The most cells one pixel picture may cover (the terminal's graphics limit), or nil when it set none.
    public var pixelLimit: TerminalSize? { pictures.choice.cellLimit.map { TerminalSize(columns: $0.columns, rows: $0.rows) } }

    /// The terminal's cell height over its width, from its pixel size when it reports one (else 2).
    public var cellAspect: Double {
        var width: Int32 = 0, height: Int32 = 0
        artmap_pixel_size(&width, &height)
        let s = size
        if pictures.choice.kind.drawsPixels, width <= 0 || height <= 0 { return pictures.choice.cell.aspect }
        guard width > 0, height > 0, s.columns > 0, s.rows > 0 else { return 2.0 }
        let aspect = (Double(height) / Double(s.rows)) / (Double(width) / Double(s.columns))
        return aspect.isFinite && aspect > 0.5 && aspect < 4 ? aspect : 2.0
    }

    /// Paints a buffer: only the runs of cells that changed since the last paint (`Buffer.changedRuns`).
    public func draw(_ buffer: Buffer) {
        var runs = buffer.changedRuns(since: painted)
        if colors {
            // Out of colour pairs: start the pairs afresh and repaint everything, so no cell on screen keeps
            // a pair that is redefined. Past the terminal's pairs, pictures degrade to the default colours.
            let needed = runs.lazy.flatMap { run in (run.x..<run.x + run.length).lazy.map { buffer[$0, run.y].style } }
                .filter(\.explicitColors).map(pairKey)
            if pairCache.missing(needed) > pairCache.free {
                pairCache.reset()
                runs = buffer.changedRuns(since: nil)
                clearok(artmap_stdscr(), true)
                Terminal.writeAll(pictures.forget())
            }
        }
        let before = painted
        for run in runs {
            for x in run.x..<run.x + run.length where !buffer[x, run.y].isContinuation {
                paint(buffer[x, run.y], x: x, y: run.y)
            }
        }
        painted = buffer
        wnoutrefresh(artmap_stdscr())
        doupdate()
        let images = pictures.frame(buffer, before: before)
        if !images.isEmpty {
            fflush(artmap_stdout())
            Terminal.writeAll(images)
            // The images moved the cursor behind curses' back: have it address the cursor absolutely again.
            _ = mvcur(-1, -1, 0, 0)
            doupdate()
        }
    }

    /// Writes bytes to the terminal (after curses flushed its own), whole, retrying interrupted writes.
    static func writeAll(_ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBufferPointer { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR || errno == EAGAIN { continue }
            if n <= 0 { return }
            sent += n
        }
    }

    private func pairKey(_ style: Style) -> ColorPairCache.Key {
        ColorPairCache.Key(foreground: colorNumbers.number(style.foreground), background: colorNumbers.number(style.background))
    }

    /// The colour pair for a cell's style: the role's, or one defined now for a picture's exact colours.
    private func pair(for style: Style) -> Int32 {
        guard colors else { return 0 }
        guard style.explicitColors else { return Int32(style.role.rawValue + 1) }
        let key = pairKey(style)
        guard let (pair, isNew) = pairCache.pair(for: key) else { return 0 }
        if isNew { init_extended_pair(pair, key.foreground, key.background) }
        return pair
    }

    /// After SIGWINCH: takes the kernel's window size, resizes curses to it when it changed, and returns it.
    /// The run loop calls this as soon as the signal wakes it, instead of waiting for curses to notice.
    public func adoptWindowSize() -> TerminalSize? {
        var columns: Int32 = 0, rows: Int32 = 0
        artmap_window_size(&columns, &rows)
        guard columns > 0, rows > 0 else { return nil }
        let current = size
        if current.columns != Int(columns) || current.rows != Int(rows) {
            resize_term(rows, columns)
            invalidate()
        }
        return size
    }

    /// Forgets what was painted, so the next draw paints everything (after a resize).
    public func invalidate() {
        painted = nil
        Terminal.writeAll(pictures.forget())
        pairCache.reset()
        clearok(artmap_stdscr(), true)
    }

    private func paint(_ cell: Cell, x: Int, y: Int) {
        var scalars = Array(cell.text.unicodeScalars)
        let expected = TextWidth.of(Character(cell.text.isEmpty ? " " : cell.text))
        // If the C library measures the character differently, draw a placeholder of the width we laid out.
        if let first = scalars.first, Int(artmap_wcwidth(wchar_t(first.value))) != expected {
            scalars = expected == 2 ? ["？"] : ["?"]
        }
        var wide: [wchar_t] = [scalars.first.map { wchar_t($0.value) } ?? 32]
        for scalar in scalars.dropFirst() where artmap_wcwidth(wchar_t(scalar.value)) == 0 && wide.count < 4 {
            wide.append(wchar_t(scalar.value))
        }
        wide.append(0)
        var attrs = artmap_attr_normal()
        if cell.style.bold { attrs |= artmap_attr_bold() }
        if cell.style.reverse { attrs |= artmap_attr_reverse() }
        if cell.style.underline { attrs |= artmap_attr_underline() }
        // With colour the palette de-emphasises (and is what the contrast test measures): faint would take text,
        // symbols and strokes below it. Only the map's fill patterns (green, building) stay faint.
        if cell.style.dim, !colors || cell.style.role == .green || cell.style.role == .building { attrs |= artmap_attr_dim() }
        let pair = pair(for: cell.style)
        // Curses reports ERR for the bottom-right cell (writing it would scroll); the cell is drawn all the same.
        _ = artmap_put_cell(Int32(y), Int32(x), wide, attrs, pair)
    }

    /// Why the terminal gave no more input (end of input, a read error), once it has: the view then ends.
    public private(set) var inputEnded: String?

    /// Every event waiting now (never blocks, but for an escape sequence begun: its rest is waited for a
    /// few tens of milliseconds). A read error that means the terminal is gone sets `inputEnded`.
    public func readEvents() -> [TerminalEvent] {
        var events: [TerminalEvent] = []
        var waits = 0
        while events.count < 256, inputEnded == nil {
            var ch: wint_t = 0
            errno = 0
            let result = wget_wch(artmap_stdscr(), &ch)
            if result == ERR {
                let code = errno
                if TerminalInput.isFatal(code) { inputEnded = TerminalInput.reason(code) }
                // A sequence begun: wait a little for its rest (curses already waited ESCDELAY after the Esc). An
                // answer string's rest is not waited for: it is swallowed whenever it comes, and the loop runs on.
                if inputEnded == nil, decoder.isWaiting, !decoder.holdsOpenSequence, waits < (decoder.holdsOnlyEscape ? 1 : 4) {
                    waits += 1
                    wtimeout(artmap_stdscr(), 30)
                    continue
                }
                break
            }
            if waits > 0 { nodelay(artmap_stdscr(), true) }
            let now = Date()
            if decoder.holdsOpenSequence, now.timeIntervalSince(lastCharacter) > Terminal.openSequencePatience {
                decoder.abandonOpenSequence()
            }
            lastCharacter = now
            if result == KEY_CODE_YES {
                events += decoder.flush().map(TerminalEvent.key)
                if let event = functionKey(Int32(ch)) { events.append(event) }
            } else {
                var keys: [Key] = []
                decoder.feed(UInt32(ch), into: &keys)
                events += keys.map(TerminalEvent.key)
            }
        }
        nodelay(artmap_stdscr(), true)
        events += decoder.flush().map(TerminalEvent.key)
        return events
    }

    /// Called when poll said the terminal was readable yet no event came: curses reports end of input as
    /// "no key", so one byte is read here to tell; a byte that was there after all goes back to curses.
    public func confirmInput() {
        guard inputEnded == nil else { return }
        switch TerminalInput.probe(STDIN_FILENO) {
        case .nothing: break
        case .byte(let byte): ungetch(Int32(byte))
        case .ended(let reason): inputEnded = reason
        }
    }

    private func functionKey(_ code: Int32) -> TerminalEvent? {
        switch code {
        case KEY_RESIZE:
            invalidate()
            return .resize(size)
        case KEY_MOUSE:
            var event = MEVENT()
            guard getmouse(&event) == OK else { return nil }
            let kind: MouseEvent.Kind
            if artmap_mouse_is_wheel_up(event.bstate) != 0 {
                kind = .wheelUp
            } else if artmap_mouse_is_wheel_down(event.bstate) != 0 {
                kind = .wheelDown
            } else if artmap_mouse_is_double(event.bstate) != 0 {
                kind = .doubleClick
            } else if artmap_mouse_is_click(event.bstate) != 0 {
                kind = .click
            } else {
                return nil
            }
            return .mouse(MouseEvent(kind: kind, x: Int(event.x), y: Int(event.y)))
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_SR: return .key(.shiftUp)
        case KEY_SF: return .key(.shiftDown)
        case KEY_SLEFT: return .key(.shiftLeft)
        case KEY_SRIGHT: return .key(.shiftRight)
        case KEY_PPAGE: return .key(.pageUp)
        case KEY_NPAGE: return .key(.pageDown)
        case KEY_HOME: return .key(.home)
        case KEY_END: return .key(.end)
        case KEY_ENTER: return .key(.enter)
        case KEY_BACKSPACE: return .key(.backspace)
        case KEY_DC: return .key(.delete)
        case KEY_IC: return .key(.insert)
        case KEY_BTAB: return .key(.backTab)
        default:
            if code == shiftUpCode { return .key(.shiftUp) }
            if code == shiftDownCode { return .key(.shiftDown) }
            return nil
        }
    }

    /// One colour pair per role (pair = role + 1), on the terminal's default background, in the tone's palette.
    private static func definePairs(rich: Bool, tone: ThemeTone) {
        let count = Int(artmap_colors())
        for role in Role.allCases {
            var fg: Int16 = -1
            if let color = Palette.color(role, tone: tone, rich: rich) {
                // Eight-colour terminals have no bright half: the nearest of their eight.
                fg = Int16(Int(color) < count ? color : XtermPalette.nearest(XtermPalette.rgb(color), count: 8))
            }
            init_pair(Int16(role.rawValue + 1), fg, -1)
        }
    }
}
