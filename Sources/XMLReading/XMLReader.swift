import CXML2
import Foundation

/// A libxml2 text reader and the bytes it reads from memory: their one owner, which frees both.
public final class XMLReader {
    public let handle: xmlTextReaderPtr
    private let buffer: UnsafeMutableBufferPointer<CChar>?

    public init(handle: xmlTextReaderPtr, owning buffer: UnsafeMutableBufferPointer<CChar>?) {
        self.handle = handle
        self.buffer = buffer
    }

    deinit {
        xmlFreeTextReader(handle)
        buffer?.deallocate()
    }

    /// The current node's name without its namespace prefix.
    public var localName: String {
        xmlTextReaderConstLocalName(handle).map { String(cString: $0) } ?? ""
    }

    /// The current text node's value.
    public var value: String {
        xmlTextReaderConstValue(handle).map { String(cString: $0) } ?? ""
    }

    /// An attribute of the current element, by name.
    /// Opens a file as a stream (never the network, no messages on stderr), or nil when it cannot be read.
    public convenience init?(path: String) {
        guard let handle = xmlReaderForFile(path, nil, artmap_xml_reader_options()) else { return nil }
        self.init(handle: handle, owning: nil)
    }

    /// The line the parser has reached, for messages.
    public var line: Int { Int(xmlTextReaderGetParserLineNumber(handle)) }

    /// libxml2's last error message on this thread, trimmed, if any.
    public static var lastError: String? {
        artmap_xml_last_error().map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    public func attribute(_ name: String) -> String? {
        guard let value = xmlTextReaderGetAttribute(handle, name) else { return nil }
        defer { artmap_xml_free(value) }
        return String(cString: value)
    }
}
