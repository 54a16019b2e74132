import Cells

// Pixels and cell colours moved down to the cell layer (Cells), which the terminal backend shares without Imaging.
// Imaging takes and returns them, so its clients still reach them by these names through `import Imaging`.

/// Decoded pixels (Cells.RGBAImage), the input of every decoder and renderer here.
public typealias RGBAImage = Cells.RGBAImage
/// An 8-bit colour (Cells.RGB).
public typealias RGB = Cells.RGB
/// A cell's colour (Cells.CellColor), what the renderer gives each cell.
public typealias CellColor = Cells.CellColor
/// The xterm palette (Cells.XtermPalette), for mapping colours to fewer.
public typealias XtermPalette = Cells.XtermPalette
