import Geometry

// Where the pages of a spread go on screen. Facing pages of different sizes are scaled to a common height
// (as a bound book trims them) and the spine stays at the centre of the content area, so the spine does not
// jump when the cover (alone) is followed by a pair or when a turn reveals a page of another size.

/// A page number and where it is drawn.
public struct PlacedPage: Hashable, Sendable {
    public var page: Int
    public var rect: Rect

    public init(page: Int, rect: Rect) { self.page = page; self.rect = rect }
}

/// The screen placement of one spread.
public struct SpreadFrame: Hashable, Sendable {
    /// The page on the left half (double) or the only page (single, where `right` is nil).
    public var left: PlacedPage?
    public var right: PlacedPage?
    /// Spine position in window pixels (double mode only; present even when one half is empty).
    public var spineX: Double?
    /// The two page slots together (an empty slot takes its neighbour's size), for hit tests and the
    /// spread's shadow; `.zero` when nothing fits.
    public var bounds: Rect

    public init(left: PlacedPage?, right: PlacedPage?, spineX: Double?, bounds: Rect) {
        self.left = left; self.right = right; self.spineX = spineX; self.bounds = bounds
    }

    /// Placed pages left to right (a solo page, on both halves, once).
    public var placed: [PlacedPage] { left == right ? [left].compactMap { $0 } : [left, right].compactMap { $0 } }

    /// The placement of `page`, if shown.
    public func rect(of page: Int) -> Rect? { placed.first { $0.page == page }?.rect }
}

/// Aspect ratio assumed for a page whose size is unknown or invalid (not decoded yet): ISO paper, 1 : √2.
public let fallbackPageAspect = 0.7071067811865476

/// Screen rectangles of the pages of `spread` in a `window`, inside `margins`.
///
/// - Single mode: the page aspect-fitted and centred in the content area.
/// - Double mode: both pages at one height, meeting at the spine in the centre of the content area, as
///   large as fits; an empty half (cover, final even page) takes the other page's proportions, so the cover
///   sits exactly where the recto of the next spread will. The block is centred vertically.
///
/// `pageSize` gives the pixel size of a page; an invalid size falls back to `fallbackPageAspect`.
/// Never traps: a window smaller than its margins yields zero-sized rects at the centre.
public func layoutSpread(_ spread: Spread, in window: Size, margins: SpreadMargins = .zero,
                         pageSize: (Int) -> Size) -> SpreadFrame {
    let content = contentRect(window, margins)
    func aspect(_ page: Int) -> Double { pageSize(page).aspect ?? fallbackPageAspect }
    switch spread.mode {
    case .single:
        guard let page = spread.recto else { return SpreadFrame(left: nil, right: nil, spineX: nil, bounds: .zero) }
        let rect = content.aspectFit((width: aspect(page), height: 1))
        return SpreadFrame(left: PlacedPage(page: page, rect: rect), right: nil, spineX: nil, bounds: rect)
    case .double where spread.isSolo:
        // A double-page image across both halves, centred on the spine; it is both halves' page.
        guard let page = spread.recto else { return SpreadFrame(left: nil, right: nil, spineX: nil, bounds: .zero) }
        let placed = PlacedPage(page: page, rect: content.aspectFit((width: aspect(page), height: 1)))
        return SpreadFrame(left: placed, right: placed, spineX: nil, bounds: placed.rect)
    case .double:
        let leftPage = spread.left, rightPage = spread.right
        guard leftPage != nil || rightPage != nil else {
            return SpreadFrame(left: nil, right: nil, spineX: content.center.x, bounds: .zero)
        }
        let aL = leftPage.map(aspect) ?? rightPage.map(aspect) ?? fallbackPageAspect
        let aR = rightPage.map(aspect) ?? aL
        let gap = Swift.max(0, margins.gutter) / 2
        let spine = content.center.x
        // Each page gets half the width less half the gutter; the wider page limits the common height.
        let halfWidth = Swift.max(0, content.width / 2 - gap)
        let h = Swift.max(0, Swift.min(content.height, halfWidth / Swift.max(aL, aR)))
        let y = content.y + (content.height - h) / 2
        let leftRect = Rect(x: spine - gap - aL * h, y: y, width: aL * h, height: h)
        let rightRect = Rect(x: spine + gap, y: y, width: aR * h, height: h)
        let bounds = h > 0 ? Rect(x: leftRect.x, y: y, width: rightRect.maxX - leftRect.x, height: h) : .zero
        return SpreadFrame(left: leftPage.map { PlacedPage(page: $0, rect: leftRect) },
                           right: rightPage.map { PlacedPage(page: $0, rect: rightRect) },
                           spineX: spine, bounds: bounds)
    }
}

extension SpreadLayout {
    /// The layout for a window: `preference` resolved against the window's orientation (`auto`: double
    /// when wider than tall).
    public init(pageCount: Int, preference: SpreadPreference, window: Size,
                direction: ReadingDirection = .leftToRight) {
        self.init(pageCount: pageCount, mode: preference.resolve(width: window.width, height: window.height),
                  direction: direction)
    }

    /// `layoutSpread` for the spread at `index` (clamped).
    public func frame(ofSpread index: Int, in window: Size, margins: SpreadMargins = .zero,
                      pageSize: (Int) -> Size) -> SpreadFrame {
        layoutSpread(spread(at: index), in: window, margins: margins, pageSize: pageSize)
    }
}

/// The window less its margins, never negative, centred when the margins overlap.
private func contentRect(_ window: Size, _ m: SpreadMargins) -> Rect {
    let w = window.isValid ? window.width : 0, h = window.isValid ? window.height : 0
    let l = Swift.max(0, m.left), r = Swift.max(0, m.right), t = Swift.max(0, m.top), b = Swift.max(0, m.bottom)
    let cw = w - l - r, ch = h - t - b
    let x = cw >= 0 ? l : w / 2, y = ch >= 0 ? t : h / 2
    return Rect(x: x, y: y, width: Swift.max(0, cw), height: Swift.max(0, ch))
}
