import Geometry
import Panels

/// Repaints only what changed since the back buffer was last shown (EGL_EXT_buffer_age).
public struct DamageTracker {
    /// What each recent frame changed relative to the one before it (nil = everything).
    private var changes: [DamageRegion?] = []
    private var lastSignature: SceneSignature?
    private var lastShapes: TurnShapes?
    private var lastWarning: IdleWarningPanel?
    private let history = 4
    /// Antialiasing and rounding around every shape (window pixels).
    private let margin = 3.0

    public init() {}

    /// The region to repaint for `scene` into a buffer of `age` (0 = unknown), in a window of `size`.
    /// Nil means the whole window. Call once per frame, before drawing it.
    public mutating func damage(for scene: FrameScene, bufferAge age: Int, size: (width: Double, height: Double)) -> DamageRegion? {
        let signature = SceneSignature(scene)
        let shapes = scene.turnShapes
        let warning = scene.panels.idleWarning
        var change: DamageRegion?
        if signature == lastSignature, let now = shapes, let before = lastShapes {
            var region = DamageRegion(width: size.width, height: size.height)
            for shape in now.moving + before.moving { region.add(convex: shape, margin: margin) }
            // Uncovered or covered again between the two frames: the two lifted parts' difference.
            for piece in subtract(now.lifted, convex: before.lifted) + subtract(before.lifted, convex: now.lifted) {
                region.add(convex: piece, margin: margin)
            }
            if warning != lastWarning, let box = warning?.box.scaled(scene.scale) { region.add(convex: Self.corners(box), margin: margin) }
            change = region
        } else if signature == lastSignature, shapes == nil, lastShapes == nil, warning != lastWarning,
                  let box = warning?.box.scaled(scene.scale) {
            // Only the countdown changed (its number, its bar): its box alone.
            var region = DamageRegion(width: size.width, height: size.height)
            region.add(convex: Self.corners(box), margin: margin)
            change = region
        }
        lastWarning = warning
        lastSignature = signature
        lastShapes = shapes
        changes.insert(change, at: 0)
        if changes.count > history { changes.removeLast() }
        return since(age: age, size: size)
    }

    /// What the last `age` frames changed, the current one included (nil: everything), without recording a frame:
    /// for a second buffer of another age that shows the same frame.
    public func since(age: Int, size: (width: Double, height: Double)) -> DamageRegion? {
        guard age > 0, age <= changes.count else { return nil }
        var total = DamageRegion(width: size.width, height: size.height)
        for c in changes.prefix(age) {
            guard let c, c.width == size.width, c.height == size.height else { return nil }
            total.formUnion(c)
        }
        return total
    }

    private static func corners(_ r: Rect) -> [Vec2] {
        [Vec2(r.minX, r.minY), Vec2(r.maxX, r.minY), Vec2(r.maxX, r.maxY), Vec2(r.minX, r.maxY)]
    }

    /// Forget history (resize, context loss): the next frame repaints everything.
    public mutating func reset() {
        changes.removeAll()
        lastSignature = nil
        lastShapes = nil
        lastWarning = nil
    }
}

/// Where a frame of a page turn differs from the same scene at rest (window pixels, convex polygons).
struct TurnShapes {
    /// The part of the turning page lifted off the page beneath (beyond the axis). Inside it the page
    /// beneath shows, and stays put from frame to frame except where `moving` covers it.
    var lifted: [Vec2]
    /// What moves with the turn: the roll with the shadow it casts, and the folded flap.
    var moving: [[Vec2]]
}

/// Width (book pixels) of the shadow the roll casts on the page beneath.
func rollShadowWidth(radius: Double) -> Double { 10 + 2.5 * radius }

extension FrameScene {
    var turnShapes: TurnShapes? {
        guard let curl else { return nil }
        let r = max(curl.radius, 0), n = curl.axisNormal, along = Vec2(-n.y, n.x)
        let page = [Vec2(0, 0), Vec2(curl.rect.width, 0), Vec2(curl.rect.width, curl.rect.height), Vec2(0, curl.rect.height)]
        let toWindow = view.concatenating(.translation(Vec2(curl.rect.x, curl.rect.y)))
        func window(_ p: [Vec2]) -> [Vec2] { p.map(toWindow.apply) }
        let lifted = clipSlab(page, curl.axisPoint, n, lower: -1, upper: .infinity)
        // The roll shows page points at distance d from the axis at distance r sin(d/r): within [0, r], and
        // along the axis within the extent of the part that rolls.
        let rolled = clipSlab(page, curl.axisPoint, n, lower: 0, upper: pi * r)
        var moving: [[Vec2]] = []
        if let lo = rolled.map({ ($0 - curl.axisPoint).dot(along) }).min(),
           let hi = rolled.map({ ($0 - curl.axisPoint).dot(along) }).max() {
            let o = curl.axisPoint
            moving.append(window([o + along * lo - n, o + along * hi - n, o + along * hi + n * (r + 1), o + along * lo + n * (r + 1)]))
        }
        moving.append(window(clipSlab(page, curl.axisPoint, n, lower: -1, upper: r + rollShadowWidth(radius: r) + 1)))
        // A fading leaf changes all over, its flat part too.
        if curl.isFading { moving.append(window(clipSlab(page, curl.axisPoint, n, lower: -.infinity, upper: 0))) }
        if let beneath = curl.beneath, !beneath.rect.isEmpty {
            // The shadow lies on the page beneath, which may be laid out apart from the turning page.
            let shift = Vec2(curl.rect.x - beneath.rect.x, curl.rect.y - beneath.rect.y)
            let under = [Vec2(0, 0), Vec2(beneath.rect.width, 0), Vec2(beneath.rect.width, beneath.rect.height), Vec2(0, beneath.rect.height)]
            let band = clipSlab(under, curl.axisPoint + shift, n, lower: -1, upper: r + rollShadowWidth(radius: r) + 1)
            let toBeneath = view.concatenating(.translation(Vec2(beneath.rect.x, beneath.rect.y)))
            moving.append(band.map(toBeneath.apply))
        }
        let folded = clipSlab(page, curl.axisPoint, n, lower: pi * r, upper: .infinity)
        moving.append(window(folded.map { p in p - n * (2 * (p - curl.axisPoint).dot(n) - pi * r) }))
        return TurnShapes(lifted: window(lifted), moving: moving.filter { $0.count >= 3 })
    }
}
