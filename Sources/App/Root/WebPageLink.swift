import Catalog
import Foundation

/// Decides whether a web page address from museum or campus data may be handed to the system's opener
/// (`xdg-open`): only a plain `http` or `https` URL with a host. Anything else (`-h`, `file:`, `javascript:`,
/// text with spaces, newlines or escape sequences) could be read by the opener as an option or open a local file.
public enum WebPageLink {
    /// The longest address opened.
    public static let maxLength = 2048

    /// Why `text` must not be opened, or nil when it is a web address that may be.
    public static func refusal(_ text: String) -> String? {
        if text.isEmpty { return "the address is empty" }
        if text.unicodeScalars.count > maxLength {
            return "the address is longer than \(maxLength) characters"
        }
        if text.unicodeScalars.contains(where: { scalar in
            scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
                || scalar.properties.generalCategory == .format || scalar.value == 0x7F
        }) {
            return "the address contains spaces or control characters"
        }
        guard let colon = text.firstIndex(of: ":") else { return "the address has no scheme (only http and https are opened)" }
        let scheme = text[..<colon].lowercased()
        guard scheme == "http" || scheme == "https" else {
            return "only http and https addresses are opened, not \(DisplayText.clean(String(scheme.prefix(20)))):"
        }
        guard let components = URLComponents(string: text), components.scheme?.lowercased() == scheme else {
            return "the address is not a valid URL"
        }
        guard let host = components.host, !host.isEmpty else { return "the address names no host" }
        return nil
    }
}
