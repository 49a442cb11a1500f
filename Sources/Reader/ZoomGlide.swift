import Geometry

/// A one-finger glide: both axes of the translation, with scale and rotation fixed.
struct ZoomGlide: Sendable, Hashable {
    var scale: Double
    var rotation: Double
    var x: ZoomGlideAxis
    var y: ZoomGlideAxis
    var start: Double

    var end: Double { start + Swift.max(x.duration, y.duration) }

    func pose(at time: Double) -> ZoomPose {
        let t = time - start
        return ZoomPose(scale: scale, rotation: rotation, translation: Vec2(x.position(at: t), y.position(at: t)))
    }
}
