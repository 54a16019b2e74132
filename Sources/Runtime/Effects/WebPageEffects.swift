import App

/// `o`: an artwork's web page opened in the browser when there is a display; otherwise the status line says so
/// and shows the address, which terminals make clickable.
struct WebPageEffects: EffectHandler {
    let browser: any WebPageOpening

    init(_ dependencies: Dependencies) { browser = dependencies.browser }

    func handles(_ effect: Effect) -> Bool {
        if case .openWebPage = effect { return true }
        return false
    }

    func perform(_ effect: Effect, _ replies: any ActionSink) {
        guard case .openWebPage(let url) = effect else { return }
        // Checked again here, the last step before another program reads it: the reducer's check is the one
        // the user sees, this one keeps any other way to this effect from passing an option or a local file.
        if let reason = WebPageLink.refusal(url) {
            replies.post(.error("not opening the web page: \(reason)"))
        } else if let reason = browser.unavailable {
            replies.post(.error("\(reason) to open the web page: its address is in the detail (Enter) · \(url)"))
        } else {
            do {
                try browser.open(url)
            } catch {
                replies.post(.error("cannot run xdg-open: its address is in the detail (Enter) · \(url)"))
            }
        }
    }
}
