import App
import CNcursesw
import Foundation
import Screen

/// What the terminal reports.
public enum TerminalEvent: Sendable {
    case key(Key)
    case mouse(MouseEvent)
    case resize(TerminalSize)
}

/// The ncurses screen: the only owner of the SCREEN handle and the only code that calls curses.
/// Paints `Buffer`s cell by cell, sending only cells that changed since the last paint.
public final class Terminal {
    private let screen: OpaquePointer
    private var painted: Buffer?
    private var stopped = false
    private let colors: Bool
    private var shiftUpCode: Int32 = -1
    private var shiftDownCode: Int32 = -1

    /// Starts curses on the process's terminal. An unknown TERM or a non-UTF-8 locale is an error, not an exit.
    public init(useColor: Bool, useMouse: Bool) throws {
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
        guard !term.isEmpty, let created = newterm(nil, artmap_stdout(), artmap_stdin()) else {
            throw CursesError("cannot use the terminal type '\(term)' (TERM); try TERM=xterm-256color")
        }
        screen = created
        set_term(created)
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
            Terminal.definePairs(rich: artmap_colors() >= 256)
        }
        if useMouse {
            mousemask(artmap_mouse_events(), nil)
            mouseinterval(200)
        }
        shiftUpCode = key_defined("\u{1B}[1;2A")
        shiftDownCode = key_defined("\u{1B}[1;2B")
    }

    deinit { stop() }

    /// Restores the terminal; safe to call more than once.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        endwin()
        delscreen(screen)
    }

    /// The terminal's size now.
    public var size: TerminalSize {
        TerminalSize(columns: Int(getmaxx(artmap_stdscr())), rows: Int(getmaxy(artmap_stdscr())))
    }

    /// Paints a buffer. Only cells that differ from the last paint are drawn; ncurses then sends only what changed.
    public func draw(_ buffer: Buffer) {
        let previous = painted.flatMap { $0.width == buffer.width && $0.height == buffer.height ? $0 : nil }
        for y in 0..<buffer.height {
            for x in 0..<buffer.width where !buffer[x, y].isContinuation {
                if let previous, !Terminal.changed(previous, buffer, x: x, y: y) { continue }
                paint(buffer[x, y], x: x, y: y)
            }
        }
        painted = buffer
        wnoutrefresh(artmap_stdscr())
        doupdate()
    }

    /// Whether the cell at (x, y) must be painted again: it changed, or it is a wide character whose
    /// second half was overwritten since the last paint.
    private static func changed(_ old: Buffer, _ new: Buffer, x: Int, y: Int) -> Bool {
        if old[x, y] != new[x, y] { return true }
        return x + 1 < new.width && new[x + 1, y].isContinuation && old[x + 1, y] != new[x + 1, y]
    }

    /// Forgets what was painted, so the next draw paints everything (after a resize).
    public func invalidate() {
        painted = nil
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
        if cell.style.dim { attrs |= artmap_attr_dim() }
        let pair: Int16 = colors ? Int16(cell.style.role.rawValue + 1) : 0
        // Curses reports ERR for the bottom-right cell (writing it would scroll); the cell is drawn all the same.
        _ = artmap_put_cell(Int32(y), Int32(x), wide, attrs, pair)
    }

    /// Every event waiting now (never blocks).
    public func readEvents() -> [TerminalEvent] {
        var events: [TerminalEvent] = []
        while events.count < 256 {
            var ch: wint_t = 0
            let result = wget_wch(artmap_stdscr(), &ch)
            if result == ERR { break }
            if result == KEY_CODE_YES {
                if let event = functionKey(Int32(ch)) { events.append(event) }
            } else if let event = character(UInt32(ch)) {
                events.append(event)
            }
        }
        return events
    }

    private func character(_ code: UInt32) -> TerminalEvent? {
        switch code {
        case 9: return .key(.tab)
        case 10, 13: return .key(.enter)
        case 27: return .key(.escape)
        case 8, 127: return .key(.backspace)
        default:
            guard code >= 32, let scalar = Unicode.Scalar(code) else { return nil }
            return .key(.character(Character(scalar)))
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
        case KEY_BTAB: return .key(.backTab)
        default:
            if code == shiftUpCode { return .key(.shiftUp) }
            if code == shiftDownCode { return .key(.shiftDown) }
            return nil
        }
    }

    /// One colour pair per role (pair = role + 1), on the terminal's default background.
    private static func definePairs(rich: Bool) {
        for role in Role.allCases {
            let fg: Int16
            switch role {
            case .normal, .label: fg = -1
            case .title, .borderFocused, .header: fg = Int16(COLOR_CYAN)
            case .border, .muted, .markerDim: fg = rich ? 245 : Int16(COLOR_WHITE)
            case .marker: fg = Int16(COLOR_YELLOW)
            case .markerNear: fg = rich ? 214 : Int16(COLOR_YELLOW)
            case .you: fg = Int16(COLOR_RED)
            case .cursor, .selection: fg = Int16(COLOR_GREEN)
            case .ring: fg = rich ? 69 : Int16(COLOR_BLUE)
            case .status: fg = rich ? 24 : Int16(COLOR_BLUE)
            case .statusError: fg = Int16(COLOR_RED)
            case .search: fg = Int16(COLOR_YELLOW)
            case .accent: fg = Int16(COLOR_MAGENTA)
            }
            init_pair(Int16(role.rawValue + 1), fg, -1)
        }
    }
}
