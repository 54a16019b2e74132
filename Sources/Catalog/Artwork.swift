import Foundation
import Geo

/// One artwork (or tagged place) as the catalogue knows it, whatever shape of record it came from.
///
/// A value whose fields live in one shared box, copied only when a copy is changed: a catalogue, its buildings and
/// their ranked lists hold each artwork several times, at 8 bytes a copy. The fields only a detail shows (the
/// description, type, dates, page), a disabled flag, the notes of a record that also names its building and the
/// collection sit in a second box, `Extras`; an artwork read for a list or the view has only the collection there and
/// points at one of its collection's two shared boxes (with or without a building), so the first box holds one slot
/// for the building or the notes. 136 bytes an artwork instead of 176 (docs/DECISIONS.md, issue 19 memory).
public struct Artwork: Hashable, Sendable {
    public var id: String {
        get { fields.id }
        set { unique().id = newValue }
    }
    public var title: String {
        get { fields.title }
        set { unique().title = newValue }
    }
    public var artist: String {
        get { fields.artist }
        set { unique().artist = newValue }
    }
    /// Free text as published: "", "1964", "1971-1973", "1980s", "Unveiled 1927".
    public var year: String {
        get { fields.year }
        set { unique().year = newValue }
    }
    public var type: String {
        get { fields.extras.values.type }
        set { changeExtras { $0.type = newValue } }
    }
    /// The description.
    public var information: String {
        get { fields.extras.values.information }
        set { changeExtras { $0.information = newValue } }
    }
    public var coordinate: Coordinate {
        get { fields.coordinate }
        set { unique().coordinate = newValue }
    }
    /// The building (the service's `location`); nil when the record had none.
    public var building: String? {
        get { fields.extras.values.hasBuilding ? fields.place : nil }
        set {
            let notes = locationNotes
            let box = unique()
            box.place = newValue ?? notes
            box.extras = Extras.with(box.extras.values) {
                $0.hasBuilding = newValue != nil
                $0.locationNotes = newValue != nil ? notes : ""
            }
        }
    }
    public var locationNotes: String {
        get { fields.extras.values.hasBuilding ? fields.extras.values.locationNotes : fields.place }
        set {
            if fields.extras.values.hasBuilding {
                changeExtras { $0.locationNotes = newValue }
            } else {
                unique().place = newValue
            }
        }
    }
    public var imageFileName: String {
        get { fields.imageFileName }
        set { unique().imageFileName = newValue }
    }
    public var thumbnail: String {
        get { fields.extras.values.thumbnail }
        set { changeExtras { $0.thumbnail = newValue } }
    }
    /// "YYYY-MM-DD HH:MM:SS" as the service writes it.
    public var lastModified: String {
        get { fields.extras.values.lastModified }
        set { changeExtras { $0.lastModified = newValue } }
    }
    public var enabled: Bool {
        get { !fields.extras.values.disabled }
        set { changeExtras { $0.disabled = !newValue } }
    }
    /// The collection it belongs to ("campus" for the campus artworks).
    public var collection: String {
        get { fields.extras.values.collection }
        set { changeExtras { $0.collection = newValue } }
    }
    /// The artwork's page on the web (a painting's page at the museum), or "".
    public var webPage: String {
        get { fields.extras.values.webPage }
        set { changeExtras { $0.webPage = newValue } }
    }

    /// The artwork's names by language (OpenStreetMap's `name:xx`, Wikidata's labels), encoded as `NameVariants` do.
    public var names: String {
        get { fields.extras.values.names }
        set { changeExtras { $0.names = newValue } }
    }
    /// The name as its source gives it (OSM's `name`), which exports keep: the title unless the title was read in the
    /// reader's language.
    public var name: String {
        get { fields.extras.values.sourceName ?? title }
        set {
            let source = newValue == title ? nil : newValue
            changeExtras { $0.sourceName = source }
        }
    }
    /// The Wikidata item this artwork is (an OSM `wikidata=` tag, a merged item, or a Wikidata-only artwork's own), or "".
    public var wikidata: String {
        get { fields.extras.values.wikidata }
        set { changeExtras { $0.wikidata = newValue } }
    }
    /// How a Wikidata item was merged into this artwork and which fields it filled (`Conflation.Merge.encoded`), or "".
    public var merged: String {
        get { fields.extras.values.merged }
        set { changeExtras { $0.merged = newValue } }
    }

    /// The artwork as the store keeps it: titled with the source's name (a title read in the reader's language undone).
    public var asStored: Artwork {
        guard let source = fields.extras.values.sourceName else { return self }
        var copy = self
        copy.title = source
        copy.changeExtras { $0.sourceName = nil }
        return copy
    }

    /// The title in the first of `languages` that `names` holds (the source's name kept as `name`), or as it was.
    public func titled(in languages: [String]) -> Artwork {
        guard !languages.isEmpty, !names.isEmpty, let chosen = NameVariants(encoded: names).preferred(languages), chosen != title else { return self }
        var copy = self
        let original = name
        copy.title = chosen
        copy.name = original
        return copy
    }

    private var fields: Fields

    public init(id: String, title: String, artist: String = "", year: String = "", type: String = "",
                information: String = "", coordinate: Coordinate, building: String? = nil,
                locationNotes: String = "", imageFileName: String = "", thumbnail: String = "",
                lastModified: String = "", enabled: Bool = true, collection: String = Artwork.defaultCollection, webPage: String = "") {
        let extras = ExtraValues(type: type, information: information, thumbnail: thumbnail, lastModified: lastModified,
                                 webPage: webPage, disabled: !enabled, hasBuilding: building != nil,
                                 locationNotes: building != nil ? locationNotes : "", collection: collection)
        fields = Fields(id: id, title: title, artist: artist, year: year, coordinate: coordinate, place: building ?? locationNotes,
                        imageFileName: imageFileName, extras: Extras.with(extras))
    }

    /// The collection the embedded campus catalogue and the campus service fill.
    public static let defaultCollection = CollectionID.campus.name

    /// The date part of `lastModified`, used as the service's `lastUpdate`.
    public var lastModifiedDate: String { String(lastModified.prefix(10)) }

    public static func == (a: Artwork, b: Artwork) -> Bool {
        if a.fields === b.fields { return true }
        return a.id == b.id
            && a.title == b.title
            && a.artist == b.artist
            && a.year == b.year
            && a.type == b.type
            && a.information == b.information
            && a.coordinate == b.coordinate
            && a.building == b.building
            && a.locationNotes == b.locationNotes
            && a.imageFileName == b.imageFileName
            && a.thumbnail == b.thumbnail
            && a.lastModified == b.lastModified
            && a.enabled == b.enabled
            && a.collection == b.collection
            && a.webPage == b.webPage
            && a.names == b.names
            && a.name == b.name
            && a.wikidata == b.wikidata
            && a.merged == b.merged
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(title)
        hasher.combine(artist)
        hasher.combine(year)
        hasher.combine(type)
        hasher.combine(information)
        hasher.combine(coordinate)
        hasher.combine(building)
        hasher.combine(locationNotes)
        hasher.combine(imageFileName)
        hasher.combine(thumbnail)
        hasher.combine(lastModified)
        hasher.combine(enabled)
        hasher.combine(collection)
        hasher.combine(webPage)
        hasher.combine(names)
        hasher.combine(wikidata)
    }

    /// The box to write into, copied first if another artwork shares it.
    private mutating func unique() -> Fields {
        if !isKnownUniquelyReferenced(&fields) { fields = fields.copy() }
        return fields
    }

    private mutating func changeExtras(_ change: (inout ExtraValues) -> Void) {
        let box = unique()
        box.extras = Extras.with(box.extras.values, change)
    }

    /// The fields every artwork uses. Only written through `unique()`, so a shared box is never changed: that
    /// is what makes the unchecked `Sendable` sound. 136 bytes with its header, a 144-byte block of malloc's.
    private final class Fields: @unchecked Sendable {
        var id: String
        var title: String
        var artist: String
        var year: String
        var coordinate: Coordinate
        /// The building's name when the record has one (`extras.values.hasBuilding`), else the location notes.
        var place: String
        var imageFileName: String
        var extras: Extras

        init(id: String, title: String, artist: String, year: String, coordinate: Coordinate, place: String, imageFileName: String, extras: Extras) {
            self.id = id
            self.title = title
            self.artist = artist
            self.year = year
            self.coordinate = coordinate
            self.place = place
            self.imageFileName = imageFileName
            self.extras = extras
        }

        func copy() -> Fields {
            Fields(id: id, title: title, artist: artist, year: year, coordinate: coordinate, place: place, imageFileName: imageFileName, extras: extras)
        }
    }

    /// What a list never reads, few records have, or a whole collection shares; a box of them is never changed, only
    /// replaced.
    private struct ExtraValues: Sendable {
        var type = ""
        var information = ""
        var thumbnail = ""
        var lastModified = ""
        var webPage = ""
        var disabled = false
        var hasBuilding = false
        /// The notes of a record that names its building (the place slot then holds the building).
        var locationNotes = ""
        var collection = Artwork.defaultCollection
        var names = ""
        /// The source's own name when the title is in the reader's language instead.
        var sourceName: String?
        var wikidata = ""
        var merged = ""

        /// Only the collection and whether there is a building: what the shared boxes stand for.
        var isPlain: Bool {
            type.isEmpty && information.isEmpty && thumbnail.isEmpty && lastModified.isEmpty && webPage.isEmpty && !disabled
                && locationNotes.isEmpty && names.isEmpty && sourceName == nil && wikidata.isEmpty && merged.isEmpty
        }
    }

    private final class Extras: Sendable {
        let values: ExtraValues

        init(_ values: ExtraValues) { self.values = values }

        /// A box for `values` changed by `change`: a shared one when nothing but the collection and the building is
        /// left, as for most of a list's or the view's artworks.
        static func with(_ values: ExtraValues, _ change: (inout ExtraValues) -> Void = { _ in }) -> Extras {
            var values = values
            change(&values)
            guard values.isPlain else { return Extras(values) }
            return PlainExtras.shared.box(collection: values.collection, hasBuilding: values.hasBuilding)
        }
    }

    /// The shared boxes of plain artworks, a pair per collection (a store holds a handful of collections). The last
    /// pair asked for is answered first: artworks are made collection by collection.
    private final class PlainExtras: @unchecked Sendable {
        static let shared = PlainExtras()
        private let lock = NSLock()
        private var last: (collection: String, boxes: (Extras, Extras))?
        private var pairs: [String: (Extras, Extras)] = [:]

        func box(collection: String, hasBuilding: Bool) -> Extras {
            lock.lock()
            defer { lock.unlock() }
            let boxes: (Extras, Extras)
            if let last, last.collection == collection {
                boxes = last.boxes
            } else {
                boxes = pairs[collection] ?? (Extras(ExtraValues(hasBuilding: true, collection: collection)),
                                              Extras(ExtraValues(hasBuilding: false, collection: collection)))
                pairs[collection] = boxes
                last = (collection, boxes)
            }
            return hasBuilding ? boxes.0 : boxes.1
        }
    }
}
