import CReadOSM

/// An open `.osm` or `.osm.pbf` file: the one owner of a libreadosm handle, closed on deinit.
final class OSMFile {
    private var handle: UnsafeRawPointer?
    let path: String

    init(path: String) throws {
        self.path = path
        var opened: UnsafeRawPointer?
        let rc = readosm_open(path, &opened)
        guard rc == READOSM_OK, let opened else {
            if let opened { readosm_close(opened) }
            throw CartographyError(OSMFile.message(rc), file: path)
        }
        handle = opened
    }

    deinit {
        if let handle { readosm_close(handle) }
    }

    /// Streams every node, way and relation to the callbacks in file order (nodes, then ways, then relations).
    func parse(context: UnsafeRawPointer,
               node: readosm_node_callback, way: readosm_way_callback, relation: readosm_relation_callback) -> Int32 {
        guard let handle else { return READOSM_NULL_HANDLE }
        return readosm_parse(handle, context, node, way, relation)
    }

    /// What a libreadosm result code means to someone holding the file.
    static func message(_ rc: Int32) -> String {
        switch rc {
        case READOSM_INVALID_SUFFIX: return "not an OpenStreetMap file (the name must end in .osm or .osm.pbf)"
        case READOSM_FILE_NOT_FOUND: return "cannot open the file"
        case READOSM_INSUFFICIENT_MEMORY: return "not enough memory to read it"
        case READOSM_READ_ERROR: return "read error (the file is truncated or unreadable)"
        case READOSM_XML_ERROR: return "the XML is malformed or truncated"
        case READOSM_INVALID_PBF_HEADER: return "the PBF data is damaged (invalid block header)"
        case READOSM_UNZIP_ERROR: return "the PBF data is damaged (a compressed block does not inflate)"
        case READOSM_CREATE_XML_PARSER_ERROR: return "cannot create an XML parser"
        default: return "libreadosm error \(rc)"
        }
    }
}
