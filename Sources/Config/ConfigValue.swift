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

public func formatNumber(_ d: Double) -> String {
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
        case .number(let lo, let hi, let words):
            "a number from \(formatNumber(lo)) to \(formatNumber(hi))" + words.map { " or \($0)" }.joined()
        case .whole(let lo, let hi): "a whole number from \(lo) to \(hi)"
        }
    }
}
