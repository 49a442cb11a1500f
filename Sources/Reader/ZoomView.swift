import Geometry
import Gestures

/// The reader's view transform: book space → window px. Book space is window px at fit, so the identity is
/// "not zoomed". Holds pinch-zoom-rotate, one-finger pan with rubber band and glide, double-tap toggle, keyboard
/// and wheel zoom, and the time-driven animations between them.
///
/// Units: px for positions, ms for the times callers pass (any monotonic clock, never read here; the animations
/// run in seconds inside), radians for angles
/// (positive clockwise on screen, as `GestureTransform` and `Affine2.rotation`), except the degrees that
/// `endTransform` reports. Every input may be NaN, infinite or degenerate: it is ignored or sanitised, so the view
/// stays finite and invertible.
///
/// At rest the view satisfies: scale in [1, maxScale]; rotation a multiple of 90° when `snapRotation`; the pan
/// limits of `ZoomLimits` (cover the viewport on an axis where the content's bounding box is larger, centred
/// where it is smaller); released within 8 % of 1:1, 2:1 or 4:1 with the page's own pixels (`pixelGrid`), exactly
/// there, its pixels on whole buffer pixels. During gestures the scale and pan resist past those limits (rubber band) and spring
/// back on release.
public struct ZoomView: Sendable, Equatable {
    public var config: ZoomConfig
    /// The page's own pixels under the view, where known: the view settles on 1:1 with them (and 2:1, 4:1).
    public var pixelGrid: PixelGrid?
    /// Window rect, px (sanitised).
    public private(set) var viewport: Rect = .zero
    /// Book-space bounds of what is shown (the spread's pages), px at fit (sanitised).
    public private(set) var content: Rect = .zero

    private var pose: ZoomPose = .identity
    private var motion: ZoomMotion?
    private var gesture: Gesture?
    /// The latest finite time seen, in seconds; used when a call brings a non-finite one.
    private var now: Double = 0

    private enum Gesture: Sendable, Hashable {
        case transform(begin: ZoomPose)
        case pan(begin: ZoomPose)
    }

    public init(config: ZoomConfig = ZoomConfig()) { self.config = config }

    /// Equal when they show the same: the latest time seen and where 1:1 would be are not part of the view.
    public static func == (a: ZoomView, b: ZoomView) -> Bool {
        a.config == b.config && a.viewport == b.viewport && a.content == b.content && a.pose == b.pose
            && a.motion == b.motion && a.gesture == b.gesture
    }

    private var limits: ZoomLimits { ZoomLimits(viewport: viewport, content: content) }

    /// Sets the window rect and the book-space bounds of the shown pages, and re-clamps the view (immediately at
    /// rest, by retargeting a running settle animation, or at the next update during a gesture).
    public mutating func setLayout(viewport: Rect, content: Rect) {
        self.viewport = viewport.zoomSanitized
        self.content = content.zoomSanitized
        guard gesture == nil else { return }
        switch motion {
        case nil:
            pose = limits.clamped(pose)
        case .tween(let tween):
            let target = limits.clamped(tween.to)
            if target != tween.to { startTween(to: target, anchor: self.viewport.center, at: now) }
        case .glide:
            break  // the glide springs back against the new limits when it ends
        }
    }

    // MARK: State

    /// The current view (book → window px), including rubber band and animation.
    public var affine: Affine2 { pose.affine }
    /// Current scale (× fit), as displayed.
    public var scale: Double { pose.scale }
    /// Current rotation, radians, positive clockwise; unwrapped during a gesture, in (−π, π] at rest.
    public var rotation: Double { pose.rotation }
    /// Not at the identity, or animating toward a view that is not the identity. False while animating back to fit.
    public var isZoomed: Bool {
        if case .tween(let t) = motion { return !t.to.isIdentity }
        return !pose.isIdentity
    }
    public var isAnimating: Bool { motion != nil }
    /// A two-finger transform or a pan is in progress (between begin and end/cancel).
    public var isInteracting: Bool { gesture != nil }

    /// Window px → book px; nil only if the view is not invertible (it always is in practice).
    public func toBook(_ screen: Vec2) -> Vec2? { pose.inverse(screen) }
    /// Book px → window px.
    public func toScreen(_ book: Vec2) -> Vec2 { pose.apply(book) }
    /// Book-space bounding box of the viewport (what a tile or region loader should have sharp).
    public var visibleBookRect: Rect {
        guard let inv = pose.affine.inverted else { return .zero }
        let v = viewport
        let cs = [Vec2(v.minX, v.minY), Vec2(v.maxX, v.minY), Vec2(v.minX, v.maxY), Vec2(v.maxX, v.maxY)].map(inv.apply)
        let x0 = cs.map(\.x).min()!, x1 = cs.map(\.x).max()!, y0 = cs.map(\.y).min()!, y1 = cs.map(\.y).max()!
        let r = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        return r.x.isFinite && r.y.isFinite && r.width.isFinite && r.height.isFinite ? r : .zero
    }

    // MARK: Time

    /// Takes a caller's time (ms) and returns the animations' time (s).
    @discardableResult private mutating func clock(_ time: Double) -> Double {
        if time.isFinite { now = time / 1000 }
        return now
    }

    /// Drives animations to `time` (ms). Does nothing to the view during a gesture. A finished animation
    /// leaves exactly its target and `isAnimating == false`. The result depends only on `time`, not on how many
    /// calls led there.
    public mutating func advance(to time: Double) {
        let t = clock(time)
        guard gesture == nil else { return }
        while let m = motion {
            switch m {
            case .tween(let tween):
                if tween.progress(at: t) >= 1 { pose = tween.to; motion = nil } else { pose = tween.pose(at: t) }
                return
            case .glide(let glide):
                if t < glide.end { pose = glide.pose(at: t); return }
                pose = glide.pose(at: glide.end)
                motion = nil
                // Normally already at rest within limits; a layout change during the glide may need a settle, and
                // a glide at 1:1 ends on whole pixels.
                startTween(to: resting(limits.clamped(pose)), anchor: viewport.center, at: glide.end)
            }
        }
    }

    private mutating func startTween(to target: ZoomPose, anchor: Vec2, at start: Double) {
        let target = target.isFinite ? target.normalized : .identity
        let duration = config.safeDuration
        if pose == target || duration == 0 || !pose.isFinite {
            pose = target; motion = nil
        } else {
            motion = .tween(ZoomTween(from: pose, to: target, anchor: anchor.isFinite ? anchor : viewport.center,
                                      start: start, duration: duration))
        }
    }

    /// Stops any animation where it is now and returns that pose.
    private mutating func grab(at time: Double) -> ZoomPose {
        advance(to: time)
        motion = nil
        if !pose.isFinite { pose = .identity }
        return pose
    }

    // MARK: Two fingers

    /// Starts a pinch/rotate; a running animation stops where it is at `time`.
    public mutating func beginTransform(time: Double) {
        gesture = nil
        gesture = .transform(begin: grab(at: time))
    }

    /// view = t.affine ∘ viewAtBegin, shown with the scale resisted beyond [1, maxScale] (about the fingers'
    /// current midpoint) and the pan resisted beyond its limits. Non-finite transforms are ignored. Begins
    /// implicitly if no transform is in progress.
    public mutating func updateTransform(_ t: GestureTransform) {
        if case .transform = gesture {} else { beginTransform(time: now * 1000) }
        guard case .transform(let begin) = gesture, let (raw, pivot) = rawPose(begin: begin, t) else { return }
        let s = ZoomLimits.rubberBandedScale(raw.scale, config: config)
        let shown = limits.rubberBanded(raw.scaled(by: s / raw.scale, about: pivot), config: config)
        if shown.isFinite { pose = shown }
    }

    /// Ends the pinch: applies `t`, then animates from the shown view to the settled one and returns the settled
    /// scale (× fit) and rotation in degrees, in (−180, 180] (exactly 0, 90, 180 or −90 when snapping).
    /// Settling, about the fingers' midpoint: scale clamped to [1, maxScale] (≤ fitSnapScale → 1), rotation to the
    /// nearest multiple of 90° if `snapRotation`, then the pan clamped. Scale 1 with rotation ≈ 0 → exactly fit.
    @discardableResult
    public mutating func endTransform(_ t: GestureTransform, time: Double) -> (scale: Double, rotationDegrees: Double) {
        updateTransform(t)
        var pivot = viewport.center
        if case .transform(let begin) = gesture, let (_, p) = rawPose(begin: begin, t) { pivot = p }
        gesture = nil
        let start = clock(time)
        let (target, degrees) = settled(pose, about: pivot)
        startTween(to: target, anchor: pivot, at: start)
        return (target.scale, degrees)
    }

    /// Abandons the pinch: animates back to the view at its begin (clamped).
    public mutating func cancelTransform(time: Double) {
        guard case .transform(let begin) = gesture else { return }
        gesture = nil
        startTween(to: limits.clamped(begin), anchor: viewport.center, at: clock(time))
    }

    /// The raw (un-resisted) view for `t` and the fingers' current midpoint; nil for a non-finite transform.
    private func rawPose(begin: ZoomPose, _ t: GestureTransform) -> (ZoomPose, Vec2)? {
        var g = t
        if !config.allowRotation {
            // Keep the midpoint under the fingers without turning: the midpoint moved by s·R(θ)·translation.
            let (s, c) = sinCos(g.rotation)
            g.translation = Vec2(c * g.translation.x - s * g.translation.y, s * g.translation.x + c * g.translation.y)
            g.rotation = 0
        }
        guard g.scale > 0, g.scale.isFinite, g.rotation.isFinite, g.pivot.isFinite, g.translation.isFinite,
              abs(g.rotation) < 1e6 else { return nil }
        let m = g.affine.concatenating(begin.affine)
        let raw = ZoomPose(scale: begin.scale * g.scale, rotation: begin.rotation + g.rotation,
                           translation: Vec2(m.tx, m.ty))
        let pivot = g.currentPivot
        guard raw.isFinite, pivot.isFinite else { return nil }
        return (raw, pivot)
    }

    /// The resting view nearest `p`, settling scale and rotation about screen point `focus`.
    private func settled(_ p: ZoomPose, about focus: Vec2) -> (ZoomPose, Double) {
        var s = Swift.min(config.safeMaxScale, Swift.max(1, p.scale))
        if s <= config.safeFitSnapScale { s = 1 }
        if let exact = pixelGrid?.snapped(s, above: config.safeFitSnapScale, maxScale: config.safeMaxScale) { s = exact }
        var q = p.scaled(by: s / p.scale, about: focus)
        q.scale = s
        var degrees: Double
        if config.snapRotation {
            let k = (q.rotation / (pi / 2)).rounded()
            q = q.rotated(by: k * (pi / 2) - q.rotation, about: focus)
            q.rotation = k * (pi / 2)
            degrees = [0.0, 90, 180, -90][Int(k.truncatingRemainder(dividingBy: 4)) & 3]
        } else {
            degrees = normalizedAngle(q.rotation) * 180 / pi
        }
        if s == 1 && abs(normalizedAngle(q.rotation)) <= config.safeFitSnapAngle { return (.identity, 0) }
        if degrees == -180 { degrees = 180 }
        return (resting(limits.clamped(q)), degrees)
    }

    // MARK: One finger

    /// Starts a one-finger pan; a running animation stops where it is at `time`.
    public mutating func beginPan(time: Double) {
        gesture = nil
        gesture = .pan(begin: grab(at: time))
    }

    /// `translation`: screen px since the pan began. Shown with the rubber band beyond the pan limits.
    /// Begins implicitly if no pan is in progress; a non-finite translation is ignored.
    public mutating func updatePan(translation: Vec2) {
        if case .pan = gesture {} else { beginPan(time: now * 1000) }
        guard case .pan(let begin) = gesture, translation.isFinite else { return }
        var raw = begin
        raw.translation += translation
        let shown = limits.rubberBanded(raw, config: config)
        if shown.isFinite { pose = shown }
    }

    /// Ends the pan. With `config.momentum` and a release faster than `momentumMinimumSpeed` (`velocity`: screen
    /// px/s), the view glides on from where it is shown (velocity decaying as e^(−t/τ)); at a limit a critically
    /// damped spring (`bounceRate`) lets it overshoot by at most `panOvershoot` × viewport and brings it to rest
    /// exactly on the limit. Otherwise it eases back into limits at once.
    public mutating func endPan(translation: Vec2, velocity: Vec2, time: Double) {
        updatePan(translation: translation)
        guard case .pan = gesture else { return }
        gesture = nil
        let start = clock(time)
        // A pan that took over from a pinch (one finger lifted, the other kept moving) stopped the pinch's settling
        // where it was: settle scale and rotation here too, or the view rests turned a few degrees.
        let (target, _) = settled(pose, about: viewport.center)
        if target.scale != pose.scale || target.rotation != pose.rotation {
            startTween(to: target, anchor: viewport.center, at: start)
            return
        }
        let tau = config.safeTimeConstant
        if config.momentum, velocity.isFinite, velocity.length >= config.safeMinimumSpeed, tau > 0 {
            let (lo, hi) = limits.translationRange(for: pose)
            let m = limits.overshootLimit(config: config), rate = config.safeBounceRate
            let glide = ZoomGlide(
                scale: pose.scale, rotation: pose.rotation,
                x: ZoomGlideAxis(position: pose.translation.x, velocity: velocity.x, lower: lo.x, upper: hi.x,
                                 timeConstant: tau, minimumRate: rate, maxOvershoot: m.x),
                y: ZoomGlideAxis(position: pose.translation.y, velocity: velocity.y, lower: lo.y, upper: hi.y,
                                 timeConstant: tau, minimumRate: rate, maxOvershoot: m.y),
                start: start)
            if glide.end > start { motion = .glide(glide); return }
        }
        startTween(to: resting(limits.clamped(pose)), anchor: viewport.center, at: start)
    }

    /// A view at rest within limits, on whole buffer pixels where it shows the page's pixels as whole squares.
    private func resting(_ p: ZoomPose) -> ZoomPose {
        p.aligned(to: pixelGrid, within: limits.translationRange(for: p))
    }

    // MARK: Discrete zoom

    /// Double tap: when zoomed, animates back to fit; otherwise to `doubleTapScale` (or 1:1 with the page's pixels,
    /// `doubleTapActual`, landing on whole buffer pixels) with the book point under `p` kept under `p` (then
    /// clamped). Ignored during a gesture.
    public mutating func toggleZoom(at p: Vec2, time: Double) {
        guard gesture == nil else { return }
        advance(to: time)
        let at = p.isFinite ? p : viewport.center
        if isZoomed { startTween(to: .identity, anchor: at, at: now); return }
        var s = config.safeDoubleTapScale
        if config.doubleTapActual, let grid = pixelGrid, grid.isUsable, grid.actualScale > config.safeFitSnapScale,
           grid.actualScale <= config.safeMaxScale {
            s = grid.actualScale
        }
        guard s > config.safeFitSnapScale else { startTween(to: .identity, anchor: at, at: now); return }
        let b = pose.inverse(at) ?? at
        startTween(to: resting(limits.clamped(ZoomPose(scale: s, rotation: 0, translation: at - b * s))), anchor: at, at: now)
    }

    /// Multiplies the (target) scale by `factor` about window point `p` (nil: viewport centre), clamped to
    /// [1, maxScale]; reaching ≤ fitSnapScale unrotated returns to fit. Repeated calls during the animation
    /// compound on its target. Ignored during a gesture or for a non-finite or non-positive factor.
    public mutating func zoom(by factor: Double, around p: Vec2?, time: Double, animated: Bool = true) {
        guard gesture == nil, factor.isFinite, factor > 0 else { return }
        advance(to: time)
        let centre = p.flatMap { $0.isFinite ? $0 : nil } ?? viewport.center
        var base = pose
        if case .tween(let t) = motion { base = t.to }
        let s = Swift.min(config.safeMaxScale, Swift.max(1, base.scale * factor))
        var target = base.scaled(by: s / base.scale, about: centre)
        target.scale = s
        if s <= config.safeFitSnapScale && abs(normalizedAngle(target.rotation)) <= config.safeFitSnapAngle {
            target = .identity
        }
        target = limits.clamped(target)
        if animated { startTween(to: target, anchor: centre, at: now) } else { pose = target.normalized; motion = nil }
    }

    /// Back to fit (identity), animated or at once. Ends any gesture.
    public mutating func reset(time: Double, animated: Bool = true) {
        gesture = nil
        advance(to: time)
        if animated { startTween(to: .identity, anchor: viewport.center, at: now) } else { pose = .identity; motion = nil }
    }
}
