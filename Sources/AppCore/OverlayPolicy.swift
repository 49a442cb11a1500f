import Geometry
import Gestures

/// The page overlay: shown by a tap in the middle of the page or a swipe up from the bottom edge, hidden by
/// another tap or after `hideAfter` ms without input. While shown, a stroke that goes down on the scrubber is the
/// scrubber's until it lifts (the recognizer's `Control.scrubber`): it points the thumb at a page and jumps
/// there on release, and can never become a swipe or a curl.
struct OverlayPolicy: Sendable {
    static let hideAfter = 4000.0
    static let fadeDuration = 250.0
    private(set) var visible = false
    /// When it last began to fade out (hidden to input at once, drawn fading for `fadeDuration`).
    private var fadeStart: Double?
    private(set) var deadline: Double?
    /// The page the thumb points at while a stroke on the scrubber drags it.
    private(set) var scrub: Int?

    /// `controls = always`: shown all the time, with the controls (neither a tap nor the time hides it).
    private(set) var pinned = false

    mutating func pin() {
        pinned = true
        visible = true
        deadline = nil
        fadeStart = nil
    }

    /// Shows the overlay, or hides it when shown. Returns whether it is visible now.
    mutating func toggle(now: Double) -> Bool {
        if pinned { return true }
        visible.toggle()
        deadline = visible ? now + Self.hideAfter : nil
        fadeStart = visible ? nil : now
        scrub = nil
        return visible
    }

    /// Input at `time` keeps it shown for another `hideAfter`.
    mutating func inputArrived(at time: Double) {
        if visible, !pinned { deadline = time + Self.hideAfter }
    }

    /// Whether the hide time has come (it hides now).
    mutating func due(now: Double) -> Bool {
        guard visible, let d = deadline, d <= now else { return false }
        // A finger held still on the thumb keeps it shown.
        if scrub != nil { deadline = now + Self.hideAfter; return false }
        visible = false
        deadline = nil
        fadeStart = now
        return true
    }

    /// How opaque it is drawn at `now`; nil when not drawn.
    func opacity(at now: Double) -> Double? {
        if visible { return 1 }
        guard let start = fadeStart, now < start + Self.fadeDuration else { return nil }
        return 1 - max(0, now - start) / Self.fadeDuration
    }

    /// A step of a stroke on the scrubber, pointing at `page`: the thumb follows it; returns the page to jump to
    /// when it lifted there.
    @discardableResult
    mutating func scrubber(_ phase: ControlStroke.Phase, page: Int) -> Int? {
        switch phase {
        case .down:
            if visible { scrub = page }
        case .move, .drag:
            if scrub != nil { scrub = page }
        case .tap, .lift:
            defer { scrub = nil }
            return scrub
        case .cancel:
            scrub = nil
        }
        return nil
    }
}

/// Where the overlay's controls lie in a window (logical px): a horizontal track near the bottom, its thumb
/// and touch band at least `targetMM` tall on the real screen, the label above it.
public struct OverlayLayout: Sendable, Equatable {
    public static let targetMM = 9.0
    /// 96 dpi, when the screen does not say its size.
    public static let fallbackPixelsPerMM = GestureConfig.fallbackPixelsPerMM
    /// The track's line, its ends the first and the last page.
    public var track: Rect
    /// Thumb side (a square, at least the touch target).
    public var thumb: Double
    /// Where a finger picks up the thumb: the track and a target's height around it.
    public var hitArea: Rect

    /// `bottomInset`: what lies below it (the controls' row in reach mode), px.
    public init(width: Double, height: Double, pixelsPerMM: Double?, bottomInset: Double = 0) {
        let target = Self.targetMM * (pixelsPerMM.flatMap { $0 > 0 ? $0 : nil } ?? Self.fallbackPixelsPerMM)
        thumb = target
        let margin = max(2 * target, width * 0.1)
        let y = height - bottomInset - 1.5 * target
        track = Rect(x: margin, y: y - 2, width: max(1, width - 2 * margin), height: 4)
        hitArea = Rect(x: margin - target / 2, y: y - 0.75 * target, width: track.width + target, height: 1.5 * target)
    }

    /// The page (1…count) at window x along the track; right-to-left books run from the right.
    public func page(atX x: Double, count: Int, rightToLeft: Bool) -> Int {
        guard count > 1 else { return 1 }
        var f = min(1, max(0, (x - track.minX) / track.width))
        if rightToLeft { f = 1 - f }
        return 1 + Int((f * Double(count - 1)).rounded())
    }

    /// The thumb's centre x for `page`.
    public func thumbX(page: Int, count: Int, rightToLeft: Bool) -> Double {
        guard count > 1 else { return track.minX }
        var f = Double(min(max(page, 1), count) - 1) / Double(count - 1)
        if rightToLeft { f = 1 - f }
        return track.minX + f * track.width
    }
}
