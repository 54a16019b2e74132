import CXML2
import XMLReading

/// A streaming look through an `.osm` file before libreadosm reads it. libreadosm trusts the attributes
/// it needs: a `<tag>` without `v`, an `<nd>` without `ref` or a `<member>` without `role` makes it read
/// a null pointer and the whole process dies (found by `make fuzz`). Such a file is refused here, with
/// the line, and so is malformed XML.
enum OSMXMLCheck {
    /// The attributes each element must carry for libreadosm to read it safely.
    static let required: [String: [String]] = [
        "node": ["id", "lat", "lon"], "way": ["id"], "relation": ["id"],
        "tag": ["k", "v"], "nd": ["ref"], "member": ["type", "ref", "role"],
    ]

    static func check(path: String) throws {
        guard let reader = XMLReader(path: path) else { throw CartographyError("cannot read the file", file: path) }
        var sawRoot = false
        while true {
            let status = xmlTextReaderRead(reader.handle)
            if status == 0 { break }
            guard status == 1 else {
                throw CartographyError("line \(reader.line): the XML is malformed or truncated (\(XMLReader.lastError ?? "parse error"))", file: path)
            }
            // Elements only (node type 1).
            guard xmlTextReaderNodeType(reader.handle) == 1 else { continue }
            let name = reader.localName
            if !sawRoot {
                guard name == "osm" || name == "osmChange" else {
                    throw CartographyError("not OpenStreetMap XML (the root element is <\(name)>, not <osm>)", file: path)
                }
                sawRoot = true
                continue
            }
            guard let needed = required[name] else { continue }
            for attribute in needed where reader.attribute(attribute) == nil {
                throw CartographyError("line \(reader.line): <\(name)> without its \(attribute) attribute", file: path)
            }
        }
        guard sawRoot else { throw CartographyError("not OpenStreetMap XML (no <osm> element)", file: path) }
    }
}
