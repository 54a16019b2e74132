import Foundation
import Testing
import TestSupport

/// Issue 46, names in the reader's language: a route's steps name the streets as the map labels them, `name:sv`
/// for a Swedish reader in Helsinki ("Mikaelsgatan", not "Mikonkatu"), the stored name for everyone else. Run as
/// the binary: the reader's language is the process's.
@Test func aRoutesStepsNameTheStreetsInTheReadersLanguage() throws {
    let home = try temporaryDirectory("route-language")
    let extract = repositoryRoot.appendingPathComponent("Tests/CartographyTests/Fixtures/helsinki.osm.pbf").path
    #expect(try runArtmapBinary(["import", extract], home: home).status == 0)
    // From the railway station's square to Havis Amanda, along streets that have Swedish names.
    let arguments = ["route", "--from", "60.1710,24.9414", "--to", "node/1376320186", "--collection", "helsinki"]
    let finnish = try runArtmapBinary(arguments, home: home)
    #expect(finnish.status == 0, "\(finnish.output)")
    let steps = finnish.output.split(separator: "\n").filter { $0.range(of: #"^\d+\. "#, options: .regularExpression) != nil }
    try #require(steps.count >= 2, "\(finnish.output)")
    #expect(try runArtmapBinary(["config", "set", "language", "sv"], home: home).status == 0)
    let swedish = try runArtmapBinary(arguments, home: home)
    #expect(swedish.status == 0, "\(swedish.output)")
    let swedishSteps = swedish.output.split(separator: "\n").filter { $0.range(of: #"^\d+\. "#, options: .regularExpression) != nil }
    #expect(swedishSteps.count == steps.count, "the same walk: \(swedish.output)")
    #expect(swedishSteps != steps, "some street reads otherwise in Swedish:\n\(swedish.output)")
    #expect(swedishSteps.contains { $0.contains("gatan") || $0.contains("esplanaden") || $0.contains("torget") }, "\(swedish.output)")
    #expect(!swedishSteps.contains { $0.contains("katu") }, "no Finnish street name left where a Swedish one exists:\n\(swedish.output)")
}
