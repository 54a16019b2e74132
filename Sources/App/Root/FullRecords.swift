import Catalog

/// Long text on demand: the view holds every place with only what the table, the map and the pictures need
/// (`ArtworkFields.view`); an artwork's full record (description, type, notes, dates) is read from the store
/// when its detail opens, and kept while the collection is shown.
extension AppState {
    /// How many full records are kept; reading one again is a single-row read.
    static let fullRecordLimit = 256

    /// An artwork with every field once the store has been asked for it, else as the catalogue holds it.
    public func detailedArtwork(id: String) -> Artwork? {
        fullRecords[id] ?? anyArtwork(id: id)
    }

    /// True while a catalogue artwork's description and other detail fields are still to be read.
    public func awaitsFullRecord(id: String) -> Bool {
        !catalogueHoldsFullRecords && fullRecords[id] == nil && artwork(id: id) != nil
    }

    /// The read of an artwork's full record, when the catalogue lacks it.
    func fullRecordWanted(_ id: String) -> [Effect] {
        awaitsFullRecord(id: id) ? [.loadFullRecords(collection: collection, ids: [id])] : []
    }

    /// Keeps full records read from the store (those of the shown collection), at most `fullRecordLimit`.
    mutating func keepFullRecords(_ records: [Artwork]) {
        let shown = records.filter { $0.collection == collection }
        if fullRecords.count + shown.count > AppState.fullRecordLimit { fullRecords.removeAll() }
        for record in shown { fullRecords[record.id] = record }
    }
}
