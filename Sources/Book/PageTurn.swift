import Geometry

// What a page turn shows. A turn moves one physical leaf; a backward turn from spread s is the forward turn
// from spread s − 1 played in reverse, so both are described by the same leaf: its front and back pages, the
// page lying under its unturned position, and the facing page under its turned position. The renderer
// draws `under` and `facing` flat and the leaf curled on top; which of them is revealed or covered follows
// from `direction`.

/// One leaf in motion between spread `from` and spread `to`; a leaf that carries the reader several spreads
/// at once (presses faster than pages decode, `TurnGate`) is drawn as one leaf from the first spread's pages to the
/// last's, the spreads between never shown.
///
/// Double mode, forward from (a, b): `front` = b, `back` = b + 1, `under` = b + 2, `facing` = a.
/// Double mode, backward from (a, b): `front` = a − 1, `back` = a, `under` = b, `facing` = a − 2.
/// Single mode, forward from n: `front` = `back` = n (`backIsMirrored`), `under` = n + 1, `facing` = nil.
/// Single mode, backward from n: `front` = `back` = n − 1, `under` = n, `facing` = nil.
/// Absent pages (beyond the book, or the blank beside the cover) are nil.
public struct PageTurn: Hashable, Sendable {
    public var direction: TurnDirection
    /// Spread index before and after the turn (they differ by 1, or more for a leaf that skips spreads).
    public var from: Int
    public var to: Int
    /// Page printed on the leaf's front: what the reader sees on it while it is unturned.
    public var front: Int
    /// Page printed on the leaf's back: what the reader sees on it once turned. In single mode it is the
    /// same page as `front`, drawn mirrored (`backIsMirrored`), like print showing through thin paper.
    public var back: Int
    public var backIsMirrored: Bool
    /// Page lying under the leaf's unturned position: revealed by a forward turn, covered by a backward one.
    public var under: Int?
    /// Page under the leaf's turned position, on the other half of a double spread (nil in single mode):
    /// covered by a forward turn, revealed by a backward one.
    public var facing: Int?
    /// Screen half where the unturned leaf lies: the right in LTR, the left in RTL. In single mode the
    /// page fills the view and this is the edge that a forward turn lifts (the right in LTR).
    public var unturnedSide: PageSide
    /// One of the two spreads is a double-page image shown alone: no single leaf carries it (its halves are one
    /// picture), so the reader cross-fades the spreads instead of curling a leaf.
    public var crossesSolo: Bool

    public init(direction: TurnDirection, from: Int, to: Int, front: Int, back: Int, backIsMirrored: Bool,
                under: Int?, facing: Int?, unturnedSide: PageSide, crossesSolo: Bool = false) {
        self.direction = direction; self.from = from; self.to = to
        self.front = front; self.back = back; self.backIsMirrored = backIsMirrored
        self.under = under; self.facing = facing; self.unturnedSide = unturnedSide; self.crossesSolo = crossesSolo
    }

    /// The page on the leaf when the turn starts, and when it ends.
    public var startFace: Int { direction == .forward ? front : back }
    public var endFace: Int { direction == .forward ? back : front }
    /// The flat page uncovered as the leaf moves away, and the one hidden as it arrives.
    public var revealed: Int? { direction == .forward ? under : facing }
    public var covered: Int? { direction == .forward ? facing : under }
}

extension SpreadLayout {
    /// The turn from spread `index` (clamped) to the next one, or nil at the last spread or in an empty book.
    public func forwardTurn(from index: Int) -> PageTurn? {
        guard canTurnForward(from: index) else { return nil }
        return leafTurn(leavingSpread: clampSpread(index), direction: .forward)
    }

    /// The turn from spread `index` (clamped) back to the previous one, or nil at the first spread.
    public func backwardTurn(from index: Int) -> PageTurn? {
        guard canTurnBackward(from: index) else { return nil }
        return leafTurn(leavingSpread: clampSpread(index) - 1, direction: .backward)
    }

    /// The turn in `direction` from spread `index`, or nil when the book ends there.
    public func turn(_ direction: TurnDirection, from index: Int) -> PageTurn? {
        direction == .forward ? forwardTurn(from: index) : backwardTurn(from: index)
    }

    /// The turn in `direction` from spread `index` that lands `spreads` spreads away, or as far as the book goes
    /// (nil when it ends there): the leaf carries the first spread's page on its front and the landing spread's on
    /// its back.
    public func turn(_ direction: TurnDirection, from index: Int, spreads: Int) -> PageTurn? {
        guard spreads > 1 else { return turn(direction, from: index) }
        let s = clampSpread(index)
        switch direction {
        case .forward:
            guard canTurnForward(from: s) else { return nil }
            return leafTurn(leavingSpread: s, to: min(spreadCount - 1, s + spreads), direction: .forward)
        case .backward:
            guard canTurnBackward(from: s) else { return nil }
            return leafTurn(leavingSpread: max(0, s - spreads), to: s, direction: .backward)
        }
    }

    /// The leaf between spread `s` and `s + 1` (both valid), moving in `direction`.
    private func leafTurn(leavingSpread s: Int, direction: TurnDirection) -> PageTurn {
        leafTurn(leavingSpread: s, to: s + 1, direction: direction)
    }

    /// The leaf between spread `s` and a later spread `t` (both valid), moving in `direction`.
    private func leafTurn(leavingSpread s: Int, to t: Int, direction: TurnDirection) -> PageTurn {
        let here = spread(at: s), next = spread(at: t)
        let side: PageSide = self.direction == .leftToRight ? .right : .left
        let (from, to) = direction == .forward ? (s, t) : (t, s)
        switch mode {
        case .single:
            // Both spreads exist, so both pages do.
            let page = here.recto ?? 1
            return PageTurn(direction: direction, from: from, to: to, front: page, back: page,
                            backIsMirrored: true, under: next.recto, facing: nil, unturnedSide: side)
        case .double:
            // Every spread but the last has a recto, and every spread after the cover a verso.
            let front = here.recto ?? 1, back = next.verso ?? next.recto ?? front + 1
            return PageTurn(direction: direction, from: from, to: to, front: front, back: back,
                            backIsMirrored: false, under: next.recto, facing: here.verso, unturnedSide: side,
                            crossesSolo: here.isSolo || next.isSolo)
        }
    }
}
