/// Distances as people read them: "22 m", "850 m", "1.2 km", "12 km".
public enum DistanceText {
    /// Feet below a tenth of a mile, then miles, for the `units` setting's imperial choice.
    public static func format(_ metres: Double, imperial: Bool) -> String {
        guard imperial else { return format(metres) }
        guard metres.isFinite else { return "?" }
        if abs(metres) >= farthest { return beyond(imperial: true) }
        let feet = metres / 0.3048
        if feet < 528 { return "\(Int(feet.rounded())) ft" }
        let miles = metres / 1609.344
        if miles < 9.95 { return "\((miles * 10).rounded() / 10) mi" }
        return "\(Int(miles.rounded())) mi"
    }

    /// Metres from which a distance is said as "more than 40,000 km" (the earth's circumference): a radius typed as
    /// 10^20 metres must still print, never trap converting to a whole number (issue 43).
    static let farthest = 40_075_000.0

    static func beyond(imperial: Bool) -> String { imperial ? "more than 24,901 mi" : "more than 40,075 km" }

    public static func format(_ metres: Double) -> String {
        guard metres.isFinite else { return "?" }
        if abs(metres) >= farthest { return beyond(imperial: false) }
        if metres < 999.5 { return "\(Int(metres.rounded())) m" }
        let km = metres / 1000
        if km < 9.95 { return "\((km * 10).rounded() / 10) km" }
        return "\(Int(km.rounded())) km"
    }
}
