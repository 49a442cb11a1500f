import Geometry
import Panels

extension AppCore {
    /// Whether a takeover would take anything from the visitor: a book from the shelf is open, or the book is
    /// away from its cover, zoomed or turning (an attract lift is not a visitor's turn).
    var awayFromRest: Bool {
        if let shelf { return !shelf.visible }
        let layout = reader.position.layout
        return reader.position.spreadIndex != layout.spreadIndex(containing: reader.coverPage)
            || reader.zoom.isZoomed || reader.zoom.isAnimating || (reader.isTurning && !reader.isAttractLifting)
    }

    /// A look at the countdown at `now` (after every event, before the takeovers when timers are due).
    mutating func idleWarningDue(now: Double) -> [AppEffect] {
        idle.warningDue(away: awayFromRest, shelfShown: shelf?.visible == true, now: now)
    }

    /// The countdown's plan for a frame at `now`, if shown.
    func idleWarningPanel(at now: Double) -> IdleWarningPanel? {
        guard let c = idle.warning.countdown, let w = window else { return nil }
        let t = translator, seconds = IdleWarningPolicy.seconds(c.endsAt - now)
        let line = switch c.takeover {
        case .reset: t.format("The book closes in {seconds} s — touch anywhere to continue", ["seconds": "\(seconds)"])
        case .attract: t.format("Touch anywhere to keep reading — {seconds} s", ["seconds": "\(seconds)"])
        }
        let total = max(1, c.endsAt - c.shownAt)
        let still = reader.config.reducedMotion
        // Reduced motion: the bar steps with the number, once a second; else it shrinks smoothly and fades in.
        let left = still ? min(1, Double(seconds) * 1000 / total) : max(0, min(1, (c.endsAt - now) / total))
        let opacity = still ? 1 : max(0, min(1, (now - c.shownAt) / IdleWarningPolicy.fadeIn))
        let width = min(w.width - 32, 760.0), height = min(w.height - 32, 200.0)
        let box = Rect(x: (w.width - width) / 2, y: (w.height - height) / 2, width: width, height: height)
        return IdleWarningPanel(title: t("Still reading?"), line: line, box: box, left: left, opacity: opacity)
    }
}
