import Config
import Testing

/// `recto ctl set NAME VALUE` / `get NAME` in a running reader: a setting by name, its value as text.
@Suite struct LiveSettingsTests {
    @Test func aLiveSettingChangesFromText() throws {
        var s = Settings()
        #expect(try s.setLive("turn-duration", "300").rawValue == "turn-duration")
        #expect(s.turnDuration == 300 && s.readerConfig.turnDuration == 300)
        _ = try s.setLive("tap-zones", "off")
        _ = try s.setLive("momentum", "false")
        #expect(!s.tapZones && !s.momentum && s.readerConfig.gestures.tapZoneFraction == 0)
        _ = try s.setLive("idle-reset", "30")
        #expect(s.idleResetMilliseconds == 30_000)
        #expect(try s.shownValue(of: "turn-duration") == "300" && s.shownValue(of: "tap-zones") == "off")
        #expect(try s.shownValue(of: "output") == "the compositor's choice" && s.shownValue(of: "spread") == "auto")
        #expect(try s.shownValue(of: "metrics-file") == "none: off")
    }

    @Test func refusalsSayWhyAndChangeNothing() {
        var s = Settings()
        func reason(_ name: String, _ text: String) -> String {
            do { _ = try s.setLive(name, text); return "" } catch { return error.reason }
        }
        #expect(reason("max-zom", "4") == "unknown setting 'max-zom' (did you mean max-zoom?)")
        #expect(reason("turn-duration", "20") == "turn-duration: expected a number from 150 to 2000, got 20")
        #expect(reason("momentum", "yes") == "momentum: expected true or false, got the string \"yes\"")
        #expect(reason("kiosk", "true").hasPrefix("kiosk cannot change while recto runs: set it in the configuration file and restart (live: radius, idle-reset, max-zoom"))
        #expect(s == Settings())
        #expect(throws: ValueError.self) { try s.shownValue(of: "zoom") }
    }

    /// Every live setting reaches what `recto ctl set` hands the running reader: its tunables or the idle reset,
    /// or what the core asks of the sound players (NarrationPolicyTests and PageSoundPolicyTests switch them on
    /// and change the volume live).
    @Test func everyLiveSettingReachesTheReader() throws {
        let narration: Set<String> = ["narration", "narration-volume", "quiet-hours", "quiet-volume", "page-sound"]
        for setting in SettingTable.all where setting.live {
            var s = Settings()
            try s.set(setting.key, try #require(sampleValues[setting.key.rawValue]))
            #expect(s.readerConfig != Settings().readerConfig || s.idleResetMilliseconds != nil
                    || narration.contains(setting.key.rawValue) && s != Settings(), "\(setting.key)")
        }
    }
}
