import Geometry

/// Where the shelf's covers lie in a window (logical px): a grid of cover slots, each with its title below,
/// page after page to the right. One row when the window is wider than tall, two when taller; as many columns
/// as fit. Every slot is far larger than a 9 mm touch target.
public struct ShelfLayout: Sendable {
    /// Width over height of a cover slot (a cover image of other proportions is fitted into it).
    public static let slotAspect = 0.7
    public let width: Double, height: Double
    public let rows: Int, columns: Int
    /// The cover slot's size; the title sits below it in `titleHeight`.
    public let slot: (width: Double, height: Double)
    public let titleHeight: Double
    /// The titles' font size (px).
    public let titleSize: Double
    public let margin: Double
    public let count: Int
    /// The grid's top edge.
    public let top: Double

    /// `reach`: one row in the lower half of the window (a screen mounted high, a seated visitor).
    public init(width: Double, height: Double, pixelsPerMM: Double?, count: Int, reach: Bool = false) {
        let perMM = pixelsPerMM.flatMap { $0 > 0 ? $0 : nil } ?? OverlayLayout.fallbackPixelsPerMM
        self.width = width
        self.height = height
        self.count = count
        margin = max(OverlayLayout.targetMM * perMM, 0.04 * min(width, height))
        titleSize = max(16, 0.028 * min(width, height))
        titleHeight = 2.6 * titleSize + margin / 3
        rows = height > width && !reach ? 2 : 1
        let space = reach ? height / 2 : height
        let rowSpace = (space - margin * Double(rows + 1)) / Double(rows) - titleHeight
        let coverHeight = max(1, min(rowSpace, 0.6 * height, (width - 3 * margin) / 2 / Self.slotAspect))
        slot = (coverHeight * Self.slotAspect, coverHeight)
        columns = max(1, Int((width - margin) / (slot.width + margin)))
        let gridHeight = Double(rows) * (slot.height + titleHeight) + Double(rows - 1) * margin
        // In reach mode the row stands above the page dots, its titles clear of them.
        top = reach ? height - margin - gridHeight : (height - gridHeight) / 2
    }

    public var perPage: Int { rows * columns }
    /// Shelf pages (at least 1).
    public var pageCount: Int { max(1, (count + perPage - 1) / perPage) }
    /// The shelf page showing book `index` (0-based).
    public func page(of index: Int) -> Int { index / perPage }
    /// How far the shelf scrolls at most (px).
    public var maxScroll: Double { Double(pageCount - 1) * width }

    /// Book `index`'s cover slot in shelf space: page p lies p window widths to the right.
    public func slotRect(_ index: Int) -> Rect {
        let page = index / perPage, onPage = index % perPage
        let row = onPage / columns, column = onPage % columns
        // A row with fewer books is centred by its own count.
        let inRow = min(columns, max(1, min(count - page * perPage, perPage) - row * columns))
        let rowWidth = Double(inRow) * slot.width + Double(inRow - 1) * margin
        let cellHeight = slot.height + titleHeight
        let x = Double(page) * width + (width - rowWidth) / 2 + Double(column) * (slot.width + margin)
        let y = top + Double(row) * (cellHeight + margin)
        return Rect(x: x, y: y, width: slot.width, height: slot.height)
    }

    /// The title's box below a slot.
    public func titleRect(below slot: Rect) -> Rect {
        Rect(x: slot.minX - margin / 3, y: slot.maxY + margin / 6, width: slot.width + 2 * margin / 3, height: titleHeight - margin / 6)
    }

    /// A dot per shelf page, centred below the covers, the `current` one twice as large; none for one page.
    public func dots(current: Int) -> [Rect] {
        guard pageCount > 1 else { return [] }
        let d = margin / 4, step = 3 * d, y = height - margin / 2
        let x0 = width / 2 - step * Double(pageCount - 1) / 2
        return (0..<pageCount).map { p in
            let s = p == current ? 2 * d : d
            return Rect(x: x0 + Double(p) * step - s / 2, y: y - s / 2, width: s, height: s)
        }
    }

    /// A cover of `size` in its slot: fitted, standing on the slot's bottom edge, centred.
    public func coverRect(in slot: Rect, size: PixelSize?) -> Rect {
        guard let size, size.width > 0, size.height > 0 else { return slot }
        let s = min(slot.width / Double(size.width), slot.height / Double(size.height))
        let w = Double(size.width) * s, h = Double(size.height) * s
        return Rect(x: slot.minX + (slot.width - w) / 2, y: slot.maxY - h, width: w, height: h)
    }

    /// The book under window point `p` with the shelf scrolled by `scroll`: its cover slot or its title.
    public func book(at p: Vec2, scroll: Double) -> Int? {
        let q = Vec2(p.x + scroll, p.y)
        return (0..<count).first { i in
            let s = slotRect(i)
            return Rect(x: s.minX, y: s.minY, width: s.width, height: s.height + titleHeight).contains(q)
        }
    }
}
