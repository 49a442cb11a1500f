import Book
import Geometry
import Gestures
import Reader

/// Turns and drags wait for the pages they show. A decoded low-resolution page would be the other way to show one
/// at once, but a page never decoded has none: the disk cache holds pages once decoded (and gives them back about as
/// fast as a thumbnail would be read), and a PNG cannot be read at a fraction of its cost.
extension AppCore {
    /// Whether `timed` goes to the reader now; else it waits (or is refused), and the effects say so.
    mutating func gate(_ timed: TimedIntent) -> (go: Bool, effects: [AppEffect]) {
        if let direction = timed.intent.turnDirection { return gateTurn(timed, direction) }
        switch timed.intent {
        case .jump, .followLink:
            return (true, clearTurns(reason: "jump"))
        case .curlBegin(let b):
            guard !turns.gate.isEmpty || !drawsDecodedPages(b, at: timed.time) else { return (true, []) }
            return (false, turns.hold(b, at: timed.time))
        case .curlMove(let p):
            guard turns.held != nil else { return (true, []) }
            turns.held?.position = p
            turns.held?.time = timed.time
            return (false, [])
        case let .curlEnd(p, velocity):
            guard let held = turns.dropHeld() else { return (true, []) }
            // Lifted before anything moved: the stroke says what it meant, as if the page had followed it.
            var probe = reader
            _ = probe.settleTurn()
            _ = probe.apply(.curlBegin(CurlBegin(direction: held.begin.direction, grab: held.begin.grab,
                                                 start: held.begin.start, position: p, source: held.begin.source)),
                            at: held.time)
            let commits = probe.apply(.curlEnd(position: p, velocity: velocity), at: timed.time).contains {
                if case .flip(.commit, _) = $0 { return true } else { return false }
            }
            var out: [AppEffect] = [.occurred(.dragLifted(turns: commits))]
            guard commits else { return (false, out + fellBack(held)) }
            let turn = TimedIntent(.flick(held.begin.direction, velocity: velocity), at: timed.time)
            let (go, effects) = gateTurn(turn, held.begin.direction, kind: .drag)
            out += effects
            if go { out += apply(turn, gated: false, as: .drag) }
            return (false, out)
        case .curlCancel:
            guard let held = turns.dropHeld() else { return (true, []) }
            return (false, [.occurred(.dragLifted(turns: false))] + fellBack(held))
        default:
            return (true, [])
        }
    }

    private mutating func gateTurn(_ timed: TimedIntent, _ direction: TurnDirection, kind: TurnKind? = nil)
        -> (go: Bool, effects: [AppEffect]) {
        let (go, effects) = turns.admit(timed, kind: kind, direction: direction, turn: reader.nextTurn(direction),
                                        resting: reader.restingPage, has: hasImage)
        // A waiting turn's pages are asked for now, not when the turns before it have run.
        return (go, go ? effects : effects + wantPages())
    }

    /// The pages the waiting turns land on, in the order they go: each from where the one before leads.
    var waitingTurnPages: [Int] {
        var probe = reader
        var pages: [Int] = []
        for waiting in turns.gate.queue {
            guard let direction = waiting.timed.intent.turnDirection else { continue }
            if let turn = probe.nextTurn(direction, spreads: waiting.spreads) { pages += TurnGate.pages(of: turn) }
            _ = probe.turn(direction, spreads: waiting.spreads, at: 0)
        }
        return pages
    }

    /// Turns whose pages have arrived (or that waited long enough) go, in order, each from where the one before
    /// leads; then a drag held for them and its pages begins.
    mutating func releaseHeldTurns(now: Double) -> [AppEffect] {
        var out: [AppEffect] = []
        release: while let first = turns.gate.queue.first, let direction = first.timed.intent.turnDirection {
            switch turns.gate.release(turn: reader.nextTurn(direction, spreads: first.spreads), resting: reader.restingPage,
                                      has: hasImage, now: now) {
            case .none:
                break release
            case .cleared(let count):
                out += turns.clearedByMove(count, now: now)
            case .go(let due) where due.spreads > 1:
                let timed = TimedIntent(due.timed.intent, at: max(now, due.timed.time))
                input.applying(timed)
                out += log(reader.turn(direction, spreads: due.spreads, at: timed.time),
                           by: due.kind ?? Self.turnKind(due.timed.intent))
                turns.gate.ran(resting: reader.restingPage)
                turns.held?.follows(turnAskedAt: due.timed.time, now: now)
            case .go(let due):
                out += apply(TimedIntent(due.timed.intent, at: max(now, due.timed.time)), gated: false, as: due.kind)
                turns.gate.ran(resting: reader.restingPage)
                turns.held?.follows(turnAskedAt: due.timed.time, now: now)
            }
        }
        turns.held?.checkedAt = now
        if let held = turns.held, turns.gate.isEmpty, now >= held.since,
           drawsDecodedPages(held.rebased, at: held.time, settled: true) || now >= held.since + TurnGate.limit {
            turns.held = nil
            out.append(.occurred(.dragBegins(waitedMS: now - held.pickedUp)))
            input.lateDrag(TimedIntent(.curlBegin(held.rebased), at: held.time), from: held.position)
            out += log(reader.beginLateDrag(held.rebased, at: now))
        }
        return out
    }

    /// The waiting turns and a held drag mean nothing after a jump, an idle reset or another book.
    mutating func clearTurns(reason: String) -> [AppEffect] {
        var out: [AppEffect] = []
        if let held = turns.dropHeld() {
            out.append(.occurred(.dragLifted(turns: false)))
            out += fellBack(held)
        }
        return out + turns.clearQueue(reason: reason)
    }

    /// A held drag that ends without turning is logged as the turn it was, begun and fallen back (what counts
    /// turns and cancels sees every drag).
    private mutating func fellBack(_ held: HeldDrag) -> [AppEffect] {
        log([.flip(.begin, held.begin.direction), .flip(.cancel, held.begin.direction)])
    }

    /// Whether a drag beginning with `begin` draws only decoded pages: the pages of its first frame (the leaf's
    /// faces, what it uncovers, the facing page), or, where the leaf is not drawn moving, the turn's. `settled`:
    /// on the reader at rest (a held drag begins so).
    private func drawsDecodedPages(_ begin: CurlBegin, at time: Double, settled: Bool = false) -> Bool {
        var probe = reader
        if settled { _ = probe.settleTurn() }
        _ = probe.apply(.curlBegin(begin), at: time)
        let frame = probe.frame
        var pages = frame.pagesShown
        if frame.leaf == nil, probe.isDragging, let turn = reader.nextTurn(begin.direction) {
            pages.formUnion(TurnGate.pages(of: turn))
        }
        return pages.allSatisfy(hasImage)
    }
}
