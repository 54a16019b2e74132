import Catalog
import Foundation

/// What the root only notes for the status line and the screens to read: the time, a sync's progress, the
/// location's state, errors, the terminal's pictures, a setting saved, images that failed.
extension AppState {
    /// Keeps what an action reports; none of these asks for work.
    mutating func takeStatus(_ action: Action) {
        switch action {
        case .tick(let date):
            now = date
        case .syncProgress(let text):
            sync = .running(text)
        case .pixelGraphics(let kind, let limit):
            pixelProtocol = kind
            pixelLimit = kind.drawsPixels ? limit : nil
        case .locationStatus(let text):
            locationStatus = text
        case .error(let message):
            lastError = message
        case .favouriteRefused(let message):
            lastError = message
        case .settingSaved(let key, let value):
            applySetting(key: key, value: value)
            if key == Setting.home, let home = value.flatMap(Home.init(setting:)) {
                lastMessage = "home is now \(home.label): the view and every command start there (artmap config set location.home default forgets it)"
            } else if let setting = Setting.named(key) {
                let shown = value.map { setting.isSecret ? Setting.masked($0) : $0 } ?? "default"
                lastMessage = "\(key) = \(shown)" + (setting.appliesAtOnce ? "" : " (used from the next start)")
            }
        case .notesAnswered(let line):
            lastMessage = line
        case .imagesFailed(let reasons):
            imageFailures = reasons
        default:
            break
        }
    }
}
