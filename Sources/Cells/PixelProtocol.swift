/// How pictures reach the terminal: one of the pixel graphics protocols, or text cells.
public enum PixelProtocol: String, CaseIterable, Sendable {
    /// The kitty graphics protocol (kitty, WezTerm, Ghostty, Konsole).
    case kitty
    /// DEC sixel (xterm -ti vt340, foot, mlterm, WezTerm, Windows Terminal).
    case sixel
    /// iTerm2's inline images.
    case iterm
    /// Coloured text cells drawn by chafa's symbols: every terminal.
    case cells

    /// True for the protocols that draw real pixels.
    public var drawsPixels: Bool { self != .cells }
}
