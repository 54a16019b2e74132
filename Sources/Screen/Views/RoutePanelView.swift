import Cells
import Foundation
import App
import Cartography
import Catalog
import Geo
import TerminalTypes

/// Walking directions in the table's place: distance and time at the walking speed (the setting walk.speed, as
/// walks use: issue 50), then numbered steps with
/// street names; or, without a route along the ways, why not and the straight line's bearing and distance.
public enum RoutePanelView {
    /// Draws the route panel into `area` (the table's place).
    public static func render(_ route: RouteState, _ state: MainScene, into buffer: inout Buffer, area: Rect) {
        let focused = state.focus == .table && state.onTop
        buffer.box(area, title: (focused ? Bars.focusMark : "") + "Route to \(DisplayText.clean(route.targetName))", style: Style(focused ? .borderFocused : .border, bold: focused), ascii: state.ascii)
        let inner = area.inset(1)
        guard inner.width > 4, inner.height > 0 else { return }
        // Panels wrap: a reason and its advice are read whole, however narrow the pane; the walk's two header
        // lines never wrap (they are made to fit, the keys giving way first).
        let wrapped = lines(route, imperial: state.imperial, width: inner.width - 1, kmPerHour: kmPerHour(state.context)).flatMap { line in
            let text = DisplayText.clean(line.text)
            guard line.wraps else { return [(text: TextWidth.truncate(text, to: inner.width - 1), style: line.style)] }
            return (TextWidth.of(text) <= inner.width - 1 ? [text] : TextWidth.wrap(text, width: inner.width - 1)).map { (text: $0, style: line.style) }
        }
        for (offset, line) in wrapped.enumerated() {
            guard offset < inner.height else { break }
            buffer.write(line.text, x: inner.x + 1, y: inner.y + offset, style: line.style, maxWidth: inner.width - 1)
        }
    }

    /// The panel's text for `width` cells: a summary, then the steps from the scroll position on. `wraps` is
    /// false for the walk's header, which is fitted instead: the keys are said in full, or "Esc closes", or not.
    /// The walking speed the settings give, as walks take it (4.5 km/h unless set).
    static func kmPerHour(_ context: ViewContext) -> Double {
        context.settings.walkSpeed
    }

    static func lines(_ route: RouteState, imperial: Bool = false, width: Int = .max,
                      kmPerHour: Double = WalkingRoute.metresPerSecond * 3.6) -> [(text: String, style: Style, wraps: Bool)] {
        func distance(_ metres: Double) -> String { DistanceText.format(metres, imperial: imperial) }
        let straight = route.straight
        let crowFlies = "\(distance(straight.metres)) \(CompassPoint(bearing: straight.bearing).abbreviation) (\(Int(straight.bearing.rounded()) % 360)°) as the crow flies"
        guard let walk = route.walk else {
            return [("No walking route: \(route.failure?.message ?? "unknown")", Style(.statusError, bold: true), true),
                    ("Straight line: \(crowFlies)", Style(.normal), true),
                    ("Esc closes", Style(.muted), true)]
        }
        let total = walk.metres + walk.startGap + walk.endGap
        let minutes = max(1, Int((total / (kmPerHour / 3.6) / 60).rounded()))
        let hint = [crowFlies + " · j/k scroll, Esc closes", crowFlies + " · Esc closes"].first { TextWidth.of($0) <= width } ?? crowFlies
        var lines: [(String, Style, Bool)] = [
            ("\(distance(total)) · \(minutes) min on foot (\(kmPerHour == kmPerHour.rounded() ? String(Int(kmPerHour)) : String(format: "%.1f", kmPerHour)) km/h)", Style(.header, bold: true), false),
            (hint, Style(.muted), false),
        ]
        var steps: [String] = []
        steps += walk.steps.map { "\($0.instruction), \(distance($0.metres))" }
        steps.append("arrive at \(DisplayText.clean(route.targetName))")
        for (number, step) in steps.enumerated().dropFirst(route.scroll) {
            lines.append(("\(number + 1)".padding(toLength: 3, withPad: " ", startingAt: 0) + step, Style(.normal), true))
        }
        return lines
    }
}
