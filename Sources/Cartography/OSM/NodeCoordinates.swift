/// Every node's position, 16 bytes a node (id plus latitude and longitude in 1e-7 degrees), found by
/// binary search: ways arrive after all nodes and name them by id. Files list nodes by id, so sorting is
/// usually a no-op; an unsorted file is sorted once when the first way arrives.
struct NodeCoordinates {
    private var ids: [Int64] = []
    private var latitudes: [Int32] = []
    private var longitudes: [Int32] = []
    private var sorted = true

    var count: Int { ids.count }

    mutating func append(id: Int64, latitude: Double, longitude: Double) {
        if let last = ids.last, id <= last { sorted = false }
        ids.append(id)
        latitudes.append(Int32(clamping: Int64((latitude * 1e7).rounded())))
        longitudes.append(Int32(clamping: Int64((longitude * 1e7).rounded())))
    }

    /// Sorts by id when the file did not; later duplicates of an id are ignored by lookups.
    mutating func finish() {
        guard !sorted else { return }
        let order = ids.indices.sorted { ids[$0] < ids[$1] }
        ids = order.map { ids[$0] }
        latitudes = order.map { latitudes[$0] }
        longitudes = order.map { longitudes[$0] }
        sorted = true
    }

    func point(_ id: Int64) -> GeoPoint? {
        var low = 0, high = ids.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let value = ids[mid]
            if value == id {
                return GeoPoint(latitude: Double(latitudes[mid]) / 1e7, longitude: Double(longitudes[mid]) / 1e7)
            }
            if value < id { low = mid + 1 } else { high = mid - 1 }
        }
        return nil
    }
}
