import Foundation

/// An answer in the W3C SPARQL 1.1 Query Results JSON format (what the Wikidata Query Service gives), read strictly
/// through `JSONValue`: `{"head":{"vars":[…]},"results":{"bindings":[{VAR:{"type":…,"value":…,"xml:lang"?,
/// "datatype"?},…},…]}}`. Unbound variables are absent from a binding; every value is a string. Sizes and counts are
/// capped where the answer enters, so an answer of 50 MB or 100,000 bindings is refused before it is built.
public struct SPARQLResults: Sendable, Equatable {
    /// One bound value.
    public struct Term: Sendable, Equatable {
        public enum Kind: String, Sendable { case uri, literal, bnode }
        public var kind: Kind
        public var value: String
        /// The language of a literal ("sv"), or "".
        public var language: String
        /// The datatype of a typed literal (…#wktLiteral, …#dateTime), or "".
        public var datatype: String
    }

    public var variables: [String]
    /// One dictionary per row: variable → value; an unbound variable has no entry.
    public var bindings: [[String: Term]]

    /// The largest answer read (bytes): a city's public art is well under 1 MB.
    public static let maxBytes = 16 * 1_048_576
    /// The most rows read: a multi-valued claim gives one row per value, so a few thousand items make tens of thousands.
    public static let maxBindings = 50_000
    /// The longest value kept (characters); a label, a URI, a date are far shorter.
    public static let maxValueLength = 2_000

    /// Reads `data`, or throws `CatalogError` saying what is wrong and where ("binding 12: 'coord' has no value").
    public static func read(_ data: Data) throws -> SPARQLResults {
        guard data.count <= maxBytes else {
            throw CatalogError("the answer is \(data.count / 1_048_576) MB, more than the \(maxBytes / 1_048_576) MB artmap reads")
        }
        let head = String(decoding: data.prefix(200), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if head.hasPrefix("<") {
            throw CatalogError(head.contains("<html") || head.contains("<!doctype") ? "the answer is an HTML page, not SPARQL results JSON"
                               : "the answer is XML, not the SPARQL results JSON asked for")
        }
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch {
            throw CatalogError("the answer is not JSON (cut short?): \(error)")
        }
        guard case .object(let top) = root, case .object(let headObject)? = top["head"], case .array(let vars)? = headObject["vars"] else {
            throw CatalogError("the answer has no head.vars: not SPARQL results JSON")
        }
        guard case .object(let results)? = top["results"], case .array(let rows)? = results["bindings"] else {
            throw CatalogError("the answer has no results.bindings: not SPARQL results JSON")
        }
        guard rows.count <= maxBindings else {
            throw CatalogError("the answer holds \(rows.count) bindings, more than the \(maxBindings) artmap reads (ask a smaller area)")
        }
        var variables: [String] = []
        for case .string(let name) in vars { variables.append(name) }
        guard variables.count == vars.count, variables.count <= 64 else { throw CatalogError("head.vars is not a short list of names") }
        var bindings: [[String: Term]] = []
        bindings.reserveCapacity(rows.count)
        for (index, row) in rows.enumerated() {
            guard case .object(let object) = row else { throw CatalogError("binding \(index + 1) is not an object") }
            var binding: [String: Term] = [:]
            for (name, value) in object.members {
                binding[name] = try term(value, name: name, row: index + 1)
            }
            bindings.append(binding)
        }
        return SPARQLResults(variables: variables, bindings: bindings)
    }

    private static func term(_ value: JSONValue, name: String, row: Int) throws -> Term {
        let place = "binding \(row): '\(DisplayText.clean(String(name.prefix(40))))'"
        guard case .object(let object) = value, case .string(let type)? = object["type"], case .string(let text)? = object["value"] else {
            throw CatalogError("\(place) is not a {type, value} term")
        }
        // SPARQL 1.1 JSON says "literal"; older writers said "typed-literal".
        let kind: Term.Kind
        switch type {
        case "uri": kind = .uri
        case "literal", "typed-literal": kind = .literal
        case "bnode": kind = .bnode
        default: throw CatalogError("\(place) has the type '\(DisplayText.clean(String(type.prefix(40))))', not uri, literal or bnode")
        }
        guard text.utf8.count <= maxValueLength * 4, text.count <= maxValueLength else {
            throw CatalogError("\(place) is \(text.count) characters long, more than the \(maxValueLength) artmap reads")
        }
        var language = "", datatype = ""
        if let lang = object["xml:lang"] {
            guard case .string(let tag) = lang, tag.count <= 35 else { throw CatalogError("\(place) has a language tag that is not a short string") }
            language = tag.lowercased()
        }
        if let type = object["datatype"] {
            guard case .string(let uri) = type, uri.count <= 200 else { throw CatalogError("\(place) has a datatype that is not a short string") }
            datatype = uri
        }
        return Term(kind: kind, value: text, language: language, datatype: datatype)
    }
}
