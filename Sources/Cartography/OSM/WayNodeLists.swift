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
