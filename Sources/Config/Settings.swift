import Book

/// Everything recto can be told, from its configuration file and its flags, as one plain value.
///
/// Each setting is read and written by the name of its declaration in `SettingTable` (`settings.maxZoom`),
/// typed as declared; values are validated by `set(_:_:)`. The properties at the end derive what depends on
/// several settings (the idle reset's kiosk default). `Settings()` is what recto does with no file and no flags.
@dynamicMemberLookup
public struct Settings: Sendable, Equatable {
    /// An opaque colour, 8 bits per channel.
    public struct Colour: Sendable, Hashable, CustomStringConvertible {
        public var red: UInt8, green: UInt8, blue: UInt8

        public init(red: UInt8, green: UInt8, blue: UInt8) { self.red = red; self.green = green; self.blue = blue }

        /// Parses exactly `#rrggbb` (hex digits, either case). Nil for anything else.
        public init?(hex: String) {
            guard hex.hasPrefix("#"), hex.count == 7 else { return nil }
            let digits = hex.dropFirst()
            guard digits.allSatisfy(\.isHexDigit), let v = UInt32(digits, radix: 16) else { return nil }
            self.init(red: UInt8(v >> 16 & 0xff), green: UInt8(v >> 8 & 0xff), blue: UInt8(v & 0xff))
        }

        /// `#rrggbb`, lower case.
        public var description: String {
            func two(_ c: UInt8) -> String { (c < 16 ? "0" : "") + String(c, radix: 16) }
            return "#" + two(red) + two(green) + two(blue)
        }
    }

    /// The values that differ from their declared defaults, checked, by key.
    private var values: [SettingKey: ConfigValue] = [:]
    /// The keys the file or the flags set (the rest are defaults a book's own metadata may override).
    public internal(set) var given: Set<SettingKey> = []

    public init() {}

    /// A setting's value, typed as declared: `settings.maxZoom`, `settings.kiosk = true`.
    public subscript<Value>(dynamicMember path: KeyPath<SettingTable, Setting<Value>>) -> Value {
        get {
            let setting = SettingTable.declared[keyPath: path]
            return values[setting.key].flatMap(Value.init(config:)) ?? setting.defaultValue
        }
        set {
            let setting = SettingTable.declared[keyPath: path]
            let config = newValue.configValue
            values[setting.key] = config == setting.defaultConfig ? nil : config
        }
    }

    /// Whether the file or a flag set the setting at `path` (even to its default).
    public func isGiven<Value>(_ path: KeyPath<SettingTable, Setting<Value>>) -> Bool { given.contains(SettingKey(path)) }

    /// Sets `key` from `value` after checking its type and range; on error nothing changes.
    public mutating func set(_ key: SettingKey, _ value: ConfigValue) throws(ValueError) {
        let setting = key.declaration
        let checked = try setting.check(value)
        values[key] = checked == setting.defaultConfig ? nil : checked
        given.insert(key)
    }

    public mutating func set<Value>(_ path: KeyPath<SettingTable, Setting<Value>>, _ value: ConfigValue) throws(ValueError) {
        try set(SettingKey(path), value)
    }

    /// The value of `key` as `set(_:_:)` takes it; nil for an optional setting that is unset.
    public func value(of key: SettingKey) -> ConfigValue? { values[key] ?? key.declaration.defaultConfig }

    public func value<Value>(of path: KeyPath<SettingTable, Setting<Value>>) -> ConfigValue? { value(of: SettingKey(path)) }

    /// Idle reset default in kiosk mode, seconds.
    public static let defaultKioskIdleReset = 120.0

    /// The idle reset in force, seconds; 0 when off.
    public var idleResetSeconds: Double { self.idleReset ?? (self.kiosk ? Self.defaultKioskIdleReset : 0) }

    /// Attract mode default in kiosk mode, seconds.
    public static let defaultKioskAttractAfter = 30.0

    /// The attract-mode wait in force, seconds; 0 when off (always with reduced motion).
    public var attractAfterSeconds: Double {
        self.reducedMotion ? 0 : self.attractAfter ?? (self.kiosk ? Self.defaultKioskAttractAfter : 0)
    }

    /// Whether visits are recorded: on by default in kiosk mode, where the idle reset bounds a visit.
    public var visitStatsOn: Bool { self.visitStats ?? self.kiosk }

    /// The texture budget in bytes.
    public var cacheBytes: Int { self.cacheMB * 1024 * 1024 }

    /// Pages kept by default: the ten wanted around the spread on screen (it and two spreads each way) and as
    /// many again, so a reader turning back finds pages ready. On a software renderer textures are process
    /// memory: 20 pages of a 1920×1080 window keep a 1000-page book under 300 MB (README, Performance).
    public static let defaultCachePages = 20

    /// The budget in pages, each at what a page's texture really costs; nil when `cache-mb` was given (then
    /// `cacheBytes` alone bounds it, else it caps this).
    public var cachePages: Int? { isGiven(\.cacheMB) ? nil : Self.defaultCachePages }
}
