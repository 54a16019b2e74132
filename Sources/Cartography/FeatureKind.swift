/// What a base-layer feature is, which decides how it is drawn, from which zoom, and in what order.
/// The raw values are stored in the store: never renumber, only add.
public enum FeatureKind: UInt8, CaseIterable, Sendable {
    case motorway = 1, majorRoad, secondaryRoad, street, serviceRoad, pedestrian, footway, steps
    case railway, tram
    case building, water, waterway, green, plaza
    case landmark
    /// A GeoJSON line or area whose properties name nothing artmap knows.
    case otherLine, otherArea

    /// Closed shapes drawn as outlines with a fill pattern, and able to contain artworks.
    public var isArea: Bool {
        switch self {
        case .building, .water, .green, .plaza, .otherArea: return true
        default: return false
        }
    }

    /// Roads and paths, the features that carry street names.
    public var isRoad: Bool {
        switch self {
        case .motorway, .majorRoad, .secondaryRoad, .street, .serviceRoad, .pedestrian, .footway, .steps: return true
        default: return false
        }
    }

    /// The coarsest zoom (metres per cell) at which the feature is still drawn: small things vanish first,
    /// so a zoomed-out frame of a whole city costs what a campus frame costs.
    public var coarsestMetresPerCell: Double {
        switch self {
        case .motorway: return 20_000
        case .majorRoad: return 2_000
        case .railway, .water, .waterway: return 1_000
        case .secondaryRoad, .green: return 300
        case .street, .tram, .landmark, .plaza, .otherLine, .otherArea: return 60
        case .serviceRoad, .pedestrian, .footway, .steps: return 20
        case .building: return 12
        }
    }
}
