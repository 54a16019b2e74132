/// The longest text artmap keeps in each field of a record. Longer text from a service or file is cut (and
/// the cut reported), so one 45 MB title cannot make every frame and key press slow.
public enum FieldLimits {
    public static let id = 100
    public static let title = 300
    public static let artist = 200
    public static let year = 60
    public static let type = 100
    public static let information = 20_000
    public static let locationNotes = 1_000
    public static let building = 200
    public static let fileName = 255

    /// `text` cut to `limit` characters (with "…"), and a note saying what was cut, or the text as it was.
    public static func bounded(_ text: String, _ limit: Int, field: String) -> (text: String, note: String?) {
        // A string of at most `limit` UTF-8 bytes has at most `limit` characters: no need to count them.
        if text.utf8.count <= limit { return (text, nil) }
        var count = 0
        var end = text.startIndex
        while end < text.endIndex, count < limit {
            end = text.index(after: end)
            count += 1
        }
        if end == text.endIndex { return (text, nil) }
        return (String(text[..<text.index(before: end)]) + "…",
                "\(field) cut to \(limit) characters (it had \(text.utf8.count) bytes)")
    }
}
