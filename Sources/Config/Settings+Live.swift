/// `recto ctl get` and `recto ctl set` in a running reader: a setting by name, its value as text.
extension Settings {
    /// Changes the live setting `name` to `text` (as on the command line: `4`, `on`, `#102030`); returns its key.
    /// Throws, changing nothing, for an unknown name, a setting that needs a restart, or a bad value.
    public mutating func setLive(_ name: String, _ text: String) throws(ValueError) -> SettingKey {
        let key = try Self.key(named: name)
        guard key.declaration.live else {
            let live = SettingTable.all.filter(\.live).map(\.key.rawValue).joined(separator: ", ")
            throw ValueError(reason: "\(name) cannot change while recto runs: set it in the configuration file and restart (live: \(live))")
        }
        let value: ConfigValue
        switch (key.kind, text) {
        case (.toggle, "true"), (.toggle, "on"): value = .bool(true)
        case (.toggle, "false"), (.toggle, "off"): value = .bool(false)
        default: value = SettingFlags.value(text, for: key.kind)
        }
        do { try set(key, value) } catch { throw ValueError(reason: "\(name): \(error.reason)") }
        return key
    }

    /// The value in force of the setting `name`, as help shows values: `8`, `on`, `auto`; for an optional
    /// setting that is unset, its default in words (`120 with --kiosk, else 0`).
    public func shownValue(of name: String) throws(ValueError) -> String {
        let key = try Self.key(named: name)
        if let value = value(of: key) { return Setting<Bool>.show(value) }
        let text = key.declaration.defaultText
        return text.hasPrefix(": ") ? String(text.dropFirst(2)) : text
    }

    private static func key(named name: String) throws(ValueError) -> SettingKey {
        guard let key = SettingKey(rawValue: name) else {
            let hint = SettingKey.suggestion(for: name).map { " (did you mean \($0)?)" } ?? ""
            throw ValueError(reason: "unknown setting '\(name)'\(hint)")
        }
        return key
    }

    /// The idle warning's length, ms; nil when off.
    public var idleWarningMilliseconds: Double? { self.idleWarning > 0 ? self.idleWarning * 1000 : nil }

    /// The idle reset in force, ms; nil when off.
    public var idleResetMilliseconds: Double? { idleResetSeconds > 0 ? idleResetSeconds * 1000 : nil }
}
