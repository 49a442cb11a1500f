import Book
import Geometry
import Gestures
import Reader

/// Links on the pages (a PDF's link annotations): a tap on one jumps to the page it leads to with the cross-fade,
/// as the scrubber does; Tab reaches each link of the pages on screen after the controls, its ring around it and
/// its target said ("Link to page 40"), and Enter follows it. In speech mode the first tap on a link says it
/// and the next one follows it, as on every control. Links to outside the book never reach the core.
extension AppCore {
    /// Least side of a link's tap area, mm: a footnote number is smaller than a fingertip (WCAG 2.5.8 asks 24
    /// CSS px; a fingertip is about 9 mm).
    static let linkTargetMM = 9.0

    /// The links of the pages lying flat on screen, in reading order: each with where it sits on screen (px) and
    /// where a tap reaches it (at least a fingertip). None while a page turns.
    var linksOnScreen: [(item: FocusItem, rect: Rect, target: Int, tapArea: Rect)] {
        guard !pages.links.isEmpty, shelf?.visible != true, !reader.isTurning else { return [] }
        let frame = reader.frame
        let least = Self.linkTargetMM * (screen.pixelsPerMM ?? GestureConfig.fallbackPixelsPerMM)
        var out: [(item: FocusItem, rect: Rect, target: Int, tapArea: Rect)] = []
        for placed in frame.pages.sorted(by: { $0.page < $1.page }) {
            for (index, link) in (pages.links[placed.page] ?? []).enumerated() {
                let r = placed.rect, l = link.rect
                let onScreen = Self.bounds(of: Rect(x: r.minX + l.minX * r.width, y: r.minY + l.minY * r.height,
                                                    width: l.width * r.width, height: l.height * r.height), frame.view)
                let grow = (x: max(0, least - onScreen.width) / 2, y: max(0, least - onScreen.height) / 2)
                let tap = Rect(x: onScreen.minX - grow.x, y: onScreen.minY - grow.y,
                               width: onScreen.width + 2 * grow.x, height: onScreen.height + 2 * grow.y)
                out.append((.link(page: placed.page, index: index), onScreen, link.target, tap))
            }
        }
        return out
    }

    /// The link a tap at `p` lands on: of those whose tap area holds it, the one nearest (a small link grown to a
    /// fingertip may overlap its neighbour).
    func link(at p: Vec2) -> (item: FocusItem, target: Int)? {
        let hits = linksOnScreen.filter { $0.tapArea.contains(p) }
        let nearest = hits.min { Self.distance(p, $0.rect) < Self.distance(p, $1.rect) }
        return nearest.map { ($0.item, $0.target) }
    }

    /// A tap on a link: in speech mode the first says it and the next follows it; else it follows at once. A
    /// tap where no link is any more (the page turned under the finger) does what a tap there does.
    mutating func linkTapped(at p: Vec2, time: Double) -> [AppEffect] {
        guard let (item, target) = link(at: p) else { return [] }
        if controls.speechMode, !(controls.focus.visible && controls.focus.item == item) {
            controls.focus.item = item
            controls.focus.visible = true
            let order = focusOrder
            return [.occurred(.focus(label: label(of: item), index: order.firstIndex(of: item) ?? 0, count: order.count))]
        }
        return follow(toPage: target, at: time)
    }

    /// Enter on a focused link.
    mutating func followFocusedLink(_ item: FocusItem, at time: Double) -> [AppEffect] {
        guard let target = linksOnScreen.first(where: { $0.item == item })?.target else { return [] }
        return follow(toPage: target, at: time)
    }

    /// The jump a link makes: the spread holding `page`, with the cross-fade (a link to the spread on screen does
    /// nothing).
    private mutating func follow(toPage page: Int, at time: Double) -> [AppEffect] {
        var out = log(reader.advance(to: time))
        guard !reader.position.spread.contains(page) else { return out }
        // As a browser does on a new page, the focus starts over (hidden, so the arrows turn pages again).
        if case .link = controls.focus.item { controls.resetFocus(page: reader.page) }
        out.append(.occurred(.linkFollowed(from: reader.page, to: page)))
        return out + log(reader.jump(toPage: page, at: time))
    }

    func linkLabel(toPage page: Int) -> String {
        translator.format("Link to page {page}", ["page": name(of: page)])
    }

    private static func bounds(of r: Rect, _ view: Affine2) -> Rect {
        let corners = [Vec2(r.minX, r.minY), Vec2(r.maxX, r.minY), Vec2(r.minX, r.maxY), Vec2(r.maxX, r.maxY)].map(view.apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    private static func distance(_ p: Vec2, _ r: Rect) -> Double {
        let dx = max(r.minX - p.x, 0, p.x - r.maxX), dy = max(r.minY - p.y, 0, p.y - r.maxY)
        return (dx * dx + dy * dy).squareRoot()
    }
}
