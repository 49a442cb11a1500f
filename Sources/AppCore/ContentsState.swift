import Book
import Geometry

/// The table of contents over the book (window px): a dark box with its title and one row per entry, as many as
/// fit (the box no taller than its `entries` need); the rest scroll. Pure: tested without a screen.
public struct ContentsLayout: Sendable, Equatable {
    public let box: Rect
    /// The title's band at the top of the box.
    public let header: Rect
    /// A row's height: a fingertip's target (9 mm, 44 px at least; larger with large text).
    public let row: Double
    /// How many rows show at once.
    public let visibleRows: Int

    public init(width: Double, height: Double, pixelsPerMM: Double?, large: Bool, entries: Int = .max) {
        let perMM = pixelsPerMM.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? OverlayLayout.fallbackPixelsPerMM
        let margin = max(24, 6 * perMM)
        row = max(ControlBar.minimumTarget, ControlBar.targetMM * perMM) * (large ? ControlBar.largeFactor : 1)
        let w = max(1, min(width - 2 * margin, max(480, width * 0.6)))
        let h = max(2 * row, min(height - 2 * margin, row * (1 + Double(max(1, min(entries, 10_000)))) + row / 2))
        box = Rect(x: (width - w) / 2, y: (height - h) / 2, width: w, height: h)
        header = Rect(x: box.minX, y: box.minY, width: w, height: row)
        visibleRows = max(1, Int((h - row) / row))
    }

    /// The `i`th visible row's band.
    public func rowRect(_ i: Int) -> Rect {
        Rect(x: box.minX, y: header.maxY + Double(i) * row, width: box.width, height: row)
    }

    /// The visible row under `p`, nil outside the rows.
    func visibleRow(at p: Vec2) -> Int? {
        guard box.contains(p), p.y >= header.maxY else { return nil }
        let i = Int((p.y - header.maxY) / row)
        return i < visibleRows ? i : nil
    }
}

/// What the visitor does with the panel open: which entry the keys are on, which is the first one shown, and a
/// finger or button on it.
struct ContentsState: Sendable, Equatable {
    /// The first entry shown.
    var first = 0
    /// The entry the keys rest on (Enter opens it).
    var focus = 0
    /// A press on the panel: where it went down, and `first` then; `moved` once it scrolled.
    var press: (start: Vec2, first: Int, moved: Bool)?
    /// Where the pointer is (a button press happens there).
    var pointer: Vec2?
    /// The fingers down on the screen.
    var fingers: Set<Int32> = []

    static func == (a: ContentsState, b: ContentsState) -> Bool {
        a.first == b.first && a.focus == b.focus && a.press?.start == b.press?.start && a.press?.first == b.press?.first
            && a.press?.moved == b.press?.moved && a.pointer == b.pointer && a.fingers == b.fingers
    }

    /// Opened on the section holding `page`, shown as near the middle as the list allows.
    init(entries: [ContentsEntry], page: Int, visibleRows: Int) {
        focus = BookContents.section(of: page, in: entries) ?? 0
        first = Self.clamped(focus - visibleRows / 2, count: entries.count, visibleRows: visibleRows)
    }

    static func clamped(_ first: Int, count: Int, visibleRows: Int) -> Int { max(0, min(first, count - visibleRows)) }

    /// Moves the focus by `step` entries (clamped), scrolling just enough to keep it shown.
    mutating func move(by step: Int, count: Int, visibleRows: Int) {
        focus = max(0, min(count - 1, focus + step))
        if focus < first { first = focus }
        if focus >= first + visibleRows { first = focus - visibleRows + 1 }
    }
}
