import Gestures
import Reader

extension Settings {
    /// The reader's tunables from these settings (everything else keeps `ReaderConfig`'s defaults).
    public var readerConfig: ReaderConfig {
        var c = ReaderConfig()
        c.spread = spread
        c.rightToLeft = rightToLeft
        c.marginFraction = margin
        c.curl.radius.base = curlRadius
        c.release.commitProgress = commitProgress
        c.release.flickSpeed = flickSpeed
        c.zoom.maxScale = maxZoom
        c.zoom.doubleTapScale = Swift.min(doubleTapZoom, maxZoom)
        c.zoom.snapRotation = snapRotation
        c.zoom.allowRotation = pinchRotate
        c.zoom.momentum = momentum
        c.reducedMotion = reducedMotion
        if reducedMotion { c.zoom.animationDuration = 0 }
        return c
    }

    /// The gesture recognizer's tunables from these settings. `tap-zones = false` makes the tap zones zero
    /// wide; `grab-zone = 0` leaves no grab zone (`GrabZone.standard` returns none for size 0).
    public var gestureConfig: GestureConfig {
        var g = GestureConfig()
        g.grabSize = grabZone
        g.tapZoneFraction = tapZones ? g.tapZoneFraction : 0
        g.doubleTapInterval = doubleTapInterval
        g.flickMinVelocity = swipeSpeed
        return g
    }
}
