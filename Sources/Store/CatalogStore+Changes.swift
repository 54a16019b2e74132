extension CatalogStore {
    /// A number that changes whenever another connection (another process, or another connection of this one)
    /// has committed to the store since this connection last asked; its own commits leave it alone. Cheap (no
    /// table is read), so a view can ask on every key and notice favourites another process removed.
    public func dataVersion() throws -> Int64 {
        try database.scalar("PRAGMA data_version")?.integer ?? 0
    }
}
