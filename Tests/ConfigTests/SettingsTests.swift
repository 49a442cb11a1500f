import Book
import Config
import Invocation
import Logging
import Testing

/// A valid value for every key, different from its default, by the key's name.
let sampleValues: [String: ConfigValue] = [
    "book": .string("/srv/books/atlas"), "library": .string("/srv/books"),
    "books": .strings(["/srv/books/atlas", "/srv/books/leaves.cbz"]), "kiosk": .bool(true), "spread": .string("double"), "rtl": .bool(true), "spine-offset": .integer(1),
    "background": .string("#102030"), "radius": .number(35.5), "output": .string("HDMI-A-1"),
    "idle-reset": .integer(45), "idle-warning": .integer(30), "log-level": .string("debug"), "log-events": .bool(true), "max-zoom": .number(12),
    "double-tap-zoom": .number(3), "snap-rotation": .bool(false), "pinch-rotate": .bool(false), "momentum": .bool(false),
    "grab-zone": .integer(120), "tap-zones": .bool(false), "double-tap-interval": .integer(0),
    "commit-progress": .number(0.3), "flick-speed": .integer(900), "swipe-speed": .integer(700), "turn-duration": .integer(300), "margin": .number(0.05),
    "cache-mb": .integer(512),
    "disk-cache-mb": .integer(0), "web-cache-mb": .integer(64), "motion-scale": .number(0.5), "predict": .bool(true),
    "remember-position": .bool(false),
    "control-socket": .string("/run/recto/control.sock"), "metrics-file": .string("/var/lib/recto/recto.prom"),
    "metrics-interval": .integer(30),
    "language": .string("de"), "languages": .string("de,en,fr"), "reduced-motion": .bool(true), "controls": .string("always"), "reach": .bool(true),
    "large-text": .bool(true),
    "attract-after": .integer(12),
    "visit-stats": .bool(false), "visit-retention-days": .integer(90),
    "speech": .bool(true), "speech-key": .string("keypad-multiply"), "speech-hold": .number(1500),
    "speech-language": .string("fr"), "speech-rate": .integer(-20), "speech-volume": .integer(30),
    "narration": .bool(true), "narration-volume": .integer(60), "quiet-hours": .string("18:30-09:00"), "quiet-volume": .integer(20),
    "page-sound": .bool(true),
]

@Suite struct SettingsTests {
    @Test func defaults() {
        let s = Settings()
        #expect(s.book == nil && s.output == nil && s.idleReset == nil)
        #expect(!s.kiosk && !s.rightToLeft && !s.logEvents)
        #expect(s.spread == .auto && s.logLevel == .notice)
        #expect(s.background.description == "#29292b")
        #expect(s.curlRadius == 20 && s.maxZoom == 8 && s.doubleTapZoom == .times(2.5) && s.grabZone == 80)
        #expect(s.snapRotation && s.pinchRotate && s.momentum && s.tapZones)
        #expect(s.doubleTapInterval == 300 && s.commitProgress == 0.5 && s.flickSpeed == 400 && s.swipeSpeed == 500)
        #expect(s.margin == 0.02 && s.cacheMB == 256 && s.cacheBytes == 256 << 20)
    }

    @Test func thePageBudgetIsInPagesUnlessCacheMBIsGiven() throws {
        var s = Settings()
        #expect(s.cachePages == Settings.defaultCachePages)
        try s.set(\.cacheMB, .integer(256))  // even the default value, given, is a bound in bytes alone
        #expect(s.cachePages == nil && s.cacheBytes == 256 << 20)
    }

    /// WCAG 2.2.1 asks for at least 20 s to answer: a shorter idle warning is refused, 0 turns it off.
    @Test func theIdleWarningIsAtLeastTwentySecondsOrOff() throws {
        var s = Settings()
        #expect(s.idleWarningMilliseconds == 20_000)
        #expect(throws: ValueError.self) { try s.set(\.idleWarning, .integer(10)) }
        try s.set(\.idleWarning, .integer(0))
        #expect(s.idleWarningMilliseconds == nil)
        try s.set(\.idleWarning, .integer(45))
        #expect(s.idleWarningMilliseconds == 45_000)
    }

    @Test func sampleCoversEveryKey() {
        #expect(Set(sampleValues.keys) == Set(SettingKey.allCases.map(\.rawValue)))
    }

    @Test(arguments: SettingKey.allCases)
    func everyKeyTakesAValidValueAndReadsItBack(_ key: SettingKey) throws {
        var s = Settings()
        let value = try #require(sampleValues[key.rawValue])
        try s.set(key, value)
        #expect(s != Settings(), "setting \(key.rawValue) changed nothing")
        var expected = value
        if case .integer(let i) = value, case .number = key.kind { expected = .number(Double(i)) }
        #expect(s.value(of: key) == expected)
    }

    @Test func idleResetDefaultDependsOnKiosk() throws {
        var s = Settings()
        #expect(s.idleResetSeconds == 0)
        s.kiosk = true
        #expect(s.idleResetSeconds == 120)
        try s.set(\.idleReset, .integer(0))
        #expect(s.idleResetSeconds == 0)
        try s.set(\.idleReset, .number(2))
        #expect(s.idleResetSeconds == 2)
    }

    @Test func attractModeDefaultDependsOnKioskAndReducedMotionTurnsItOff() throws {
        var s = Settings()
        #expect(s.attractAfterSeconds == 0)
        s.kiosk = true
        #expect(s.attractAfterSeconds == 30)
        try s.set(\.attractAfter, .number(2))
        #expect(s.attractAfterSeconds == 2)
        try s.set(\.reducedMotion, .bool(true))
        #expect(s.attractAfterSeconds == 0)
    }

    /// A value of the wrong type for each kind of setting, and what the error says.
    @Test(arguments: SettingKey.allCases)
    func wrongTypeIsRejectedAndNothingChanges(_ key: SettingKey) {
        let wrong: ConfigValue
        switch key.kind {
        case .toggle: wrong = .string("yes")
        case .text, .path, .paths, .choice, .colour: wrong = .integer(3)
        case .number, .whole: wrong = .string("8")
        }
        var s = Settings()
        #expect(throws: ValueError.self) { try s.set(key, wrong) }
        #expect(s == Settings())
        #expect(throws: ValueError.self) { try s.set(key, .other("table")) }
    }

    @Test func errorMessagesSayWhatWasExpectedAndWhatCame() {
        var s = Settings()
        func reason<V>(_ path: KeyPath<SettingTable, Setting<V>>, _ value: ConfigValue) -> String {
            do { try s.set(path, value); return "" } catch { return error.reason }
        }
        #expect(reason(\.maxZoom, .number(0.5)) == "expected a number from 1 to 32, got 0.5")
        #expect(reason(\.kiosk, .string("yes")) == "expected true or false, got the string \"yes\"")
        #expect(reason(\.spread, .string("triple")) == "expected one of auto, single, double, got the string \"triple\"")
        #expect(reason(\.background, .string("red")) == "expected a colour as \"#rrggbb\", got the string \"red\"")
        #expect(reason(\.cacheMB, .number(300.5)) == "expected a whole number from 16 to 65536, got 300.5")
        #expect(reason(\.output, .string("")) == "expected a non-empty string, got the string \"\"")
        #expect(reason(\.curlRadius, .other("array")) == "expected a number from 2 to 200, got a value of type array")
    }

    /// Just inside and just outside each numeric range, and non-finite numbers.
    @Test(arguments: SettingKey.allCases.filter {
        switch $0.kind { case .number, .whole: true; default: false }
    })
    func ranges(_ key: SettingKey) throws {
        var s = Settings()
        switch key.kind {
        case .number(let lo, let hi, _):
            try s.set(key, .number(lo))
            try s.set(key, .number(hi))
            for bad in [lo - max(abs(lo) * 1e-9, 1e-9), hi + max(abs(hi) * 1e-9, 1e-9), .nan, .infinity, -.infinity] {
                #expect(throws: ValueError.self, "\(key.rawValue) = \(bad)") { try s.set(key, .number(bad)) }
            }
            #expect(s.value(of: key) == .number(hi))
        case .whole(let lo, let hi):
            try s.set(key, .integer(lo))
            try s.set(key, .integer(hi))
            for bad in [lo - 1, hi + 1, Int.min, Int.max] {
                #expect(throws: ValueError.self) { try s.set(key, .integer(bad)) }
            }
        default: Issue.record("not numeric")
        }
    }

    @Test func choicesAndColours() throws {
        var s = Settings()
        for level in LogLevel.allCases {
            try s.set(\.logLevel, .string(level.rawValue))
            #expect(s.logLevel == level)
        }
        for spread in SpreadPreference.allCases {
            try s.set(\.spread, .string(spread.rawValue))
            #expect(s.spread == spread)
        }
        #expect(throws: ValueError.self) { try s.set(\.logLevel, .string("WARNING")) }
        try s.set(\.background, .string("#A0b1C2"))
        #expect(s.background == Settings.Colour(red: 0xa0, green: 0xb1, blue: 0xc2))
        #expect(s.background.description == "#a0b1c2")
        for bad in ["a0b1c2", "#a0b1c", "#a0b1c2f", "#g0b1c2", "#+0b1c2", "# 0b1c2"] {
            #expect(Settings.Colour(hex: bad) == nil, "\(bad)")
        }
    }

    @Test func suggestionsForTypos() {
        #expect(SettingKey.suggestion(for: "max-zom") == key("max-zoom"))
        #expect(SettingKey.suggestion(for: "zoom-max") == nil || SettingKey.suggestion(for: "zoom-max") == key("max-zoom"))
        #expect(SettingKey.suggestion(for: "idle_reset") == key("idle-reset"))
        #expect(SettingKey.suggestion(for: "Kiosk") == key("kiosk"))
        #expect(SettingKey.suggestion(for: "wallpaper") == nil)
        #expect(SettingKey.suggestion(for: "") == nil)
    }

    @Test func everyKeyHasHelpWithItsRangeAndDefault() {
        for key in SettingKey.allCases {
            #expect(key.help.hasSuffix("."), "\(key.rawValue)")
            #expect(!key.valueName.isEmpty)
            if case .number(let lo, let hi, _) = key.kind, key.rawValue != "idle-reset" {
                #expect(key.help.contains("\(Int(lo))") || key.help.contains("\(lo)"), "\(key.rawValue) help names its range")
                #expect(key.help.contains("\(Int(hi))"), "\(key.rawValue) help names its range")
            }
            #expect(key.help.contains("default"), "\(key.rawValue) help names its default")
        }
    }
}

/// The declared key of this name (tests name keys as the file does).
func key(_ name: String) -> SettingKey { SettingKey(rawValue: name)! }
