import Geometry

/// What stays put between two frames of a page turn: if this is equal for two scenes, they differ only
/// inside their `dynamicBounds`.
public struct SceneSignature: Hashable {
    let pages: [PageKey]
    let details: [PageKey]
    let leaf: LeafKey?
    let view: Affine2
    let spineX: Double?
    let background: RGBA

    struct PageKey: Hashable { let texture: UInt32; let rect: Rect }
    struct LeafKey: Hashable { let rect: Rect; let front: UInt32; let back: UInt32; let beneath: PageKey? }

    public init(_ scene: FrameScene) {
        func key(_ p: PageQuad) -> PageKey { PageKey(texture: p.texture?.id ?? 0, rect: p.rect) }
        pages = scene.pages.map(key)
        details = scene.details.map(key)
        leaf = scene.curl.map { LeafKey(rect: $0.rect, front: $0.front?.id ?? 0, back: $0.back?.id ?? 0,
                                         beneath: $0.beneath.map(key)) }
        view = scene.view
        spineX = scene.spineX
        background = scene.background
    }
}

extension FrameScene {
    /// Window pixels that the turning page can change: the part of its rect it has lifted off, the roll,
    /// the folded flap and the shadow beyond it. Nil when nothing is turning.
    public var dynamicBounds: Rect? {
        guard let curl else { return nil }
        let r = max(curl.radius, 0), n = curl.axisNormal
        let corners = [Vec2(0, 0), Vec2(curl.rect.width, 0), Vec2(curl.rect.width, curl.rect.height), Vec2(0, curl.rect.height)]
        // Lifted part (and its shadow band, which lies in the same region of the page beneath).
        var points = clipSlab(corners, curl.axisPoint, n, lower: -1, upper: .infinity)
        // The flap, mirrored back over the page.
        points += clipSlab(corners, curl.axisPoint, n, lower: pi * r, upper: .infinity).map { p in
            p - n * (2 * (p - curl.axisPoint).dot(n) - pi * r)
        }
        guard !points.isEmpty else { return nil }
        let screen = points.map { view.apply(Vec2($0.x + curl.rect.x, $0.y + curl.rect.y)) }
        let xs = screen.map(\.x), ys = screen.map(\.y)
        // A margin for antialiasing and the roll's silhouette beyond the lifted region.
        let m = 3 + r * view.uniformScale
        return Rect(x: xs.min()! - m, y: ys.min()! - m, width: xs.max()! - xs.min()! + 2 * m,
                    height: ys.max()! - ys.min()! + 2 * m)
    }
}

/// Repaints only what changed since the back buffer was last shown (EGL_EXT_buffer_age).
public struct DamageTracker {
    /// What each recent frame changed relative to the one before it (window pixels; nil = everything).
    private var changes: [Rect?] = []
    private var lastSignature: SceneSignature?
    private var lastBounds: Rect?
    private let history = 4

    public init() {}

    /// The region to repaint for `scene` into a buffer of `age` (0 = unknown), in a window of `size`.
    /// Nil means the whole window. Call once per frame, before drawing it.
    public mutating func damage(for scene: FrameScene, bufferAge age: Int, size: (width: Double, height: Double)) -> Rect? {
        let signature = SceneSignature(scene)
        let bounds = scene.dynamicBounds
        var change: Rect?
        if signature == lastSignature, let now = bounds, let before = lastBounds {
            change = now.union(before)
        } else {
            change = nil
        }
        lastSignature = signature
        lastBounds = bounds
        changes.insert(change, at: 0)
        if changes.count > history { changes.removeLast() }
        guard age > 0, age <= changes.count else { return nil }
        var total: Rect? = .zero
        for c in changes.prefix(age) {
            guard let c, let t = total else { return nil }
            total = t.union(c)
        }
        let window = Rect(x: 0, y: 0, width: size.width, height: size.height)
        guard let t = total else { return nil }
        let clipped = t.intersection(window)
        return clipped.isEmpty ? Rect(x: 0, y: 0, width: 1, height: 1) : clipped
    }

    /// Forget history (resize, context loss): the next frame repaints everything.
    public mutating func reset() {
        changes.removeAll()
        lastSignature = nil
        lastBounds = nil
    }
}
