import Book

/// A page turn with reduced motion: the spread shown fades out over the one it turns to; nothing curls or
/// slides. Driven by time like the curl's spring; the page changes when the fade ends.
struct CrossFade: Sendable, Equatable {
    /// Spread indices before and after.
    let from: Int
    let to: Int
    let start: Double
    let duration: Double
    private(set) var progress = 0.0

    init(from: Int, to: Int, start: Double, duration: Double) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration.isFinite ? max(0, duration) : 0
        advance(to: start)
    }

    mutating func advance(to time: Double) {
        progress = duration > 0 ? min(1, max(progress, (time - start) / duration)) : 1
    }

    var isFinished: Bool { progress >= 1 }

    /// How opaque the outgoing spread is drawn: eased (smoothstep), 1 at the start, 0 at the end.
    var outgoingOpacity: Double { 1 - progress * progress * (3 - 2 * progress) }
}

/// The outgoing spread of a cross-fade, drawn over `ReaderFrame.pages` (the incoming one) at `opacity`.
public struct FadeFrame: Sendable {
    public var pages: [PlacedPage]
    public var opacity: Double
}

extension Reader {
    /// Starts a cross-fade from the spread shown to `spread`; the caller has finished any turn first.
    mutating func startFade(to spread: Int, at time: Double) {
        fade = CrossFade(from: position.spreadIndex, to: spread, start: time, duration: config.fadeDuration)
    }

    /// The fade has ended (or is cut short by a new turn): the page changes to where it was going.
    mutating func completeFade() -> [ReaderEvent] {
        guard let f = fade else { return [] }
        fade = nil
        let before = position.page
        position.go(toSpread: f.to)
        zoom.reset(time: 0, animated: false)
        updateZoomLayout()
        return position.page != before ? [.page(position.page)] : []
    }

    /// The frame of a cross-fade in progress: the incoming spread, the outgoing one over it.
    func fadeFrame(_ f: CrossFade) -> ReaderFrame {
        let incoming = layout(f.to), outgoing = layout(f.from)
        var frame = ReaderFrame(view: zoom.affine, pages: incoming.placed, leaf: nil,
                                spineX: position.mode == .double ? incoming.spineX : nil)
        frame.fade = FadeFrame(pages: outgoing.placed, opacity: f.outgoingOpacity)
        return frame
    }
}
