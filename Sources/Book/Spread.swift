/// The pages shown together. In single mode only `recto` is set (the page is centred, `left`/`right`
/// then name the same page for convenience). In double mode `verso` is the even page on the
/// spine's reading-start side and `recto` the odd page after it; either may be absent (cover, last page).
public struct Spread: Hashable, Sendable {
    public var mode: SpreadMode
    public var direction: ReadingDirection
    /// The even page of a double spread (left in LTR, right in RTL); nil for the cover and in single mode.
    public var verso: Int?
    /// The odd page of a double spread, or the only page in single mode; nil for a final even page.
    public var recto: Int?
    /// Double mode: `recto` is a double-page image shown alone across both halves (no `verso`).
    public var isSolo: Bool

    public init(mode: SpreadMode, direction: ReadingDirection, verso: Int?, recto: Int?, isSolo: Bool = false) {
        self.mode = mode; self.direction = direction; self.verso = verso; self.recto = recto; self.isSolo = isSolo
    }

    /// Page numbers in reading order (0, 1 or 2 of them).
    public var pages: [Int] { [verso, recto].compactMap { $0 } }
    public var isEmpty: Bool { verso == nil && recto == nil }
    /// Whether `page` is shown in this spread.
    public func contains(_ page: Int) -> Bool { verso == page || recto == page }

    /// The page on a screen half. Single mode, and a solo spread: the one page, whatever the side.
    public func page(on side: PageSide) -> Int? {
        if mode == .single || isSolo { return recto }
        return side == versoSide ? verso : recto
    }
    public var left: Int? { page(on: .left) }
    public var right: Int? { page(on: .right) }

    /// The half holding the verso page: the left in LTR, the right in RTL.
    public var versoSide: PageSide { direction == .leftToRight ? .left : .right }
}
