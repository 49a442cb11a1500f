/// The setting flags of a command line, read with the declarations of `SettingTable`: `--max-zoom 4`,
/// `--max-zoom=4`, `--kiosk` / `--no-kiosk`, `--books a.cbz b.pdf` (the paths up to the next option). Every
/// other argument is left, in order, for the command's own parser. Values are checked later, with the file's
/// (`Settings.apply(flags:)`), so a flag and a file line get the same message.
public struct SettingFlags: Sendable {
    /// The settings given, in command-line order.
    public var given: [(SettingKey, ConfigValue)] = []
    /// The arguments that are not setting flags.
    public var rest: [String] = []

    public init() {}

    /// Takes the flags of the settings `scope` allows out of `arguments`; stops at `--`.
    public static func parse(_ arguments: [String], scope: SettingKey.Scope) throws(ConfigError) -> SettingFlags {
        var flags = SettingFlags()
        var i = arguments.startIndex
        while i < arguments.endIndex {
            let word = arguments[i]
            i += 1
            if word == "--" {
                flags.rest += arguments[(i - 1)...]
                break
            }
            guard let (key, inline, negated) = match(word, scope: scope) else {
                flags.rest.append(word)
                continue
            }
            let kind = key.kind
            if kind == .toggle {
                flags.given.append((key, .bool(!negated)))
                continue
            }
            if kind == .paths {
                var list = inline.map { [$0] } ?? []
                while inline == nil, i < arguments.endIndex, !arguments[i].hasPrefix("-") {
                    list.append(arguments[i])
                    i += 1
                }
                guard !list.isEmpty else { throw missing(key) }
                flags.given.append((key, .strings(list)))
                continue
            }
            guard let text = inline ?? (i < arguments.endIndex ? arguments[i] : nil) else { throw missing(key) }
            if inline == nil { i += 1 }
            flags.given.append((key, value(text, for: kind)))
        }
        return flags
    }

    /// The setting a word names as a flag: `--key`, `--key=value`, `--no-key` for a toggle.
    private static func match(_ word: String, scope: SettingKey.Scope) -> (SettingKey, String?, Bool)? {
        guard word.hasPrefix("--") else { return nil }
        let body = word.dropFirst(2)
        let name = body.prefix { $0 != "=" }
        let inline = name.count < body.count ? String(body.dropFirst(name.count + 1)) : nil
        func flag(_ name: Substring) -> SettingKey? {
            guard let key = SettingKey(rawValue: String(name)), key.declaration.argument == nil,
                  scope == .reader || key.scope == .everyCommand else { return nil }
            return key
        }
        if let key = flag(name) { return key.kind == .toggle && inline != nil ? nil : (key, inline, false) }
        if name.hasPrefix("no-"), inline == nil, let key = flag(name.dropFirst(3)), key.kind == .toggle { return (key, nil, true) }
        return nil
    }

    /// A flag's text as the file would give it: a whole number, a number, else a string (which a numeric
    /// setting then rejects with its expectation).
    static func value(_ text: String, for kind: SettingKey.Kind) -> ConfigValue {
        switch kind {
        case .number, .whole:
            if let i = Int(text) { return .integer(i) }
            if let d = Double(text) { return .number(d) }
            return .string(text)
        default: return .string(text)
        }
    }

    private static func missing(_ key: SettingKey) -> ConfigError {
        ConfigError(path: nil, key: key.rawValue, "--\(key.rawValue): expected \(key.kind.expectation), got nothing")
    }
}
