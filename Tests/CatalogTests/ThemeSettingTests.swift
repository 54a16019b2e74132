import Testing
@testable import Catalog

@Test func themeSettingOffersAutoDarkLightMonoAndReadsTheOldColour() throws {
    let theme = try #require(Setting.named("theme"))
    #expect(theme.defaultValue == "auto")
    #expect(theme.choices == ["auto", "dark", "light", "mono"])
    #expect(try theme.validate("Light").get() == "light")
    #expect(try theme.validate("colour").get() == "dark", "the old name of the dark palette")
    #expect(throws: CatalogError.self) { try theme.validate("sepia").get() }
}
