import Geometry

enum ZoomMotion: Sendable, Hashable {
    case tween(ZoomTween)
    case glide(ZoomGlide)
}
