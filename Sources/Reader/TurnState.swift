import Curl
import Geometry

/// A leaf in motion: held by a finger, or settling on a spring toward turned or unturned.
struct TurnState: Sendable, Equatable {
    enum Motion: Sendable, Equatable {
        case dragging(CurlDrag)
        case settling(CurlAnimator)
    }

    var leaf: Leaf
    var grab: GrabPoint
    var motion: Motion
    /// Where the finger went down (page space), for the rubber band of a leaf that cannot complete.
    var touchStart: Vec2
    /// Grabbed point minus touch when the drag began (page space); it fades as the finger travels.
    var grabOffset: Vec2 = .zero
    /// Decided at release: the turn will complete (page changes when the spring settles).
    var willComplete = false
    /// An attract-mode lift: nobody holds it, and it never turns the page.
    var attract = false
    /// A drag that began late (its pages were not decoded when the finger came down) brings the page from rest to
    /// the finger in `catchUpDuration` ms from `start` as well as over the finger's travel, whichever is sooner;
    /// `left` is the share of the grab offset still applied (it only shrinks). nil once caught up.
    var catchUp: CatchUp?
    struct CatchUp: Sendable, Equatable { var start: Double; var left: Double }
    /// The finger's newest position on screen, to follow while catching up without input.
    var finger: Vec2 = .zero

    var solution: CurlSolution {
        switch motion {
        case .dragging(let d): return d.solution
        case .settling(let a): return a.solution
        }
    }

    var isDragging: Bool { if case .dragging = motion { return true } else { return false } }

    /// Whether the spring has come to rest.
    var isFinished: Bool {
        if case .settling(let a) = motion { return a.isFinished }
        return false
    }

    /// The target for a finger at `touch` (page space): a leaf that cannot complete follows ever less.
    func dragTarget(_ touch: Vec2, reach: Double) -> Vec2 {
        guard !leaf.canComplete else { return touch }
        let d = touch - touchStart
        let length = d.length
        guard length > 0, reach > 0 else { return touchStart }
        // Resistance: the leaf follows the finger with diminishing returns, never beyond `reach`.
        let moved = reach * (1 - 1 / (1 + length / reach))
        return touchStart + d * (moved / length)
    }

    /// Release with the finger moving at `velocity` (page space, px/s): the one place that decides commit or
    /// cancel, then starts the spring from where the leaf is drawn. Returns whether the turn completes.
    mutating func release(velocity: Vec2, at time: Double, policy: ReleasePolicy, spring: SpringConfig) -> Bool {
        guard case .dragging(let drag) = motion else { return willComplete }
        // A pull that cannot complete only stretches: it falls back from rest.
        let v = leaf.canComplete ? velocity : .zero
        let progress = drag.solution.progress
        let along = v.dot(leaf.page.flipDirection)
        let complete: Bool
        if !leaf.canComplete {
            complete = false
        } else if leaf.direction == .forward {
            complete = policy.commits(progress: progress, speedAlongFlip: along)
        } else {
            complete = policy.commits(progress: 1 - progress, speedAlongFlip: -along)
        }
        // The animator's "commit" lands the leaf turned; a backward turn completes by landing unturned.
        let landTurned = leaf.direction == .forward ? complete : !complete
        motion = .settling(CurlAnimator(page: leaf.page, grab: grab, config: drag.config, from: drag.solution.finger,
                                        velocity: v, time: time, commit: landTurned, spring: spring))
        willComplete = complete
        return complete
    }
}
