import Foundation
import Testing
@testable import Catalog

/// The same document as Foundation reads it, for comparing.
private func foundation(_ text: String) -> Any? {
    try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

private func same(_ value: JSONValue, _ other: Any) -> Bool {
    switch value {
    case .string(let s): return (other as? String) == s
    case .number(let d): return (other as? NSNumber)?.doubleValue == d
    case .bool(let b): return (other as? NSNumber)?.boolValue == b
    case .null: return other is NSNull
    case .array(let items):
        guard let list = other as? [Any], list.count == items.count else { return false }
        return zip(items, list).allSatisfy { same($0, $1) }
    case .object(let fields):
        guard let dict = other as? [String: Any], dict.count == fields.keys.count else { return false }
        return fields.keys.allSatisfy { key in dict[key].map { same(fields[key] ?? .null, $0) } ?? false }
    }
}

@Test(arguments: [
    #"{"artworks":[{"id":"1","title":"Caf\u00e9 \"Noir\"","lat":"53.4","long":-2.97,"enabled":true,"x":null}]}"#,
    #"[1, -0.5, 2e3, 1.5E-2, 0, -0, 123456789012345678]"#,
    #"{"emoji":"\ud83c\udfa8","slash":"a\/b","ctl":"\b\f\n\r\t","plain":"Ünïcödé ✓"}"#,
    #"  "just a string"  "#,
    #"{"nested":{"a":[[],{},[{"b":false}]]}}"#,
])
func readsDocumentsAsFoundationDoes(_ text: String) throws {
    let mine = try JSONValue.parse(Data(text.utf8))
    let theirs = try #require(foundation(text))
    #expect(same(mine, theirs), "\(mine)")
}

@Test(arguments: [
    "", "{", "[1,]", "{\"a\":1,}", "01", "1.", "-", "tru", "\"\\x\"", "\"a\u{01}b\"", "[1] 2", "{\"a\" 1}", "\"\\ud800\"",
    "\"\\udc00x\"", "{1:2}", "nul", "[\"\\u12\"]",
])
func refusesWhatIsNotJSON(_ text: String) {
    #expect(throws: CatalogError.self) { try JSONValue.parse(Data(text.utf8)) }
}

@Test func refusesInvalidUTF8AndDeepNestingWithThePlace() {
    #expect(throws: CatalogError.self) { try JSONValue.parse(Data([0x22, 0xC3, 0x28, 0x22])) }
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    do {
        _ = try JSONValue.parse(Data(deep.utf8))
        Issue.record("100,000 levels were accepted")
    } catch let error as CatalogError {
        #expect(error.message.contains("nesting deeper than 512 levels"))
        #expect(error.message.contains("at byte 512"))
    } catch {
        Issue.record("\(error)")
    }
}

@Test func aRepeatedKeyTakesTheLastValueAsADictionaryWould() throws {
    let parsed = try JSONValue.parse(Data(#"{"id":"1","lat":"1","id":"2"}"#.utf8))
    let object = try #require({ if case .object(let object) = parsed { return object } else { return nil } }(), "not an object")
    #expect(object["id"] == .string("2"))
    #expect(object.keys == ["id", "lat"])
    #expect(object["missing"] == nil)
    #expect(JSONValue.object(object) == (try JSONValue.parse(Data(#"{"lat":"1","id":"2"}"#.utf8))))
}
