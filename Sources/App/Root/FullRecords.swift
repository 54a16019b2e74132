import Catalog

/// Long text on demand: the view holds every place with only what the table, the map and the pictures need
/// (`ArtworkFields.view`); an artwork's full record (description, type, notes, dates) is read from the store
/// when its detail opens, and kept while the collection is shown.
extension AppState {
    /// How many full records are kept; reading one again is a single-row read.
    static let fullRecordLimit = 256

    /// An artwork with every field once the store has been asked for it, else as the catalogue holds it.
    public func detailedArtwork(_ id: ArtworkKey) -> Artwork? {
        fullRecords[id] ?? anyArtwork(id)
    }

    /// True while a catalogue artwork's description and other detail fields are still to be read.
    public func awaitsFullRecord(_ id: ArtworkKey) -> Bool {
        !catalogueHoldsFullRecords && fullRecords[id] == nil && artwork(id) != nil
    }

    /// The read of an artwork's full record, when the catalogue lacks it.
    func fullRecordWanted(_ id: ArtworkKey) -> [Effect] {
        awaitsFullRecord(id) ? [.loadFullRecords(collection: id.collection, ids: [id.id])] : []
    }

    /// The kept full records of `collection` read again, when the store changed them (a fetch's pictures put their
    /// credit and page there): an open detail shows the credit without being opened again. The old ones are shown
    /// until the new arrive.
    func fullRecordsReread(of collection: String) -> [Effect] {
        let ids = fullRecords.keys.filter { $0.collection == collection }.map(\.id).sorted()
        return ids.isEmpty ? [] : [.loadFullRecords(collection: collection, ids: ids)]
    }

    /// Keeps full records read from the store, at most `fullRecordLimit`.
    mutating func keepFullRecords(_ records: [Artwork]) {
        if fullRecords.count + records.count > AppState.fullRecordLimit { fullRecords.removeAll() }
        for record in records { fullRecords[record.key] = record }
    }
}
