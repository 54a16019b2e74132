import Cells

/// Untrusted text made safe to show (Cells.DisplayText): the cell layer owns the cleaning, since `Buffer.write`
/// cleans again; the catalogue cleans every field it decodes with the same function, under the same name.
public typealias DisplayText = Cells.DisplayText
