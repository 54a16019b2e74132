/// Distances as people read them: "22 m", "850 m", "1.2 km", "12 km".
public enum DistanceText {
    /// Feet below a tenth of a mile, then miles, for the `units` setting's imperial choice.
    public static func format(_ metres: Double, imperial: Bool) -> String {
        guard imperial else { return format(metres) }
        guard metres.isFinite else { return "?" }
        let feet = metres / 0.3048
        if feet < 528 { return "\(Int(feet.rounded())) ft" }
        let miles = metres / 1609.344
        if miles < 9.95 { return "\((miles * 10).rounded() / 10) mi" }
        return "\(Int(miles.rounded())) mi"
    }

    public static func format(_ metres: Double) -> String {
        guard metres.isFinite else { return "?" }
        if metres < 999.5 { return "\(Int(metres.rounded())) m" }
        let km = metres / 1000
        if km < 9.95 { return "\((km * 10).rounded() / 10) km" }
        return "\(Int(km.rounded())) km"
    }
}
