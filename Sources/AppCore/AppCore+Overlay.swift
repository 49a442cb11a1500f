import Book
import Geometry
import Gestures
import Panels

extension AppCore {
    var overlayLayout: OverlayLayout? {
        window.map { OverlayLayout(width: $0.width, height: $0.height, pixelsPerMM: pixelsPerMM, bottomInset: overlayBottomInset) }
    }

    private var pageCount: Int { reader.position.pageCount }

    /// What stands where the page's number goes: its label where the book's is a page number ("iv", "12r"), else
    /// its place in the book. A label that is a title is said before it (`pageLabel(of:)`).
    func name(of page: Int) -> String { pageLabel(of: page).number }

    func pageLabel(of page: Int) -> PageLabel { PageLabel(page: page, labels: pageLabels) }

    /// "Page 4 of 14", or "Map of the garden, page 13 of 14" where the page's label is a title.
    func pageOfCount(_ page: Int) -> String {
        let label = pageLabel(of: page)
        guard let title = label.title else {
            return translator.format("Page {page} of {count}", ["page": label.number, "count": "\(pageCount)"])
        }
        return translator.format("{title}, page {page} of {count}", ["title": title, "page": label.number, "count": "\(pageCount)"])
    }

    /// The overlay's plan for a frame at `now`, if drawn.
    func overlayPanel(at now: Double) -> OverlayPanel? {
        guard controls.contents == nil, let opacity = controls.overlay.opacity(at: now), let layout = overlayLayout else { return nil }
        let t = translator, rtl = reader.config.rightToLeft
        let label: String, page: Int
        if let scrub = controls.overlay.scrub {
            page = scrub
            label = pageOfCount(page)
        } else {
            let pages = reader.position.spread.pages.sorted()
            page = pages.first ?? reader.page
            let numbers = pages.count > 1 ? "\(name(of: pages[0]))–\(name(of: pages[pages.count - 1]))" : name(of: page)
            let titles = pages.compactMap { pageLabel(of: $0).title }
            label = (titles.isEmpty ? t.format("{pages} of {count}", ["pages": numbers, "count": "\(pageCount)"])
                     : t.format(pages.count > 1 ? "{title}, pages {pages} of {count}" : "{title}, page {pages} of {count}",
                                ["title": titles.joined(separator: " · "), "pages": numbers, "count": "\(pageCount)"]))
                + (currentSection.map { " · " + $0 } ?? "") + zoomLabel
                + (attribution.isEmpty ? "" : " · " + attribution.joined(separator: " · "))
        }
        let x = layout.thumbX(page: page, count: pageCount, rightToLeft: rtl), s = layout.thumb
        let thumb = Rect(x: x - s / 2, y: layout.track.center.y - s / 2, width: s, height: s)
        return OverlayPanel(track: layout.track, thumb: thumb, label: label,
                           labelCentre: Vec2(layout.track.center.x, thumb.minY - s * textScale), opacity: opacity, textScale: textScale)
    }

    /// " · 100 %" while zoomed over a page whose own pixels are known: how large they are on screen (100 % at
    /// 1:1, where a scan shows exactly as scanned); empty otherwise.
    private var zoomLabel: String {
        let zoom = reader.zoom
        guard zoom.isZoomed, let grid = zoom.pixelGrid, grid.actualScale.isFinite, grid.actualScale > 0 else { return "" }
        let percent = Int((zoom.scale / grid.actualScale * 100).rounded())
        return " · " + translator.format("{percent} %", ["percent": "\(percent)"])
    }

    mutating func toggleOverlay(at time: Double) -> [AppEffect] {
        guard !controls.overlay.pinned else { return [] }
        return overlayChanged(shown: controls.overlay.toggle(now: time))
    }

    /// Where a finger's swipe up shows the overlay while it is hidden: the middle third of the bottom edge, half
    /// a target tall; it must go up two targets.
    var edgeSwipe: (zone: Rect, distance: Double)? {
        guard !controls.overlay.visible, let layout = overlayLayout, let w = window else { return nil }
        let edge = layout.thumb / 2
        return (Rect(x: w.width / 3, y: w.height - edge, width: w.width / 3, height: edge), 2 * layout.thumb)
    }

    /// The swipe up from the bottom edge went far enough: the overlay shows (the finger stays the reader's).
    mutating func edgeSwipedUp(at time: Double) -> [AppEffect] {
        guard !controls.overlay.visible else { return [] }
        return toggleOverlay(at: time)
    }

    private mutating func overlayChanged(shown: Bool) -> [AppEffect] {
        return [.occurred(.overlay(shown: shown))]
    }

    /// A stroke on the scrubber: the thumb follows it, and where it lifts the book jumps to.
    mutating func scrubberStroke(_ stroke: ControlStroke, at time: Double) -> [AppEffect] {
        guard let layout = overlayLayout else { return [] }
        let page = layout.page(atX: stroke.position.x, count: pageCount, rightToLeft: reader.config.rightToLeft)
        let jump = controls.overlay.scrubber(stroke.phase, page: page)
        guard let jump else { return [] }
        var out = log(reader.advance(to: time))
        out.append(.occurred(.jump(from: reader.page, to: jump)))
        return out + log(reader.jump(toPage: jump, at: time))
    }

    mutating func overlayDue(now: Double) -> [AppEffect] {
        controls.overlay.due(now: now) ? overlayChanged(shown: false) : []
    }
}
