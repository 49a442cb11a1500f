import Config
import Gestures
import Reader
import Testing

@Suite struct ReaderMappingTests {
    @Test func defaultsGiveTheReadersOwnDefaults() {
        let c = Settings().readerConfig, d = ReaderConfig()
        #expect(c.spread == d.spread && c.rightToLeft == d.rightToLeft && c.marginFraction == d.marginFraction)
        #expect(c.curl == d.curl && c.release == d.release && c.zoom == d.zoom && !c.reducedMotion)
        #expect(Settings().gestureConfig == GestureConfig())
    }

    @Test func everyReaderSettingReachesTheReader() throws {
        var s = Settings()
        for key in SettingKey.allCases { try s.set(key, sampleValues[key.rawValue]!) }
        let c = s.readerConfig
        #expect(c.spread == .double && c.rightToLeft)
        #expect(c.marginFraction == 0.05 && c.curl.radius.base == 35.5)
        #expect(c.release.commitProgress == 0.3 && c.release.flickSpeed == 900)
        #expect(c.zoom.maxScale == 12 && c.zoom.doubleTapScale == 3)
        #expect(!c.zoom.snapRotation && !c.zoom.allowRotation && !c.zoom.momentum)
        // Reduced motion: turns cross-fade and the zoom snaps.
        #expect(c.reducedMotion && c.zoom.animationDuration == 0)
        #expect(!c.reducedMotion || s.attractAfterSeconds == 0)
        let g = s.gestureConfig
        #expect(g.grabSize == 120 && g.tapZoneFraction == 0 && g.doubleTapInterval == 0 && g.flickMinVelocity == 700)
    }

    @Test func doubleTapZoomTakesActual() throws {
        var s = Settings()
        _ = try s.setLive("double-tap-zoom", "actual")
        #expect(s.doubleTapZoom == .actual && s.readerConfig.zoom.doubleTapActual)
        #expect(try s.shownValue(of: "double-tap-zoom") == "actual")
        _ = try s.setLive("double-tap-zoom", "4")
        #expect(s.doubleTapZoom == .times(4) && !s.readerConfig.zoom.doubleTapActual && s.readerConfig.zoom.doubleTapScale == 4)
        #expect {
            try s.setLive("double-tap-zoom", "big")
        } throws: { error in
            (error as? ValueError)?.reason == "double-tap-zoom: expected a number from 1 to 32 or actual, got the string \"big\""
        }
    }

    @Test func doubleTapZoomNeverPassesMaxZoom() throws {
        var s = Settings()
        try s.set(\.maxZoom, .number(2))
        try s.set(\.doubleTapZoom, .number(4))
        #expect(s.readerConfig.zoom.doubleTapScale == 2)
    }
}
