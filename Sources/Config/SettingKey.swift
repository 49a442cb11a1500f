/// A setting's name: a key of the configuration file and, with `--` before it, a flag of the same name.
/// Only the declarations of `SettingTable` make keys; `init?(rawValue:)` finds one by name.
public struct SettingKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: String

    init(declared name: String) { rawValue = name }

    /// The declared setting of this name; nil for an unknown name.
    public init?(rawValue: String) {
        guard SettingTable.index[rawValue] != nil else { return nil }
        self.rawValue = rawValue
    }

    /// The key of the setting at `path` of the table: `SettingKey(\.maxZoom)`.
    public init<Value>(_ path: KeyPath<SettingTable, Setting<Value>>) { self = SettingTable.declared[keyPath: path].key }

    /// Every setting, in the table's order (the order of `--help` and README's table).
    public static var allCases: [SettingKey] { SettingTable.all.map(\.key) }

    public var description: String { rawValue }

    /// Ordered as declared.
    public static func < (a: SettingKey, b: SettingKey) -> Bool {
        (SettingTable.index[a.rawValue] ?? .max) < (SettingTable.index[b.rawValue] ?? .max)
    }

    /// This setting's declaration.
    public var declaration: any AnySetting { SettingTable.all[SettingTable.index[rawValue]!] }
    public var kind: Kind { declaration.kind }
    public var scope: Scope { declaration.scope }
    public var help: String { declaration.help }
    /// The placeholder shown in help: `--max-zoom <x>`.
    public var valueName: String { declaration.valueName }

    /// What values a setting takes.
    public enum Kind: Sendable, Equatable {
        /// true or false; on the command line `--key` / `--no-key`.
        case toggle
        /// A non-empty string.
        case text
        /// A file system path (relative paths in a file are relative to the file).
        case path
        /// A non-empty list of paths (relative as for `path`); on the command line, the paths after the flag.
        case paths
        case choice([String])
        /// `#rrggbb`.
        case colour
        /// A number (integer or float) in `min...max`, or one of `words` (`actual`).
        case number(min: Double, max: Double, words: [String] = [])
        /// An integer in `min...max`.
        case whole(min: Int, max: Int)
    }

    /// Which commands use the setting (all of them accept every key in the file).
    public enum Scope: Sendable { case everyCommand, reader }

    /// The known key nearest to `word` by edit distance, when it is close enough to be a likely typo.
    public static func suggestion(for word: String) -> SettingKey? {
        let scored = allCases.map { ($0, editDistance(Array(word.lowercased()), Array($0.rawValue))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= Swift.max(2, word.count / 3) else { return nil }
        return best.0
    }

    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var row = Array(0...b.count)
        for i in 1...Swift.max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = Swift.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
