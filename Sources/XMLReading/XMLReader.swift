import CXML2
import Foundation

/// What kind of node the reader stands on.
public enum XMLNodeKind: Equatable, Sendable {
    /// An element's start tag (or an empty element, `<a/>`).
    case elementStart
    /// Text or CDATA inside an element.
    case text
    /// An element's end tag.
    case elementEnd
    /// Anything else: comments, processing instructions, whitespace between elements.
    case other
}

/// One node of the document as the reader meets it, in document order.
public struct XMLNode: Equatable, Sendable {
    /// The node's kind.
    public let kind: XMLNodeKind
    /// The element's name without its namespace prefix ("" for text).
    public let localName: String
    /// How deep the node is (the root element is 0).
    public let depth: Int
    /// True for an empty element (`<a/>`), which has no end tag.
    public let isEmptyElement: Bool
    /// The line the node starts on (an end tag: its element's start), else the line the parser has reached.
    public let line: Int
}

/// Why a document could not be read: the line reached and libxml2's reason.
public struct XMLReadingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line the parser had reached.
    public let line: Int
    /// What libxml2 said, or "malformed XML".
    public let reason: String

    public var description: String { "line \(line): \(reason)" }
}

/// libxml2's streaming reader behind a node iterator: never the whole file in memory, never the network,
/// no messages on stderr (its generic and structured handlers are artmap's, which print nothing). The reader owns the libxml2 reader and the bytes it reads, and frees both.
public final class XMLReader {
    private let handle: xmlTextReaderPtr
    private let buffer: UnsafeMutableBufferPointer<CChar>?
    private let descriptor: Int32

    private init(handle: xmlTextReaderPtr, owning buffer: UnsafeMutableBufferPointer<CChar>?, descriptor: Int32 = -1) {
        self.handle = handle
        self.buffer = buffer
        self.descriptor = descriptor
    }

    deinit {
        xmlFreeTextReader(handle)
        buffer?.deallocate()
        if descriptor >= 0 { close(descriptor) }
    }

    /// Reads a copy of `data` (libxml2 keeps a pointer to the bytes while it reads); `name` is the document's
    /// name for libxml2. Nil when libxml2 cannot start (empty input).
    public convenience init?(data: Data, name: String) {
        artmap_xml_quiet(1)
        let copy = UnsafeMutableBufferPointer<CChar>.allocate(capacity: max(1, data.count))
        _ = copy.initialize(from: data.map { CChar(bitPattern: $0) })
        guard let handle = xmlReaderForMemory(copy.baseAddress, Int32(clamping: data.count), name, nil, artmap_xml_reader_options()) else {
            copy.deallocate()
            return nil
        }
        self.init(handle: handle, owning: copy)
    }

    /// Opens a file as a stream, or nil when it cannot be read or is not a regular file: it is opened without
    /// waiting and checked with `fstat`, so a FIFO never hangs the reader.
    public convenience init?(path: String) {
        artmap_xml_quiet(1)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
              fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) == 0,
              let handle = xmlReaderForFd(descriptor, path, nil, artmap_xml_reader_options()) else {
            close(descriptor)
            return nil
        }
        self.init(handle: handle, owning: nil, descriptor: descriptor)
    }

    /// The next node, or nil at the end of the document; throws where the document stops being XML.
    public func next() throws -> XMLNode? {
        // The handlers are the thread's: this call may run on another thread than the last.
        artmap_xml_quiet(0)
        let status = xmlTextReaderRead(handle)
        if status == 0 { return nil }
        let parserLine = Int(xmlTextReaderGetParserLineNumber(handle))
        guard status == 1 else { throw XMLReadingError(line: parserLine, reason: XMLReader.lastError ?? "malformed XML") }
        // The node's own line: the parser's is wherever it has read ahead to.
        let nodeLine = Int(artmap_xml_node_line(handle))
        let line = nodeLine > 0 ? nodeLine : parserLine
        let kind: XMLNodeKind
        switch xmlTextReaderNodeType(handle) {
        case 1: kind = .elementStart
        case 3, 4: kind = .text
        case 15: kind = .elementEnd
        default: kind = .other
        }
        return XMLNode(kind: kind, localName: xmlTextReaderConstLocalName(handle).map { String(cString: $0) } ?? "",
                       depth: Int(xmlTextReaderDepth(handle)), isEmptyElement: xmlTextReaderIsEmptyElement(handle) == 1, line: line)
    }

    /// The current text node's value.
    public var value: String {
        xmlTextReaderConstValue(handle).map { String(cString: $0) } ?? ""
    }

    /// An attribute of the current element, by name.
    public func attribute(_ name: String) -> String? {
        guard let value = xmlTextReaderGetAttribute(handle, name) else { return nil }
        defer { artmap_xml_free(value) }
        return String(cString: value)
    }

    /// libxml2's last error message on this thread, trimmed, if any; else what it sent its generic handler. Either
    /// is bytes of the document, for the caller to clean before showing.
    private static var lastError: String? {
        let structured = artmap_xml_last_error().map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) }
        if let structured, !structured.isEmpty { return structured }
        let generic = String(cString: artmap_xml_last_generic()).split(separator: "\n").first
            .map { String(decoding: $0.utf8, as: UTF8.self).trimmingCharacters(in: .whitespaces) } ?? ""
        return generic.isEmpty ? nil : generic
    }
}
