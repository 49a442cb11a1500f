import Book

/// One setting's declaration: its key (in the file, and with `--` before it the flag), the type of its value,
/// its default, what values it takes (range, choices), the unit or placeholder shown in help, which commands
/// use it and its help text. `SettingTable` holds one of these per setting; the file parser, the flags,
/// `--help`, `recto settings --markdown` (README's table) and `Settings`' typed fields all read them.
public struct Setting<Value: SettingValue>: AnySetting {
    public let key: SettingKey
    public let defaultValue: Value
    public let kind: SettingKey.Kind
    public let scope: SettingKey.Scope
    /// One sentence or two, without the default (it is added from `defaultValue` or `defaultText`).
    public let summary: String
    public let valueName: String
    /// On the command line a positional argument of this name (`BOOK`) rather than a flag.
    public let argument: String?
    /// `recto ctl set` changes it in a running reader (from the next gesture); the others need a restart.
    public let live: Bool
    /// How help shows the default when the value alone does not say it (nil: from `defaultValue`).
    let defaultNote: String?
    /// A check beyond the kind's range (motion-scale's gap between 0 and 0.25).
    let accepts: @Sendable (Value) -> Bool

    /// - Parameters:
    ///   - unit: the placeholder of the flag's value in help (`--max-zoom <x>`); when nil, from the kind.
    ///   - defaultNote: the default in words, where the value does not say it (`120 with --kiosk, else 0`).
    public init(_ key: String, _ defaultValue: Value, _ kind: SettingKey.Kind, unit: String? = nil,
                scope: SettingKey.Scope = .reader, argument: String? = nil, live: Bool = false,
                default defaultNote: String? = nil,
                accepts: @escaping @Sendable (Value) -> Bool = { _ in true }, help: String) {
        self.key = SettingKey(declared: key)
        self.defaultValue = defaultValue
        self.kind = kind
        self.scope = scope
        self.summary = help
        self.defaultNote = defaultNote
        self.accepts = accepts
        self.valueName = unit ?? kind.placeholder
        self.argument = argument
        self.live = live
    }

    public var defaultText: String { defaultNote ?? defaultValue.configValue.map(Self.show) ?? "none" }

    /// Checks `value` as the file or a flag gives it; returns the value as stored (a number as `.number`).
    public func check(_ value: ConfigValue) throws(ValueError) -> ConfigValue {
        let normal = try kind.check(value)
        guard let typed = Value(config: normal), accepts(typed) else { throw kind.failure(value) }
        return normal
    }

    public var defaultConfig: ConfigValue? { defaultValue.configValue }

    /// How help and README show a value: `on`/`off`, `8`, `auto`.
    static func show(_ value: ConfigValue) -> String {
        switch value {
        case .bool(let b): b ? "on" : "off"
        case .integer(let i): "\(i)"
        case .number(let d): formatNumber(d)
        case .string(let s): s
        case .strings(let list): list.joined(separator: ", ")
        case .other(let type): type
        }
    }
}

/// A declaration whatever its value's type, as the table's readers (parser, flags, help) see it.
public protocol AnySetting: Sendable {
    var key: SettingKey { get }
    var kind: SettingKey.Kind { get }
    var scope: SettingKey.Scope { get }
    var summary: String { get }
    var valueName: String { get }
    var argument: String? { get }
    var live: Bool { get }
    var defaultText: String { get }
    var defaultConfig: ConfigValue? { get }
    func check(_ value: ConfigValue) throws(ValueError) -> ConfigValue
}

extension AnySetting {
    /// The help text: the summary and the default, e.g. `Largest zoom, 1–32 × the fitted page (default 8).`
    public var help: String { "\(summary) (\(defaultPhrase))." }

    /// `default 8`, `default: the bundled demo book` (a default in words that begins with `: `).
    public var defaultPhrase: String { "default" + (defaultText.hasPrefix(":") ? "" : " ") + defaultText }
}

/// A type a setting's value can have: read from the checked `ConfigValue` the file or a flag gave.
public protocol SettingValue: Sendable, Equatable {
    init?(config: ConfigValue)
    /// The value as `Settings.value(of:)` reports it; nil for an optional setting that is unset.
    var configValue: ConfigValue? { get }
}

extension Bool: SettingValue {
    public init?(config: ConfigValue) { guard case .bool(let b) = config else { return nil }; self = b }
    public var configValue: ConfigValue? { .bool(self) }
}

extension Double: SettingValue {
    public init?(config: ConfigValue) { guard case .number(let d) = config else { return nil }; self = d }
    public var configValue: ConfigValue? { .number(self) }
}

extension Int: SettingValue {
    public init?(config: ConfigValue) { guard case .integer(let i) = config else { return nil }; self = i }
    public var configValue: ConfigValue? { .integer(self) }
}

extension String: SettingValue {
    public init?(config: ConfigValue) { guard case .string(let s) = config else { return nil }; self = s }
    public var configValue: ConfigValue? { .string(self) }
}

extension Array: SettingValue where Element == String {
    public init?(config: ConfigValue) { guard case .strings(let list) = config else { return nil }; self = list }
    public var configValue: ConfigValue? { .strings(self) }
}

extension Optional: SettingValue where Wrapped: SettingValue {
    public init?(config: ConfigValue) {
        guard let value = Wrapped(config: config) else { return nil }
        self = .some(value)
    }
    public var configValue: ConfigValue? { flatMap(\.configValue) }
}

extension SpreadPreference: SettingValue {
    public init?(config: ConfigValue) { guard case .string(let s) = config else { return nil }; self.init(rawValue: s) }
    public var configValue: ConfigValue? { .string(rawValue) }
}

/// The least severe log message written, as swift-log names its levels (Invocation maps it to `Logger.Level`).
public enum LogLevel: String, CaseIterable, Sendable {
    case trace, debug, info, notice, warning, error, critical
}

extension LogLevel: SettingValue {
    public init?(config: ConfigValue) { guard case .string(let s) = config else { return nil }; self.init(rawValue: s) }
    public var configValue: ConfigValue? { .string(rawValue) }
}

/// A zoom step: so many times the fitted page, or `actual`, 1:1 with the page's own pixels.
public enum ZoomStep: SettingValue, Hashable {
    case times(Double)
    case actual

    public init?(config: ConfigValue) {
        switch config {
        case .number(let d): self = .times(d)
        case .integer(let i): self = .times(Double(i))
        case .string("actual"): self = .actual
        default: return nil
        }
    }

    public var configValue: ConfigValue? {
        switch self {
        case .times(let d): .number(d)
        case .actual: .string("actual")
        }
    }
}

extension Settings.Colour: SettingValue {
    public init?(config: ConfigValue) { guard case .string(let s) = config else { return nil }; self.init(hex: s) }
    public var configValue: ConfigValue? { .string(description) }
}

extension SettingKey.Kind {
    /// Checks the type and range; a whole number given for a number becomes `.number`.
    func check(_ value: ConfigValue) throws(ValueError) -> ConfigValue {
        switch (self, value) {
        case (.toggle, .bool): return value
        case (.text, .string(let s)), (.path, .string(let s)), (.colour, .string(let s)):
            guard !s.isEmpty else { break }
            if case .colour = self, Settings.Colour(hex: s) == nil { break }
            return value
        case (.paths, .strings(let list)):
            guard !list.isEmpty, !list.contains(where: \.isEmpty) else { break }
            return value
        case (.choice(let names), .string(let s)):
            guard names.contains(s) else { break }
            return value
        case (.number(_, _, let words), .string(let s)):
            guard words.contains(s) else { break }
            return value
        case (.number(let lo, let hi, _), .integer(let i)):
            guard Double(i) >= lo, Double(i) <= hi else { break }
            return .number(Double(i))
        case (.number(let lo, let hi, _), .number(let d)):
            guard d >= lo, d <= hi else { break }  // also rejects nan
            return value
        case (.whole(let lo, let hi), .integer(let i)):
            guard i >= lo, i <= hi else { break }
            return value
        default: break
        }
        throw failure(value)
    }

    /// `expected a number from 1 to 32, got 0.5`; a float where a whole number is wanted shows its point.
    func failure(_ value: ConfigValue) -> ValueError {
        if case .whole = self, case .number(let d) = value { return ValueError(reason: "expected \(expectation), got \(d)") }
        return ValueError(reason: "expected \(expectation), got \(value)")
    }

    /// The placeholder of a flag's value in help, unless the declaration names a unit.
    var placeholder: String {
        switch self {
        case .toggle: "bool"
        case .choice(let names): names.joined(separator: "|")
        case .colour: "#rrggbb"
        case .text: "text"
        case .path, .paths: "path"
        case .number, .whole: "n"
        }
    }
}
