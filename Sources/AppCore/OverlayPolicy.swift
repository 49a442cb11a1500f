import Geometry
import Gestures

/// The page overlay: shown by a tap in the middle of the page, hidden by another or after `hideAfter` ms
/// without input. While shown, a finger that goes down on the scrubber is the scrubber's until it lifts: the
/// recognizer never sees it, so a drag along the track cannot become a swipe or a curl. The left button
/// pressed on it is the scrubber's the same way.
struct OverlayPolicy: Sendable {
    static let hideAfter = 4000.0
    static let fadeDuration = 250.0
    private(set) var visible = false
    /// When it last began to fade out (hidden to input at once, drawn fading for `fadeDuration`).
    private var fadeStart: Double?
    private(set) var deadline: Double?
    enum Holder: Equatable { case touch(Int32), pointer }
    /// The finger or pointer dragging the thumb, and the page it points at.
    private(set) var scrub: (holder: Holder, page: Int)?
    /// Where the pointer is (its button events carry no position).
    private var pointer: Vec2?
    /// A finger that went down on the bottom edge while hidden, and where.
    private var edgeTouch: (id: Int32, y: Double)?

    /// Whether `input` completes a swipe up from the bottom edge (within `edge` px of `bottom`, between `xs`) by
    /// `distance`: the overlay shows. The finger stays the reader's (a vertical stroke turns nothing).
    mutating func swipedUp(_ input: InputEvent, bottom: Double, edge: Double, distance: Double,
                           xs: ClosedRange<Double>) -> Bool {
        switch input {
        case let .touchDown(id, p, _) where !visible && p.y >= bottom - edge && xs.contains(p.x):
            edgeTouch = (id, p.y)
        case let .touchMotion(id, p, time) where edgeTouch?.id == id:
            guard let start = edgeTouch, start.y - p.y >= distance else { return false }
            edgeTouch = nil
            return !visible && toggle(now: time)
        case let .touchUp(id, _) where edgeTouch?.id == id: edgeTouch = nil
        case .touchCancel: edgeTouch = nil
        default: break
        }
        return false
    }

    /// Shows the overlay, or hides it when shown. Returns whether it is visible now.
    mutating func toggle(now: Double) -> Bool {
        visible.toggle()
        deadline = visible ? now + Self.hideAfter : nil
        fadeStart = visible ? nil : now
        scrub = nil
        return visible
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

    /// What `input` does to the scrubber laid out as `layout`: nil when it is not the scrubber's (the reader
    /// gets it), else the page it points at and whether the finger lifted there.
    mutating func input(_ input: InputEvent, at time: Double, layout: OverlayLayout,
                        pageOf: (Double) -> Int) -> (page: Int, released: Bool)? {
        if visible { deadline = time + Self.hideAfter }
        if case .pointerMotion(let p, _) = input { pointer = p }
        switch input {
        case let .touchDown(id, p, _) where visible && scrub == nil && layout.hitArea.contains(p):
            scrub = (.touch(id), pageOf(p.x))
        case .pointerButton(PointerButton.left, true, _) where visible && scrub == nil
                                                                 && pointer.map(layout.hitArea.contains) == true:
            scrub = (.pointer, pageOf(pointer?.x ?? 0))
        case let .touchMotion(id, p, _) where scrub?.holder == .touch(id):
            scrub?.page = pageOf(p.x)
        case let .pointerMotion(p, _) where scrub?.holder == .pointer:
            scrub?.page = pageOf(p.x)
        case let .touchUp(id, _) where scrub?.holder == .touch(id):
            defer { scrub = nil }
            return scrub.map { ($0.page, true) }
        case .pointerButton(PointerButton.left, false, _) where scrub?.holder == .pointer:
            defer { scrub = nil }
            return scrub.map { ($0.page, true) }
        case .touchCancel where scrub != nil, .pointerLeave where scrub?.holder == .pointer:
            scrub = nil
            return nil
        default: return nil
        }
        return scrub.map { ($0.page, false) }
    }
}

/// Where the overlay's controls lie in a window (logical px): a horizontal track near the bottom, its thumb
/// and touch band at least `targetMM` tall on the real screen, the label above it.
public struct OverlayLayout: Sendable, Equatable {
    public static let targetMM = 9.0
    /// 96 dpi, when the screen does not say its size.
    public static let fallbackPixelsPerMM = 96 / 25.4
    /// The track's line, its ends the first and the last page.
    public var track: Rect
    /// Thumb side (a square, at least the touch target).
    public var thumb: Double
    /// Where a finger picks up the thumb: the track and a target's height around it.
    public var hitArea: Rect

    public init(width: Double, height: Double, pixelsPerMM: Double?) {
        let target = Self.targetMM * (pixelsPerMM.flatMap { $0 > 0 ? $0 : nil } ?? Self.fallbackPixelsPerMM)
        thumb = target
        let margin = max(2 * target, width * 0.1)
        let y = height - 1.5 * target
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
