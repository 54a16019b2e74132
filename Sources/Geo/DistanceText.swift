/// Distances as people read them: "22 m", "850 m", "1.2 km", "12 km".
public enum DistanceText {
    public static func format(_ metres: Double) -> String {
        guard metres.isFinite else { return "?" }
        if metres < 999.5 { return "\(Int(metres.rounded())) m" }
        let km = metres / 1000
        if km < 9.95 { return "\((km * 10).rounded() / 10) km" }
        return "\(Int(km.rounded())) km"
    }
}
