import Foundation
import Geo

/// Where "here" is for the view and every command, and where it came from (issue 44): resolved in one order — the
/// option given, a live source, the user's home (`location.home`), the place the view last showed, and only then the
/// built-in campus — so every message that depends on the start can say which it was and how to change it.
public struct StartPoint: Sendable, Equatable {
    /// Where a start came from, first to last in the order they are tried.
    public enum Origin: Sendable, Equatable {
        /// Typed on the command line: `--at`, `--from`, `--near Helsinki`.
        case option(String)
        /// A live source's first fix or a walk's first point ("gpsd 127.0.0.1:2947", "GPX walk.gpx").
        case live(String)
        /// The `location.home` setting, with the name it was saved with, if any.
        case home(name: String?)
        /// Where the view was when it last quit.
        case lastShown
        /// The Ashton Building, University of Liverpool: nobody said where they are.
        case builtIn
    }

    public let coordinate: Coordinate
    public let origin: Origin

    public init(coordinate: Coordinate, origin: Origin) {
        self.coordinate = coordinate
        self.origin = origin
    }

    /// The first of the candidates that is known, in the order of `Origin`; the built-in campus when none is.
    public static func resolve(option: (Coordinate, String)? = nil, live: (Coordinate, String)? = nil, home: Home? = nil,
                               lastShown: Coordinate? = nil) -> StartPoint {
        if let (point, what) = option { return StartPoint(coordinate: point, origin: .option(what)) }
        if let (point, what) = live { return StartPoint(coordinate: point, origin: .live(what)) }
        if let home { return StartPoint(coordinate: home.coordinate, origin: .home(name: home.name)) }
        if let lastShown { return StartPoint(coordinate: lastShown, origin: .lastShown) }
        return StartPoint(coordinate: .ashtonBuilding, origin: .builtIn)
    }

    /// Whether the start was typed as an option (`--at`, `--from`, `--near`).
    public var isTyped: Bool {
        if case .option = origin { return true }
        return false
    }

    /// Whether nobody said where the start is (no option, live source, home or last place).
    public var isBuiltIn: Bool { origin == .builtIn }

    /// Where the start came from, in a few words: "home: Helsinki", "--from", "where the view last was".
    public var originLabel: String {
        switch origin {
        case .option(let what), .live(let what): return what
        case .home(let name?): return "home: \(name)"
        case .home(nil): return "home"
        case .lastShown: return "where the view last was"
        case .builtIn: return "the built-in Ashton Building"
        }
    }

    /// The start as a live source's failure names what is used instead: "home (Helsinki, 60.17000,24.94000)",
    /// "where the view last was (…)", "the built-in Ashton Building, Liverpool (set yours with …)".
    public var usedInstead: String {
        let at = String(format: "%.5f,%.5f", coordinate.latitude, coordinate.longitude)
        switch origin {
        case .option(let what), .live(let what): return "\(what) (\(at))"
        case .home(let name?): return "home (\(name), \(at))"
        case .home(nil): return "home (\(at))"
        case .lastShown: return "where the view last was (\(at))"
        case .builtIn: return "the built-in Ashton Building, Liverpool (set your home with 'artmap config set location.home PLACE')"
        }
    }

    /// The start as messages name it: "the start (home: Helsinki, 60.17,24.94)"; for the built-in campus, how to set
    /// one's own.
    public var described: String {
        let at = String(format: "%.5f,%.5f", coordinate.latitude, coordinate.longitude)
        switch origin {
        case .option(let what): return "the start (\(what), \(at))"
        case .live(let what): return "the start (\(what): \(at))"
        case .home(let name?): return "the start (home: \(name), \(at))"
        case .home(nil): return "the start (home: \(at))"
        case .lastShown: return "the start (where the view last was, \(at))"
        case .builtIn: return "the start (the built-in Ashton Building, Liverpool — set yours with 'artmap config set location.home PLACE' or pass --from)"
        }
    }
}

/// The user's home: a point and the name it was found by, as the `location.home` setting keeps it ("60.17,24.94 Helsinki").
public struct Home: Sendable, Equatable {
    public let coordinate: Coordinate
    public let name: String?

    public init(coordinate: Coordinate, name: String?) {
        self.coordinate = coordinate
        self.name = name.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Reads a saved value: `LAT,LON`, optionally followed by a space and the place's name; nil for anything else.
    public init?(setting text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let point = trimmed.prefix { $0 != " " }
        guard let coordinate = try? Coordinate.parse(String(point)) else { return nil }
        self.init(coordinate: coordinate, name: trimmed.dropFirst(point.count).trimmingCharacters(in: .whitespaces))
    }

    /// The value saved for this home: "60.170000,24.940000 Helsinki".
    public var setting: String {
        String(format: "%.6f,%.6f", coordinate.latitude, coordinate.longitude) + (name.map { " " + $0 } ?? "")
    }

    /// "Helsinki", or the point when the home has no name.
    public var label: String { name ?? String(format: "%.5f,%.5f", coordinate.latitude, coordinate.longitude) }
}
