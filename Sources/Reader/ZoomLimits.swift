import Geometry

/// Where the view may be at rest, and how it resists when pushed beyond.
///
/// Pan rule per screen axis, on the bounding box of the transformed content: when it is at least as large as the
/// viewport it must cover the viewport (no gap at either edge); when smaller it sits centred on where the content's
/// centre is at fit (the viewport centre for a centred spread), pushed inside the viewport if that would clip it.
/// The unrotated scale-1 view may always stay at translation 0, so "fit" is valid whatever the layout.
struct ZoomLimits: Sendable, Hashable {
    var viewport: Rect
    var content: Rect

    /// Allowed translations for the linear part of `pose`, per axis (lower ≤ upper).
    func translationRange(for pose: ZoomPose) -> (lower: Vec2, upper: Vec2) {
        let m = pose.linear
        let corners = [Vec2(content.minX, content.minY), Vec2(content.maxX, content.minY),
                       Vec2(content.minX, content.maxY), Vec2(content.maxX, content.maxY)].map(m.applyLinear)
        var b0 = corners[0], b1 = corners[0]
        for c in corners.dropFirst() {
            b0 = Vec2(Swift.min(b0.x, c.x), Swift.min(b0.y, c.y))
            b1 = Vec2(Swift.max(b1.x, c.x), Swift.max(b1.y, c.y))
        }
        let anchor = content.center
        func axis(_ lo: Double, _ hi: Double, _ v0: Double, _ v1: Double, _ fit: Double) -> (Double, Double) {
            let size = hi - lo
            if size >= v1 - v0 { return (v1 - hi, v0 - lo) }
            let centre = Swift.min(v1 - size / 2, Swift.max(v0 + size / 2, fit))
            let t = centre - (lo + hi) / 2
            return (t, t)
        }
        var (xl, xu) = axis(b0.x, b1.x, viewport.minX, viewport.maxX, anchor.x)
        var (yl, yu) = axis(b0.y, b1.y, viewport.minY, viewport.maxY, anchor.y)
        if pose.scale == 1 && normalizedAngle(pose.rotation) == 0 {
            xl = Swift.min(xl, 0); xu = Swift.max(xu, 0); yl = Swift.min(yl, 0); yu = Swift.max(yu, 0)
        }
        guard xl.isFinite, xu.isFinite, yl.isFinite, yu.isFinite else { return (.zero, .zero) }
        return (Vec2(xl, yl), Vec2(xu, yu))
    }

    /// The pose with its translation moved into the allowed range.
    func clamped(_ pose: ZoomPose) -> ZoomPose {
        let (lo, hi) = translationRange(for: pose)
        var p = pose
        p.translation = Vec2(Swift.min(hi.x, Swift.max(lo.x, pose.translation.x)),
                             Swift.min(hi.y, Swift.max(lo.y, pose.translation.y)))
        return p
    }

    /// The pose with its translation rubber-banded against the allowed range.
    func rubberBanded(_ pose: ZoomPose, config: ZoomConfig) -> ZoomPose {
        let (lo, hi) = translationRange(for: pose)
        let k = config.safeStiffness, m = overshootLimit(config: config)
        var p = pose
        p.translation = Vec2(RubberBand.clamp(pose.translation.x, lower: lo.x, upper: hi.x, stiffness: k, limit: m.x),
                             RubberBand.clamp(pose.translation.y, lower: lo.y, upper: hi.y, stiffness: k, limit: m.y))
        return p
    }

    /// The rubber band's asymptote per axis, px: also the most a glide may overshoot a limit.
    func overshootLimit(config: ZoomConfig) -> Vec2 {
        Vec2(config.safePanOvershoot * viewport.width, config.safePanOvershoot * viewport.height)
    }

    /// A displayed scale for a raw one: resisted in log space beyond [1, maxScale].
    static func rubberBandedScale(_ raw: Double, config: ZoomConfig) -> Double {
        let maxScale = config.safeMaxScale, k = config.safeStiffness
        let limit = zoomLog(1 + config.safeScaleOvershoot)
        if raw > maxScale { return maxScale * exp(RubberBand.resist(zoomLog(raw / maxScale), stiffness: k, limit: limit)) }
        if raw < 1 { return exp(-RubberBand.resist(zoomLog(1 / raw), stiffness: k, limit: limit)) }
        return raw
    }
}

extension Rect {
    /// Non-finite fields become 0, negative sizes 0 and magnitudes are capped at 1e9 px, so the limit math never
    /// sees NaN or overflows.
    var zoomSanitized: Rect {
        func f(_ v: Double) -> Double { v.isFinite ? Swift.min(1e9, Swift.max(-1e9, v)) : 0 }
        return Rect(x: f(x), y: f(y), width: Swift.max(0, f(width)), height: Swift.max(0, f(height)))
    }
}
