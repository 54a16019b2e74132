import Catalog
import Foundation
import Geo

/// Which property of a city's public-art GeoJSON fills which field of an artwork. Municipal open-data
/// portals (ArcGIS Hub, Socrata, CKAN) each name their columns differently — `TITLE`, `title_of_work`,
/// `ARTIST`, `first_name` + `last_name`, `YEAR_INSTALLED`, `PHOTOURL` — so the column is chosen once per file
/// from the names the file uses, case-insensitively, in the order of `candidates`; `--field` overrides it.
public struct PublicArtFields: Sendable, Equatable {
    /// An artwork field a column can fill.
    public enum Field: String, CaseIterable, Sendable {
        case id, title, artist, year, description, material, type, address, building, photo
        case webPage = "web_page"
    }

    /// The column names looked for, lower case without accents, best first (spaces and dashes read as `_`): English
    /// first, then the names cities use in Dutch, German, French, Spanish, Italian, Finnish, Swedish and Danish. One
    /// table for every language: a file's columns are in one of them, and the first name it has wins.
    public static let candidates: [Field: [String]] = [
        .id: ["id", "objectid", "artwork_id", "registryid", "registry_id", "fid", "accession_number", "sku",
              "objectnummer", "inventarisnummer", "kunstwerk_id", "objektnummer", "inventarnummer", "numero_inventaire", "numero_inventario",
              "inventaarionumero", "inventarienummer"],
        .title: ["title", "titleofwork", "title_of_work", "list_title", "artwork_title", "name", "artwork_name",
                 // nl
                 "titel", "kunstwerknaam", "naam_kunstwerk", "titel_kunstwerk", "werktitel", "objectnaam", "naam",
                 // de
                 "kunstwerk", "werkname", "objektname", "bezeichnung",
                 // fr
                 "titre", "titre_oeuvre", "titre_de_l_oeuvre", "nom_oeuvre", "nom_de_l_oeuvre", "intitule", "nom",
                 // es, it
                 "titulo", "titulo_obra", "nombre_obra", "nombre", "titolo", "titolo_opera", "denominazione", "nome",
                 // fi, sv, da
                 "nimi", "teoksen_nimi", "teos", "nimike", "verkets_namn", "verkets_titel", "namn", "vaerkets_titel", "vaerkets_navn", "navn"],
        .artist: ["artist", "artists", "artist_name", "artist_full_name", "artistfullname", "artist_names", "creator", "creators", "maker",
                  "kunstenaar", "kunstenaars", "kunstenaar_s", "kunstenaar_s_", "naam_kunstenaar", "ontwerper", "maker_s",
                  "kunstler", "kuenstler", "kunstlerin", "kunstler_in", "kunstler_innen", "urheber",
                  "artiste", "artistes", "auteur", "auteurs", "createur",
                  "artista", "artistas", "autor", "autores", "autore", "autori",
                  "taiteilija", "taiteilijat", "tekija", "konstnar", "konstnarer", "upphovsman", "kunstner", "kunstnere"],
        .year: ["year", "art_year", "date", "year_installed", "yearinstalled", "year_of_installation", "installed", "date_installed",
                "start_date", "year_completed", "date_created", "dedicated", "creation_date",
                "jaar", "jaartal", "bouwjaar", "jaar_plaatsing", "jaar_van_plaatsing", "jaar_onthulling", "datering", "onthuld",
                "jahr", "entstehungsjahr", "aufstellungsjahr", "baujahr", "datierung", "entstehung",
                "annee", "date_de_creation", "annee_de_creation", "annee_creation", "date_creation",
                "ano", "anio", "fecha", "ano_de_creacion", "anno", "anno_di_realizzazione", "anno_realizzazione", "datazione", "data",
                "vuosi", "valmistumisvuosi", "paljastusvuosi", "ajoitus", "ar", "artal", "tillkomstar", "aar", "arstal", "opstillet"],
        .description: ["description", "artwork_description", "descriptn", "details", "statement", "about",
                       "omschrijving", "beschrijving", "inhoud", "toelichting", "informatie",
                       "beschreibung", "erlauterung", "informationen",
                       "descriptif", "descripcion", "descrizione",
                       "kuvaus", "lisatiedot", "esittely", "beskrivning", "beskrivelse"],
        .material: ["material", "materials", "medium", "materiaal", "materialen", "werkstoff", "materiau", "materiaux", "materiales",
                    "materiale", "materiali", "materiaali", "materialer"],
        .type: ["type", "discipline", "classification", "website_category", "object_type", "artwork_type", "art_type", "category",
                "soort", "categorie", "objecttype", "kunstvorm", "soort_kunstwerk", "typ", "kategorie", "gattung", "objektart", "kunstform",
                "genre", "tipo", "categoria", "tipologia", "tyyppi", "laji", "luokka", "kategori", "konstform", "kunstart"],
        .address: ["address", "location", "siteaddress", "site_address", "actual_address", "street_address", "location_description",
                   "adres", "locatie", "lokatie", "lokatiebeeld", "locatiebeeld", "toponiem", "standplaats", "plaats", "straat", "locatie_omschrijving",
                   "adresse", "standort", "ort", "lage", "strasse", "lieu", "emplacement", "localisation",
                   "direccion", "ubicacion", "lugar", "emplazamiento", "indirizzo", "ubicazione", "luogo", "collocazione",
                   "osoite", "sijainti", "paikka", "adress", "plats", "placering", "sted"],
        .building: ["building", "gebouw", "gebaude", "batiment", "edificio", "rakennus", "byggnad", "bygning"],
        .photo: ["photo", "photourl", "photo_url", "photo_website_url", "frontphoto", "front_photo", "image", "image_url", "imageurl",
                 "imagefile", "image_file", "jpg_url", "picture", "thumbnail",
                 "foto", "afbeelding", "foto_url", "bild", "abbildung", "imagen", "fotografia", "immagine", "kuva", "valokuva", "billede"],
        .webPage: ["web_page", "webpage", "website", "url", "link", "more_info",
                   "meer_info", "meer_informatie", "webseite", "site_web", "lien", "enlace", "sitio_web", "sito_web", "collegamento",
                   "verkkosivu", "linkki", "webbplats", "lank", "hjemmeside"],
    ]

    /// The chosen column of each field, as the file spells it.
    public private(set) var columns: [Field: String] = [:]
    /// The first and last name columns as the file spells them, used for the artist when no full-name column is
    /// chosen or a record's artist is empty.
    public private(set) var nameParts: (first: String, last: String)?
    /// Why each field's column was chosen, and what came second: what `--dry-run` shows.
    public private(set) var choices: [Field: Choice] = [:]

    /// The column of a choice that chose none, saying why.
    static let noColumn = "(none)"

    /// One field's choice as a person would explain it.
    public struct Choice: Sendable, Equatable {
        /// The column (or `First + Last`).
        public var column: String
        public var reason: String
        /// The next best column and what it holds, when there was one.
        public var runnerUp: String?
    }

    public static func == (a: PublicArtFields, b: PublicArtFields) -> Bool {
        a.columns == b.columns && a.nameParts?.first == b.nameParts?.first && a.nameParts?.last == b.nameParts?.last
    }

    /// Chooses the columns from a file's property names alone (`keys`, in the order first seen).
    public static func choose(keys: [String], overrides: [String: String] = [:]) throws -> PublicArtFields {
        try choose(profiles: keys.map { ColumnProfile(name: $0) }, overrides: overrides)
    }

    /// Chooses the columns from what a first pass found in each (`profiles`, in the order first seen) and the
    /// user's `overrides` (field name → column). An override naming an unknown field or a column the file lacks
    /// is refused, naming what there is.
    public static func choose(profiles: [ColumnProfile], overrides: [String: String] = [:]) throws -> PublicArtFields {
        var fields = FieldSurvey(profiles: profiles).choose()
        let keys = profiles.map(\.name)
        var byLowered: [String: String] = [:]
        for key in keys where byLowered[key.lowercased()] == nil { byLowered[key.lowercased()] = key }
        for (name, column) in overrides.sorted(by: { $0.key < $1.key }) {
            guard let field = Field(rawValue: name.lowercased()) else {
                throw CartographyError("--field: there is no field '\(name)' (fields: \(Field.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            guard let spelled = byLowered[column.lowercased()] else {
                let shown = keys.prefix(40).joined(separator: ", ")
                throw CartographyError("--field \(name)=\(column): the file has no property '\(column)' (it has: \(shown)\(keys.count > 40 ? ", …" : ""))")
            }
            fields.set(field, Choice(column: spelled, reason: "--field", runnerUp: fields.choices[field]?.column))
        }
        return fields
    }

    /// Records a field's choice (a choice of `First + Last` for the artist sets the name parts instead).
    mutating func set(_ field: Field, _ choice: Choice?, parts: (first: String, last: String)? = nil) {
        if let parts { nameParts = parts }
        guard let choice else { return }
        choices[field] = choice
        // No column, only the reason why none (a file-date column left out of the year).
        if choice.column == Self.noColumn { return }
        if field == .artist, parts != nil, choice.column == "\(parts?.first ?? "") + \(parts?.last ?? "")" { return }
        columns[field] = choice.column
    }

    /// One line per field: `title       ← List_Title (a title column: 4 distinct values, 24 characters on average;
    /// runner-up Title: 2 distinct values, 9 characters on average)`, `year        (none)`.
    public var summary: [String] {
        Field.allCases.map { field in
            let name = field.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)
            guard let choice = choices[field] else { return "\(name)(none)" }
            if choice.column == Self.noColumn { return "\(name)(none: \(choice.reason))" }
            var line = "\(name)← \(choice.column) (\(choice.reason)"
            if let second = choice.runnerUp { line += "; runner-up \(second)" }
            return line + ")"
        }
    }

    /// The value of `field` in a record's properties (keyed as the file spells them), trimmed; "" when absent.
    public func value(_ field: Field, in properties: [String: String]) -> String {
        Self.present(columns[field].flatMap { properties[$0] })
    }

    /// A value trimmed, "" when absent or a placeholder ("None", "NULL", "n.v.t.").
    static func present(_ value: String?) -> String {
        guard let value = value?.trimmed, !ValueShape.isPlaceholder(value) else { return "" }
        return value
    }

    /// The artwork one record stands for, every field held to `FieldLimits`. `id` is the record's id (chosen by
    /// the caller, which knows which ids were seen); the address goes into the location notes.
    public func artwork(id: String, properties: [String: String], at coordinate: Coordinate, collection: String) -> Artwork {
        let type = value(.type, in: properties)
        let title = value(.title, in: properties)
        var artist = value(.artist, in: properties)
        if artist.isEmpty, let parts = nameParts {
            artist = Self.joinedName(first: Self.present(properties[parts.first]), last: Self.present(properties[parts.last]))
        }
        var notes: [String] = []
        let description = value(.description, in: properties)
        if !description.isEmpty { notes.append(description) }
        let year = Self.year(value(.year, in: properties))
        if let date = year.date { notes.append("Date: \(date)") }
        let material = value(.material, in: properties)
        if !material.isEmpty { notes.append("Material: \(material)") }
        var image = ""
        let photo = value(.photo, in: properties)
        if let url = URL(string: photo), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil {
            image = photo
        } else if !photo.isEmpty, !photo.contains(where: { "/\\:".contains($0) }), photo != "..", photo.utf8.count <= FieldLimits.fileName {
            // A bare file name (a campus record's picture, exported and imported back) is kept as the picture's name.
            image = photo
        } else if !photo.isEmpty {
            notes.append("Image: \(photo)")
        }
        let building = value(.building, in: properties)
        let webPage = value(.webPage, in: properties)
        return FieldLimits.bounded(Artwork(
            id: id, title: title.isEmpty ? (type.isEmpty ? "(untitled)" : "(untitled) \(type)") : title, artist: artist,
            year: year.shown, type: type, information: notes.joined(separator: "\n"),
            coordinate: coordinate, building: building.isEmpty ? nil : building,
            locationNotes: value(.address, in: properties), imageFileName: image, collection: collection,
            webPage: webPage.hasPrefix("https://") || webPage.hasPrefix("http://") ? webPage : "")).artwork
    }

    /// A year as shown and the whole date when the value is one: "1998-06-01T00:00:00.000" is shown as 1998 and
    /// kept as 1998-06-01; "1957-60", "1980s" and any other text are shown as published.
    static func year(_ text: String) -> (shown: String, date: String?) {
        guard let found = ValueShape.year(in: text), let date = found.date else { return (text, nil) }
        return (found.shown, date)
    }

    /// First and last names as one artist: "Mags; Lajos" and "Harries; Heder" pair up as "Mags Harries; Lajos
    /// Heder" when both are lists of the same length; otherwise first then last.
    static func joinedName(first: String, last: String) -> String {
        let firsts = first.split(separator: ";").map { String($0).trimmed }, lasts = last.split(separator: ";").map { String($0).trimmed }
        if firsts.count > 1, firsts.count == lasts.count {
            return zip(firsts, lasts).map { [$0, $1].filter { !$0.isEmpty }.joined(separator: " ") }.joined(separator: "; ")
        }
        return [first, last].filter { !$0.isEmpty }.joined(separator: " ")
    }
}
