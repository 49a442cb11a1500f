import Book
import Curl
import Geometry
import Gestures

extension Reader {
    /// Applies an intent at the time of the event that caused it. Returns events for the log.
    public mutating func apply(_ timed: TimedIntent) -> [ReaderEvent] { apply(timed.intent, at: timed.time) }

    /// Applies one intent at `time` (ms, the input events' clock). Returns events for the log.
    public mutating func apply(_ intent: Intent, at time: Double) -> [ReaderEvent] {
        var events: [ReaderEvent] = []
        switch intent {
        case .curlBegin(let b):
            events += beginDrag(b, at: time)
        case .curlMove(let p):
            moveDrag(to: p, at: time)
        case .curlEnd(let p, let velocity):
            moveDrag(to: p, at: time)
            events += releaseDrag(velocity: velocity, at: time)
        case .curlCancel:
            events += cancelDrag(at: time)
        case .flick(let direction, _):
            events += animatedTurn(direction, at: time)
        case .turn(let direction, _):
            events += animatedTurn(direction, at: time)
        case .jump(let target):
            events += finishTurnImmediately()
            let before = position.page
            position.go(toPage: target == .first ? 1 : position.pageCount)
            zoom.reset(time: time, animated: false)
            updateZoomLayout()
            if position.page != before { events.append(.page(position.page)) }
        case .toggleZoom(let p):
            zoom.toggleZoom(at: p, time: time)
            pendingZoomEvent = true
        case .zoomBy(let factor, let around):
            zoom.zoom(by: factor, around: around, time: time)
            pendingZoomEvent = true
        case .zoomReset:
            zoom.reset(time: time, animated: true)
            pendingZoomEvent = true
        case .transformBegin:
            zoom.beginTransform(time: time)
        case .transformUpdate(let t):
            zoom.updateTransform(t)
        case .transformEnd(let t):
            _ = zoom.endTransform(t, time: time)
            pendingZoomEvent = true
        case .transformCancel:
            zoom.cancelTransform(time: time)
        case .panBegin:
            zoom.beginPan(time: time)
        case .panMove(let t):
            zoom.updatePan(translation: t)
        case .panEnd(let t, let v):
            zoom.endPan(translation: t, velocity: v, time: time)
        case .panCancel:
            zoom.endPan(translation: .zero, velocity: .zero, time: time)
        case .quit, .middleTap, .followLink, .edgeSwipeUp, .control:
            break
        }
        events += settledZoomEvent()
        return events
    }

    /// Advances animations to `time` (ms): before each frame, and before each input event at the event's time.
    public mutating func advance(to time: Double) -> [ReaderEvent] {
        var events: [ReaderEvent] = []
        zoom.advance(to: time)
        if var f = fade {
            f.advance(to: time)
            fade = f
            if f.isFinished { events += completeFade() }
        }
        if var t = turn, case .settling(var animator) = t.motion {
            animator.advance(to: time)
            t.motion = .settling(animator)
            turn = t
            if animator.isFinished { events += completeTurn() }
        }
        if let t = turn, t.isDragging, t.catchUp != nil { moveDrag(to: t.finger, at: time) }
        events += settledZoomEvent()
        return events
    }

    /// The zoom event, once the view has come to rest after a zoom gesture.
    private mutating func settledZoomEvent() -> [ReaderEvent] {
        guard pendingZoomEvent, !zoom.isAnimating, !zoom.isInteracting else { return [] }
        pendingZoomEvent = false
        return [.zoom(scale: zoom.scale, rotation: zoom.rotation * 180 / pi)]
    }

    // MARK: turns

    /// The leaf that a turn in `direction` from here moves, or a pull that cannot complete.
    func makeLeaf(_ direction: TurnDirection, spreads: Int = 1) -> Leaf? {
        let here = layout(position.spreadIndex)
        let rtl = config.rightToLeft
        let unturnedSide: PageSide = rtl ? .left : .right
        if let t = position.turn(direction, spreads: spreads) {
            // The unturned half: where the leaf's front lies in the spread it starts or ends in.
            let spreadOfFront = layout(t.direction == .forward ? t.from : t.to)
            let rect: Rect
            if position.mode == .single {
                rect = spreadOfFront.rect(of: t.front) ?? here.placed.first?.rect ?? .zero
            } else {
                rect = spreadOfFront.rect(of: t.front) ?? (unturnedSide == .right ? here.right : here.left)?.rect ?? .zero
            }
            guard !rect.isEmpty else { return nil }
            return Leaf(rect: rect, rightToLeft: rtl, turn: t, direction: direction)
        }
        // End of the book: the page on that side lifts a little and falls back. Its spine is on the other side.
        let side: PageSide = direction == .forward ? unturnedSide : unturnedSide.opposite
        let placed = position.mode == .single ? here.placed.first : (side == .left ? here.left : here.right)
        guard let placed, !placed.rect.isEmpty else { return nil }
        return Leaf(rect: placed.rect, rightToLeft: side == .left, turn: nil, direction: .forward)
    }

    private mutating func beginDrag(_ b: CurlBegin, at time: Double) -> [ReaderEvent] {
        // A touch near a settling leaf's corner catches it where it is drawn.
        if var t = turn, case .settling(let animator) = t.motion, let start = zoom.toBook(b.start) {
            let touch = t.leaf.toPage(start)
            if touch.distance(to: animator.solution.finger) < 120 {
                let drag = CurlDrag(catching: animator, touch: animator.solution.finger)
                t.motion = .dragging(drag)
                t.touchStart = touch
                t.grabOffset = animator.solution.finger - touch
                t.willComplete = false
                turn = t
                moveDrag(to: b.position, at: time)
                return [.flip(.begin, t.leaf.direction)]
            }
        }
        var events = finishTurnImmediately()
        guard let leaf = makeLeaf(b.direction), let start = zoom.toBook(b.start) else { return events }
        let touch = leaf.toPage(start)
        let grab = leaf.grabPoint(for: b.grab, at: touch)
        let from = leaf.canComplete ? leaf.startPosition(of: grab) : (grab.location(in: leaf.page) ?? touch)
        let drag = CurlDrag(page: leaf.page, grab: grab, config: config.curl, touch: from, grabbedAt: from)
        var state = TurnState(leaf: leaf, grab: grab, motion: .dragging(drag), touchStart: touch)
        state.grabOffset = from - touch
        turn = state
        events.append(.flip(.begin, b.direction))
        moveDrag(to: b.position, at: time)
        return events
    }

    /// How long a drag begun late takes to bring the page from rest to the finger when the finger does not move.
    public static let catchUpDuration = 150.0

    /// Begins a drag that waited for its pages: the page lifts from rest where the finger is now and comes to it
    /// within `catchUpDuration` ms (or sooner, as the finger travels), never catching a leaf still moving.
    public mutating func beginLateDrag(_ b: CurlBegin, at time: Double) -> [ReaderEvent] {
        var events = finishTurnImmediately()
        events += beginDrag(b, at: time)
        if var t = turn, t.isDragging, t.grabOffset != .zero {
            t.catchUp = .init(start: time, left: 1)
            turn = t
        }
        return events
    }

    private mutating func moveDrag(to screen: Vec2, at time: Double) {
        guard var t = turn, case .dragging(var drag) = t.motion, let book = zoom.toBook(screen) else { return }
        let touch = t.leaf.toPage(book)
        t.finger = screen
        // The grabbed point starts where it lies and converges onto the finger as the finger travels, so
        // nothing jumps at the grab and the corner is under the finger soon after.
        let travel = (touch - t.touchStart).length
        let settle = max(120, t.grabOffset.length * 0.5)
        var left = max(0, 1 - travel / settle)
        if let c = t.catchUp {
            let s = min(1, max(0, (time - c.start) / Self.catchUpDuration))
            left = min(left, c.left, (1 - s) * (1 - s))
            t.catchUp = left > 0 ? .init(start: c.start, left: left) : nil
            if left == 0 { t.grabOffset = .zero }
        }
        let target = touch + t.grabOffset * left
        drag.move(to: t.dragTarget(target, reach: config.rubberBandReach))
        t.motion = .dragging(drag)
        turn = t
    }

    /// `velocity` is the finger's on screen (px/s), as the stroke measured it on event times.
    private mutating func releaseDrag(velocity: Vec2, at time: Double) -> [ReaderEvent] {
        guard var t = turn, t.isDragging else { return [] }
        // Page space is book space moved; book space is the screen through the zoom's linear part.
        let origin = zoom.toBook(.zero), moved = zoom.toBook(velocity.isFinite ? velocity : .zero)
        let pageVelocity = origin.flatMap { o in moved.map { $0 - o } } ?? .zero
        let completes = t.release(velocity: pageVelocity, at: time, policy: config.release, spring: config.spring)
        turn = t
        if holdsStill(t) {
            // Nothing was drawn moving: no spring back, and a turn that completes cross-fades.
            turn = nil
            if completes, let pageTurn = t.leaf.turn { startFade(to: pageTurn.to, at: time) }
        }
        return [.flip(completes ? .commit : .cancel, t.leaf.direction)]
    }

    private mutating func cancelDrag(at time: Double) -> [ReaderEvent] {
        guard var t = turn, case .dragging(let drag) = t.motion else { return [] }
        // Falls back smoothly from where it is drawn, whatever the velocity.
        let landTurned = t.leaf.direction == .backward && t.leaf.canComplete
        t.motion = .settling(CurlAnimator(page: t.leaf.page, grab: t.grab, config: drag.config, from: drag.solution.finger,
                                          velocity: .zero, time: time, commit: landTurned, spring: config.spring))
        t.willComplete = false
        turn = holdsStill(t) ? nil : t
        return [.flip(.cancel, t.leaf.direction)]
    }

    /// A turn without a finger that lands `spreads` spreads away (as far as the book goes): presses that came
    /// faster than their pages decode, carried by one leaf (`TurnGate`).
    public mutating func turn(_ direction: TurnDirection, spreads: Int, at time: Double) -> [ReaderEvent] {
        animatedTurn(direction, spreads: spreads, at: time)
    }

    /// A turn without a finger (key, tap, flick, wheel): the leaf travels on a natural arc.
    private mutating func animatedTurn(_ direction: TurnDirection, spreads: Int = 1, at time: Double) -> [ReaderEvent] {
        var events = finishTurnImmediately()
        guard let pageTurn = position.turn(direction, spreads: spreads), let leaf = makeLeaf(direction, spreads: spreads) else {
            return events
        }
        if config.reducedMotion || pageTurn.crossesSolo {
            startFade(to: pageTurn.to, at: time)
            return events + [.flip(.begin, direction), .flip(.commit, direction)]
        }
        let grab: GrabPoint = leaf.page.spine == .left ? .br : .bl
        // A backward turn runs the reverse arc: from lying turned, lifted toward the middle, home.
        let animator = CurlAnimator.flip(page: leaf.page, grab: grab, config: config.curl, time: time, direction: direction,
                                         spring: config.spring)
        var state = TurnState(leaf: leaf, grab: grab, motion: .settling(animator), touchStart: .zero)
        state.willComplete = true
        turn = state
        events.append(.flip(.begin, direction))
        events.append(.flip(.commit, direction))
        return events
    }

    /// The spring has settled: the page changes if the turn completed.
    private mutating func completeTurn() -> [ReaderEvent] {
        guard let t = turn else { return [] }
        turn = nil
        guard t.willComplete, let pageTurn = t.leaf.turn else { return [] }
        let before = position.page
        position.complete(pageTurn)
        // A page turn resets zoom.
        zoom.reset(time: 0, animated: false)
        updateZoomLayout()
        return position.page != before ? [.page(position.page)] : []
    }

    /// The turn a key or tap would make now: from where the turn under way ends, as a new turn starts there.
    public func nextTurn(_ direction: TurnDirection, spreads: Int = 1) -> PageTurn? {
        var after = self
        _ = after.finishTurnImmediately()
        return after.position.turn(direction, spreads: spreads)
    }

    /// The page the reader rests on once the turn under way ends (a held leaf falls back).
    public var restingPage: Int {
        var after = self
        _ = after.finishTurnImmediately()
        return after.page
    }

    /// Ends the turn under way at once, as the next turn would: a drag that waited for its pages begins where the
    /// reader rests, not by catching a leaf that was moving when the finger came down.
    public mutating func settleTurn() -> [ReaderEvent] { finishTurnImmediately() }

    /// Ends any turn at once, as if its spring had settled (a new turn or a layout change interrupts it).
    @discardableResult
    mutating func finishTurnImmediately() -> [ReaderEvent] {
        if fade != nil { return completeFade() }
        guard let t = turn else { return [] }
        if t.isDragging {
            turn = nil
            return [.flip(.cancel, t.leaf.direction)]
        }
        return completeTurn()
    }
}

extension Reader {
    /// Where (window pixels) the grabbed point of a turn lies before it starts: on the page for a forward
    /// turn, where the leaf lies turned for a backward one. `recto render --drag` starts its drag there so
    /// the grabbed point ends exactly at the requested position.
    public func grabStart(_ direction: TurnDirection, grab: Grab, y: Double? = nil) -> Vec2? {
        guard let leaf = makeLeaf(direction) else { return nil }
        var point = leaf.grabPoint(for: grab, at: Vec2(0, (y ?? leaf.rect.center.y) - leaf.rect.y))
        if case .outer = point, y == nil { point = .outer(y: leaf.page.height / 2) }
        let p = leaf.canComplete ? leaf.startPosition(of: point) : (point.location(in: leaf.page) ?? .zero)
        return zoom.toScreen(Vec2(p.x + leaf.rect.x, p.y + leaf.rect.y))
    }
}

extension Reader {
    /// Nobody has touched the kiosk for a while: back to the cover, zoom reset, animated as one leaf
    /// carrying all the pages read falling back. Returns false when already at rest on the cover.
    public mutating func idleReset(at time: Double) -> (reset: Bool, events: [ReaderEvent]) {
        var events = finishTurnImmediately()
        let coverSpread = position.layout.spreadIndex(containing: coverPage)
        let atCover = position.spreadIndex == coverSpread
        if zoom.isZoomed || zoom.isAnimating { zoom.reset(time: time, animated: true) }
        guard !atCover else { return (!events.isEmpty, events) }
        // With reduced motion, from or to a double-page image (no single leaf carries it), and to a front cover
        // that is not the first page (no leaf runs that way), a cross-fade.
        if config.reducedMotion || coverSpread != 0 || position.spread.isSolo || position.layout.spread(at: 0).isSolo {
            startFade(to: coverSpread, at: time)
            return (true, events + [.flip(.begin, .backward), .flip(.commit, .backward)])
        }
        let here = position.spread, cover = position.layout.spread(at: 0)
        let single = position.mode == .single
        let side: PageSide = config.rightToLeft ? .left : .right
        let turn = PageTurn(direction: .backward, from: position.spreadIndex, to: 0,
                            front: cover.recto ?? 1, back: single ? (cover.recto ?? 1) : (here.verso ?? cover.recto ?? 1),
                            backIsMirrored: single, under: here.recto ?? here.verso, facing: single ? nil : cover.verso,
                            unturnedSide: side)
        let rect = layout(0).rect(of: turn.front) ?? layout(position.spreadIndex).placed.last?.rect ?? .zero
        guard !rect.isEmpty else {
            position.go(toPage: 1)
            updateZoomLayout()
            return (true, events + [.page(position.page)])
        }
        let leaf = Leaf(rect: rect, rightToLeft: config.rightToLeft, turn: turn, direction: .backward)
        let grab: GrabPoint = leaf.page.spine == .left ? .br : .bl
        let animator = CurlAnimator.flip(page: leaf.page, grab: grab, config: config.curl, time: time, direction: .backward,
                                         spring: config.spring)
        var state = TurnState(leaf: leaf, grab: grab, motion: .settling(animator), touchStart: .zero)
        state.willComplete = true
        self.turn = state
        events.append(.flip(.begin, .backward))
        events.append(.flip(.commit, .backward))
        return (true, events)
    }
}

extension Reader {
    /// A held page that is not drawn moving: with reduced motion, and for a turn into or out of a double-page
    /// image (no single leaf carries one). The release decides as usual and a completed turn cross-fades.
    func holdsStill(_ t: TurnState) -> Bool { config.reducedMotion || t.leaf.turn?.crossesSolo == true }
}
