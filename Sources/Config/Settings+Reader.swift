import Gestures
import Reader

extension Settings {
    /// The reader's tunables from these settings, gestures included (everything else keeps `ReaderConfig`'s
    /// defaults). The same at start-up and after `recto ctl set`.
    public var readerConfig: ReaderConfig {
        var c = ReaderConfig()
        c.spread = self.spread
        c.rightToLeft = self.rightToLeft
        c.spineOffset = self.spineOffset
        c.marginFraction = self.margin
        c.curl.radius.base = self.curlRadius
        c.release.commitProgress = self.commitProgress
        c.release.flickSpeed = self.flickSpeed
        c.turnDuration = self.turnDuration
        c.zoom.maxScale = self.maxZoom
        switch self.doubleTapZoom {
        case .times(let scale): c.zoom.doubleTapScale = Swift.min(scale, self.maxZoom)
        case .actual: c.zoom.doubleTapActual = true
        }
        c.zoom.snapRotation = self.snapRotation
        c.zoom.allowRotation = self.pinchRotate
        c.zoom.momentum = self.momentum
        c.reducedMotion = self.reducedMotion
        if self.reducedMotion { c.zoom.animationDuration = 0 }
        c.gestures = gestureConfig
        return c
    }

    /// The gesture recognizer's tunables from these settings. `tap-zones = false` makes the tap zones zero
    /// wide; `grab-zone = 0` leaves no grab zone (`GrabZone.standard` returns none for size 0).
    public var gestureConfig: GestureConfig {
        var g = GestureConfig()
        g.grabSize = self.grabZone
        g.tapZoneFraction = self.tapZones ? g.tapZoneFraction : 0
        g.doubleTapInterval = self.doubleTapInterval
        g.flickMinVelocity = self.swipeSpeed
        return g
    }
}
