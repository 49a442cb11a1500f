import Book
import Logging

/// A value as written in the configuration file or given to a flag, before it is checked.
public enum ConfigValue: Sendable, Equatable, CustomStringConvertible {
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case strings([String])
    /// A TOML value of a type no setting takes (table, array, date…), by its TOML type name.
    case other(String)

    /// How an error message shows the value: `the string "yes"`, `0.5`, `a table`.
    public var description: String {
        switch self {
        case .bool(let b): "\(b)"
        case .integer(let i): "\(i)"
        case .number(let d): formatNumber(d)
        case .string(let s): "the string \"\(s)\""
        case .strings: "a value of type array"
        case .other(let type): "a value of type \(type)"
        }
    }
}

/// Why a value does not fit its setting, e.g. `expected a number from 1 to 32, got 0.5`.
public struct ValueError: Error, Sendable, Equatable, CustomStringConvertible {
    public let reason: String
    public var description: String { reason }
}

func formatNumber(_ d: Double) -> String {
    if d.isFinite, d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
    return "\(d)"
}

extension SettingKey.Kind {
    /// What the setting expects, as an error message says it.
    var expectation: String {
        switch self {
        case .toggle: "true or false"
        case .text: "a non-empty string"
        case .path: "a path (a non-empty string)"
        case .paths: "a list of paths, e.g. [\"a.cbz\", \"b.pdf\"]"
        case .choice(let names): "one of " + names.joined(separator: ", ")
        case .colour: "a colour as \"#rrggbb\""
        case .number(let lo, let hi): "a number from \(formatNumber(lo)) to \(formatNumber(hi))"
        case .whole(let lo, let hi): "a whole number from \(lo) to \(hi)"
        }
    }
}

extension Settings {
    /// Sets `key` from `value` after checking its type and range; on error nothing changes.
    public mutating func set(_ key: SettingKey, _ value: ConfigValue) throws(ValueError) {
        let kind = key.kind
        func fail() -> ValueError {
            // A float where a whole number is wanted shows its point: "got 256.0", not "got 256".
            if case .whole = kind, case .number(let d) = value { return ValueError(reason: "expected \(kind.expectation), got \(d)") }
            return ValueError(reason: "expected \(kind.expectation), got \(value)")
        }
        func bool() throws(ValueError) -> Bool {
            guard case .bool(let b) = value else { throw fail() }
            return b
        }
        func string() throws(ValueError) -> String {
            guard case .string(let s) = value, !s.isEmpty else { throw fail() }
            return s
        }
        func number() throws(ValueError) -> Double {
            guard case .number(let lo, let hi) = kind else { throw fail() }
            let d: Double
            switch value {
            case .integer(let i): d = Double(i)
            case .number(let n): d = n
            default: throw fail()
            }
            guard d >= lo, d <= hi else { throw fail() }  // also rejects nan
            return d
        }
        switch key {
        case .book: book = try string()
        case .library: library = try string()
        case .books:
            guard case .strings(let list) = value, !list.isEmpty, !list.contains(where: \.isEmpty) else { throw fail() }
            books = list
        case .output: output = try string()
        case .kiosk: kiosk = try bool()
        case .rtl: rightToLeft = try bool()
        case .logEvents: logEvents = try bool()
        case .snapRotation: snapRotation = try bool()
        case .pinchRotate: pinchRotate = try bool()
        case .momentum: momentum = try bool()
        case .tapZones: tapZones = try bool()
        case .spread:
            guard let s = SpreadPreference(rawValue: try string()) else { throw fail() }
            spread = s
        case .logLevel:
            guard let l = Logger.Level(rawValue: try string()) else { throw fail() }
            logLevel = l
        case .background:
            guard let c = Colour(hex: try string()) else { throw fail() }
            background = c
        case .radius: curlRadius = try number()
        case .idleReset: idleReset = try number()
        case .maxZoom: maxZoom = try number()
        case .doubleTapZoom: doubleTapZoom = try number()
        case .grabZone: grabZone = try number()
        case .doubleTapInterval: doubleTapInterval = try number()
        case .commitProgress: commitProgress = try number()
        case .flickSpeed: flickSpeed = try number()
        case .swipeSpeed: swipeSpeed = try number()
        case .margin: margin = try number()
        case .cacheMB:
            guard case .integer(let i) = value, case .whole(let lo, let hi) = kind, i >= lo, i <= hi else { throw fail() }
            cacheMB = i
        case .diskCacheMB:
            guard case .integer(let i) = value, case .whole(let lo, let hi) = kind, i >= lo, i <= hi else { throw fail() }
            diskCacheMB = i
        case .motionScale:
            let v = try number()
            guard v == 0 || v >= 0.25 else { throw fail() }
            motionScale = v
        case .predict: predict = try bool()
        case .rememberPosition: rememberPosition = try bool()
        case .controlSocket: controlSocket = try string()
        case .metricsFile: metricsFile = try string()
        case .metricsInterval: metricsInterval = try number()
        case .language: language = try string()
        case .reducedMotion: reducedMotion = try bool()
        case .attractAfter: attractAfter = try number()
        case .visitStats: visitStats = try bool()
        case .visitRetentionDays:
            guard case .integer(let i) = value, case .whole(let lo, let hi) = kind, i >= lo, i <= hi else { throw fail() }
            visitRetentionDays = i
        }
        given.insert(key)
    }

    /// The value of `key` as `set(_:_:)` takes it; nil for an optional setting that is unset.
    public func value(of key: SettingKey) -> ConfigValue? {
        switch key {
        case .book: book.map(ConfigValue.string)
        case .library: library.map(ConfigValue.string)
        case .books: books.map(ConfigValue.strings)
        case .output: output.map(ConfigValue.string)
        case .kiosk: .bool(kiosk)
        case .rtl: .bool(rightToLeft)
        case .logEvents: .bool(logEvents)
        case .snapRotation: .bool(snapRotation)
        case .pinchRotate: .bool(pinchRotate)
        case .momentum: .bool(momentum)
        case .tapZones: .bool(tapZones)
        case .spread: .string(spread.rawValue)
        case .logLevel: .string(logLevel.rawValue)
        case .background: .string(background.description)
        case .radius: .number(curlRadius)
        case .idleReset: idleReset.map(ConfigValue.number)
        case .maxZoom: .number(maxZoom)
        case .doubleTapZoom: .number(doubleTapZoom)
        case .grabZone: .number(grabZone)
        case .doubleTapInterval: .number(doubleTapInterval)
        case .commitProgress: .number(commitProgress)
        case .flickSpeed: .number(flickSpeed)
        case .swipeSpeed: .number(swipeSpeed)
        case .margin: .number(margin)
        case .cacheMB: .integer(cacheMB)
        case .diskCacheMB: .integer(diskCacheMB)
        case .motionScale: .number(motionScale)
        case .predict: .bool(predict)
        case .rememberPosition: .bool(rememberPosition)
        case .controlSocket: controlSocket.map(ConfigValue.string)
        case .metricsFile: metricsFile.map(ConfigValue.string)
        case .metricsInterval: .number(metricsInterval)
        case .language: language.map(ConfigValue.string)
        case .reducedMotion: .bool(reducedMotion)
        case .attractAfter: attractAfter.map(ConfigValue.number)
        case .visitStats: visitStats.map(ConfigValue.bool)
        case .visitRetentionDays: .integer(visitRetentionDays)
        }
    }
}
