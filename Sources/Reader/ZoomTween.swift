import Geometry

/// An ease-out move from one pose to another. A book point (the anchor: the fingers' midpoint, the tap, the
/// zoom centre) travels in a straight screen line while scale changes geometrically and the angle linearly, so a
/// zoom about a point looks like one, not like a matrix blend. Ends exactly on `to`.
struct ZoomTween: Sendable, Hashable {
    var from: ZoomPose
    /// The target with its rotation normalised; what the view holds once done.
    var to: ZoomPose
    /// `to.rotation` shifted by whole turns to the nearest of `from.rotation`, so it never spins the long way.
    var toRotation: Double
    var anchorBook: Vec2
    var anchorFrom: Vec2
    var anchorTo: Vec2
    var start: Double
    var duration: Double

    init(from: ZoomPose, to: ZoomPose, anchor: Vec2, start: Double, duration: Double) {
        self.from = from
        self.to = to.normalized
        let turn = 2 * pi
        toRotation = self.to.rotation + turn * ((from.rotation - self.to.rotation) / turn).rounded()
        if !toRotation.isFinite { toRotation = self.to.rotation }
        anchorBook = from.inverse(anchor) ?? .zero
        anchorFrom = from.apply(anchorBook)
        anchorTo = self.to.apply(anchorBook)
        self.start = start
        self.duration = duration
    }

    /// Progress in [0, 1]; 1 once `duration` has elapsed (at once for a zero duration).
    func progress(at time: Double) -> Double {
        guard duration > 0 else { return 1 }
        let u = (time - start) / duration
        return u.isNaN ? 1 : Swift.min(1, Swift.max(0, u))
    }

    func pose(at time: Double) -> ZoomPose {
        let u = progress(at: time)
        if u >= 1 { return to }
        let e = 1 - (1 - u) * (1 - u) * (1 - u)
        let s = from.scale * exp(e * zoomLog(to.scale / from.scale))
        let r = from.rotation + e * (toRotation - from.rotation)
        let a = anchorFrom + (anchorTo - anchorFrom) * e
        var p = ZoomPose(scale: s, rotation: r, translation: .zero)
        p.translation = a - p.linear.applyLinear(anchorBook)
        return p.isFinite ? p : to
    }
}
