import Foundation

/// Whether the terminal's background is dark or light: the palette the roles take.
public enum ThemeTone: String, CaseIterable, Sendable {
    case dark, light

    /// The tone for a background colour: light when its relative luminance is above that of mid grey
    /// (0.18, where black and white text contrast equally with it), else dark.
    public static func of(background: RGB) -> ThemeTone {
        Contrast.luminance(background) > 0.18 ? .light : .dark
    }

    /// The backgrounds a palette is checked against: the plain one and a softer one that themes often use.
    public var referenceBackgrounds: [RGB] {
        switch self {
        case .dark: return [RGB(packed: 0x000000), RGB(packed: 0x1E1E1E)]
        case .light: return [RGB(packed: 0xFFFFFF), RGB(packed: 0xF0F0F0)]
        }
    }
}

/// WCAG 2 relative luminance and contrast ratio, from sRGB.
public enum Contrast {
    /// Text needs 4.5:1 against its background; symbols and map strokes 3:1.
    public static let text = 4.5
    public static let symbol = 3.0

    public static func luminance(_ color: RGB) -> Double {
        func linear(_ channel: UInt8) -> Double {
            let c = Double(channel) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }

    /// (L1 + 0.05) / (L2 + 0.05), the lighter over the darker: 1 to 21.
    public static func ratio(_ a: RGB, _ b: RGB) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }
}

/// Each role's foreground colour (an xterm palette index; nil: the terminal's own default) per tone, for
/// terminals with 256 colours (`rich`) and with 16. Drawn on the terminal's default background, or reversed
/// (the role's colour as the background, the default background as the text): the same two colours either way.
public enum Palette {
    public static func color(_ role: Role, tone: ThemeTone, rich: Bool) -> UInt8? {
        switch (tone, rich) {
        case (.dark, true): return darkRich(role)
        case (.dark, false): return darkBasic(role)
        case (.light, true): return lightRich(role)
        case (.light, false): return lightBasic(role)
        }
    }

    /// The contrast a role needs: text 4.5:1, symbols (markers, cursor, ring) and map strokes 3:1.
    public static func needed(_ role: Role) -> Double {
        switch role {
        case .normal, .title, .borderFocused, .header, .muted, .status, .statusError, .search, .accent, .label,
             .placeName, .selection: return Contrast.text
        case .border, .marker, .markerNear, .markerDim, .you, .cursor, .ring, .roadMajor, .road, .path, .building,
             .water, .green, .rail, .route: return Contrast.symbol
        }
    }

    static func darkRich(_ role: Role) -> UInt8? {
        switch role {
        case .normal, .label: return nil
        case .title, .borderFocused, .header: return 44
        case .border, .markerDim: return 245
        case .muted: return 246
        case .marker, .search: return 11
        case .markerNear: return 214
        case .you, .statusError: return 203
        case .cursor, .selection: return 10
        case .ring: return 75
        case .status: return 38
        case .accent: return 207
        case .roadMajor: return 223
        case .road, .placeName: return 250
        case .path: return 243
        case .building: return 137
        case .water: return 33
        case .green: return 71
        case .rail: return 139
        case .route: return 201
        }
    }

    static func darkBasic(_ role: Role) -> UInt8? {
        switch role {
        case .normal, .label: return nil
        case .title, .borderFocused, .header, .ring, .status: return 14
        case .border, .muted, .markerDim, .roadMajor, .road, .placeName, .path: return 7
        case .marker, .markerNear, .search: return 11
        case .you: return 9
        case .cursor, .selection, .green: return 10
        case .statusError, .accent, .building, .rail, .route: return 13
        case .water: return 6
        }
    }

    static func lightRich(_ role: Role) -> UInt8? {
        switch role {
        case .normal, .label: return nil
        case .title, .borderFocused, .header, .status: return 24
        case .border, .markerDim, .path: return 244
        case .muted: return 242
        case .marker, .roadMajor: return 130
        case .markerNear: return 166
        case .you, .statusError: return 160
        case .cursor: return 28
        case .selection: return 22
        case .ring, .water: return 26
        case .search: return 94
        case .accent: return 127
        case .road: return 243
        case .placeName: return 239
        case .building: return 95
        case .green: return 28
        case .rail: return 96
        case .route: return 163
        }
    }

    static func lightBasic(_ role: Role) -> UInt8? {
        switch role {
        case .normal, .label: return nil
        case .title, .borderFocused, .header, .ring, .status, .water: return 4
        case .border, .markerDim, .road, .path: return 8
        case .muted, .placeName: return 0
        case .marker, .markerNear, .you, .statusError, .roadMajor: return 1
        case .cursor, .selection, .green: return 2
        case .search, .accent, .building, .rail, .route: return 5
        }
    }
}
