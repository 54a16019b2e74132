@testable import Cartography
import Foundation
import Testing

// Issue 48, item 3: the field survey in the city's language: one table, a test per language.

private func chosen(_ header: [String], rows: [[String]] = []) throws -> [PublicArtFields.Field: String] {
    var profiles = header.map { ColumnProfile(name: $0) }
    for row in rows { for (i, value) in row.enumerated() { profiles[i].add(value) } }
    return try PublicArtFields.choose(profiles: profiles).columns
}

@Test func english() throws {
    let c = try chosen(["Title", "Artist", "Year", "Description", "Material", "Type", "Address", "Photo", "Website"])
    #expect(c == [.title: "Title", .artist: "Artist", .year: "Year", .description: "Description", .material: "Material", .type: "Type",
                  .address: "Address", .photo: "Photo", .webPage: "Website"])
}

@Test func dutch() throws {
    let c = try chosen(["TITEL", "KUNSTENAAR", "Jaar", "INHOUD", "MATERIAAL", "Soort", "LOCATIE", "Afbeelding", "Meer_info"])
    #expect(c == [.title: "TITEL", .artist: "KUNSTENAAR", .year: "Jaar", .description: "INHOUD", .material: "MATERIAAL", .type: "Soort",
                  .address: "LOCATIE", .photo: "Afbeelding", .webPage: "Meer_info"])
    let other = try chosen(["KUNSTWERKNAAM", "Kunstenaar(s)", "Toponiem", "Omschrijving", "FOTO"])
    #expect(other == [.title: "KUNSTWERKNAAM", .artist: "Kunstenaar(s)", .address: "Toponiem", .description: "Omschrijving", .photo: "FOTO"])
    #expect(try chosen(["LOKATIEBEELD"])[.address] == "LOKATIEBEELD")
}

@Test func german() throws {
    let c = try chosen(["Titel", "Künstler", "Entstehungsjahr", "Beschreibung", "Material", "Kategorie", "Standort", "Bild", "Webseite"])
    #expect(c == [.title: "Titel", .artist: "Künstler", .year: "Entstehungsjahr", .description: "Beschreibung", .material: "Material",
                  .type: "Kategorie", .address: "Standort", .photo: "Bild", .webPage: "Webseite"])
}

@Test func french() throws {
    let c = try chosen(["Titre", "Artiste", "Année", "Description", "Matériau", "Catégorie", "Adresse", "Image", "Site web"])
    #expect(c == [.title: "Titre", .artist: "Artiste", .year: "Année", .description: "Description", .material: "Matériau",
                  .type: "Catégorie", .address: "Adresse", .photo: "Image", .webPage: "Site web"])
}

@Test func spanish() throws {
    let c = try chosen(["Título", "Autor", "Año", "Descripción", "Materiales", "Tipo", "Dirección", "Imagen", "Enlace"])
    #expect(c == [.title: "Título", .artist: "Autor", .year: "Año", .description: "Descripción", .material: "Materiales",
                  .type: "Tipo", .address: "Dirección", .photo: "Imagen", .webPage: "Enlace"])
}

@Test func italian() throws {
    let c = try chosen(["Titolo", "Autore", "Anno", "Descrizione", "Materiale", "Tipologia", "Indirizzo", "Immagine", "Sito web"])
    #expect(c == [.title: "Titolo", .artist: "Autore", .year: "Anno", .description: "Descrizione", .material: "Materiale",
                  .type: "Tipologia", .address: "Indirizzo", .photo: "Immagine", .webPage: "Sito web"])
}

@Test func finnish() throws {
    let c = try chosen(["Nimi", "Taiteilija", "Vuosi", "Kuvaus", "Materiaali", "Tyyppi", "Osoite", "Kuva", "Verkkosivu"])
    #expect(c == [.title: "Nimi", .artist: "Taiteilija", .year: "Vuosi", .description: "Kuvaus", .material: "Materiaali",
                  .type: "Tyyppi", .address: "Osoite", .photo: "Kuva", .webPage: "Verkkosivu"])
}

@Test func swedish() throws {
    let c = try chosen(["Titel", "Konstnär", "År", "Beskrivning", "Material", "Kategori", "Adress", "Bild", "Webbplats"])
    #expect(c == [.title: "Titel", .artist: "Konstnär", .year: "År", .description: "Beskrivning", .material: "Material",
                  .type: "Kategori", .address: "Adress", .photo: "Bild", .webPage: "Webbplats"])
}

@Test func danish() throws {
    let c = try chosen(["Titel", "Kunstner", "Årstal", "Beskrivelse", "Materialer", "Type", "Adresse", "Billede", "Hjemmeside"])
    #expect(c == [.title: "Titel", .artist: "Kunstner", .year: "Årstal", .description: "Beskrivelse", .material: "Materialer",
                  .type: "Type", .address: "Adresse", .photo: "Billede", .webPage: "Hjemmeside"])
}

@Test func aFileDateColumnIsNeverTheYear() throws {
    // By its name, even when it holds whole dates and no other column does.
    let named = try chosen(["TITEL", "DD_BRONBESTAND"], rows: [["A", "2025-03-14"], ["B", "2025-03-15"], ["C", "2025-03-14"]])
    #expect(named[.year] == nil)
    let said = try PublicArtFields.choose(profiles: ["TITEL", "DD_BRONBESTAND"].enumerated().map { i, name in
        var profile = ColumnProfile(name: name)
        for row in [["A", "2025-03-14"], ["B", "2025-03-15"]] { profile.add(row[i]) }
        return profile
    }).summary
    #expect(said.contains("year        (none: left out DD_BRONBESTAND: the file's date, not the work's)"), "\(said)")
    // By holding one date in every row.
    let single = try chosen(["title", "published"], rows: [["A", "2025-03-14"], ["B", "2025-03-14"], ["C", "2025-03-14"]])
    #expect(single[.year] == nil)
    let real = try chosen(["title", "date"], rows: [["A", "1998-06-01"], ["B", "2001-02-03"], ["C", "1975-01-01"]])
    #expect(real[.year] == "date")
}

@Test func aNameColumnIsTheTitleUnlessATitleColumnExistsAndItHoldsPeoplesNames() throws {
    let alone = try chosen(["Name", "Year"], rows: [["Harbour Light", "1990"], ["Chairs", "1991"]])
    #expect(alone[.title] == "Name")
    let people = try chosen(["Name", "Title"], rows: [["Maud Cotter", "Wave"], ["Eilis O'Connell", "Great Wall"], ["John Behan", "The Hooker"]])
    #expect(people[.title] == "Title" && people[.artist] == "Name")
    let things = try chosen(["Name", "Title"], rows: [["Bronze figure 1", "Wave"], ["steel arch", "Great Wall"], ["the hooker 3", "Hooker"]])
    #expect(things[.artist] == nil)
}

@Test func shapefileTruncatedNamesAreMatchedByTheirStart() throws {
    #expect(try chosen(["Title", "Descriptio"])[.description] == "Descriptio")
    #expect(try chosen(["TITEL", "OMSCHRIJVI"])[.description] == "OMSCHRIJVI")
    #expect(try chosen(["Title", "Kunstenaaa"])[.artist] == nil, "a ten-character name that starts no longer name is no cut")
}

@Test func placeholderValuesAreEmpty() throws {
    for word in ["None", "null", "NULL", "N/A", "n.v.t."] { #expect(ValueShape.isPlaceholder(word), "\(word)") }
    #expect(!ValueShape.isPlaceholder("Nonesuch") && !ValueShape.isPlaceholder("None of it"))
    var profile = ColumnProfile(name: "x")
    profile.add("None")
    profile.add("n.v.t.")
    #expect(profile.filled == 0)
}
