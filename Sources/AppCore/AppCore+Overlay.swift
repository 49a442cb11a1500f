import Geometry
import Gestures

/// The page overlay as the shell draws it (window pixels).
public struct OverlayPlan: Sendable, Equatable {
    public var track: Rect
    /// The thumb's square.
    public var thumb: Rect
    /// The spread's page numbers ("12–13 of 48"), or the page the thumb points at while dragged.
    public var label: String
    /// The label's centre.
    public var labelCentre: Vec2
    /// 1 while shown, less while it fades out.
    public var opacity: Double
}

extension AppCore {
    var overlayLayout: OverlayLayout? {
        window.map { OverlayLayout(width: $0.width, height: $0.height, pixelsPerMM: pixelsPerMM) }
    }

    private var pageCount: Int { reader.position.pageCount }

    /// The page's label where the book has labels, else its number.
    private func name(of page: Int) -> String {
        page >= 1 && page <= pageLabels.count ? pageLabels[page - 1] : "\(page)"
    }

    /// The overlay's plan for a frame at `now`, if drawn.
    func overlayPlan(at now: Double) -> OverlayPlan? {
        guard let opacity = overlay.opacity(at: now), let layout = overlayLayout else { return nil }
        let t = settings.translator, rtl = settings.reader.rightToLeft
        let label: String, page: Int
        if let scrub = overlay.scrub {
            page = scrub.page
            label = t.format("Page {page} of {count}", ["page": name(of: page), "count": "\(pageCount)"])
        } else {
            let pages = reader.position.spread.pages.sorted()
            page = pages.first ?? reader.page
            let numbers = pages.count > 1 ? "\(name(of: pages[0]))–\(name(of: pages[pages.count - 1]))" : name(of: page)
            label = t.format("{pages} of {count}", ["pages": numbers, "count": "\(pageCount)"])
        }
        let x = layout.thumbX(page: page, count: pageCount, rightToLeft: rtl), s = layout.thumb
        let thumb = Rect(x: x - s / 2, y: layout.track.center.y - s / 2, width: s, height: s)
        return OverlayPlan(track: layout.track, thumb: thumb, label: label,
                           labelCentre: Vec2(layout.track.center.x, thumb.minY - s), opacity: opacity)
    }

    mutating func toggleOverlay(at time: Double) -> [AppEffect] {
        overlayChanged(shown: overlay.toggle(now: time))
    }

    /// A swipe up from the middle of the bottom edge shows the overlay; the finger stays the reader's.
    mutating func overlayEdgeSwipe(_ input: InputEvent) -> [AppEffect] {
        guard let layout = overlayLayout, let w = window,
              overlay.swipedUp(input, bottom: w.height, edge: layout.thumb / 2, distance: 2 * layout.thumb,
                               xs: w.width / 3...w.width * 2 / 3) else { return [] }
        return overlayChanged(shown: true)
    }

    private mutating func overlayChanged(shown: Bool) -> [AppEffect] {
        needsFrame = true
        return [.log(LogEvent("overlay", ["state": .string(shown ? "shown" : "hidden")]))]
    }

    /// The overlay's part of an input event: nil when the event goes on to the recognizer.
    mutating func overlayInput(_ input: InputEvent, at time: Double) -> [AppEffect]? {
        guard let layout = overlayLayout else { return nil }
        let count = pageCount, rtl = settings.reader.rightToLeft
        guard let (page, released) = overlay.input(input, at: time, layout: layout,
                                                   pageOf: { layout.page(atX: $0, count: count, rightToLeft: rtl) })
        else { return nil }
        needsFrame = true
        guard released else { return [] }
        var out = log(reader.advance(to: time))
        let from = reader.page
        out.append(.log(LogEvent("jump", ["from": .int(from), "to": .int(page)])))
        return out + log(reader.jump(toPage: page, at: time))
    }

    mutating func overlayDue(now: Double) -> [AppEffect] {
        overlay.due(now: now) ? overlayChanged(shown: false) : []
    }
}
