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

/// The node lists of every way, kept flat (8 bytes a reference) because multipolygon relations, which
/// come last, assemble their rings from ways read earlier.
struct WayNodeLists {
    private var ids: [Int64] = []
    private var starts: [Int] = []
    private var refs: [Int64] = []
    private var sorted = true

    mutating func append(id: Int64, nodes: UnsafeBufferPointer<Int64>) {
        if let last = ids.last, id <= last { sorted = false }
        ids.append(id)
        starts.append(refs.count)
        refs.append(contentsOf: nodes)
    }

    mutating func finish() {
        guard !sorted else { return }
        starts.append(refs.count)
        let order = ids.indices.sorted { ids[$0] < ids[$1] }
        var newRefs: [Int64] = []
        newRefs.reserveCapacity(refs.count)
        var newStarts: [Int] = []
        for i in order {
            newStarts.append(newRefs.count)
            newRefs.append(contentsOf: refs[starts[i]..<starts[i + 1]])
        }
        ids = order.map { ids[$0] }
        starts = newStarts
        refs = newRefs
        sorted = true
    }

    func nodes(ofWay id: Int64) -> ArraySlice<Int64>? {
        var low = 0, high = ids.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if ids[mid] == id {
                let end = mid + 1 < starts.count && mid + 1 < ids.count ? starts[mid + 1] : refs.count
                return refs[starts[mid]..<end]
            }
            if ids[mid] < id { low = mid + 1 } else { high = mid - 1 }
        }
        return nil
    }
}
