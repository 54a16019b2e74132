/// How many colours the terminal can show, which decides how pictures are turned into cells.
public enum ColorDepth: String, CaseIterable, Sendable {
    /// No colour: a dithered monochrome rendering that still shows the shape.
    case none
    /// The 16 ANSI colours.
    case sixteen = "16"
    /// The xterm 256-colour palette.
    case indexed256 = "256"
    /// 24-bit direct colour.
    case truecolor
}
