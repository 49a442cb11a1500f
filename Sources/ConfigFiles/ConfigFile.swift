import Config
import FoundationEssentials
import Glibc
import Posix
import TOMLKit

/// A parsed configuration file: its settings, checked, in file order.
public struct ConfigFile: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var key: SettingKey
        public var value: ConfigValue
        /// 1-based line of the key; nil if the scanner could not find it (it always should).
        public var line: Int?
    }

    /// Largest file read (a configuration file is a few hundred bytes; this stops a wrong path to a huge file).
    public static let maximumSize = 1 << 20

    public let path: String
    public let entries: [Entry]

    /// Parses `text` as the contents of `path`. Every problem is reported, ordered by line: a TOML syntax
    /// error (line and column from the parser), unknown keys (with the nearest known key as a suggestion)
    /// and values of the wrong type or out of range (lines found by `KeyLines`).
    public init(path: String, text: String) throws(ConfigError) {
        self.path = path
        if let bad = ParserGuard.firstFinding(in: text) {
            throw ConfigError(path: path, line: bad.line, column: bad.column, "TOML syntax error: \(bad.message)")
        }
        let table: TOMLTable
        do { table = try TOMLTable(string: text) } catch let error as TOMLParseError {
            throw ConfigError(path: path, line: error.source.begin.line, column: error.source.begin.column,
                              "TOML syntax error: \(error.description)")
        } catch {
            throw ConfigError(path: path, "TOML syntax error: \(error)")
        }
        let lines = KeyLines.scan(text)
        var entries: [Entry] = [], problems: [ConfigError.Problem] = []
        var check = Settings()
        for (name, node) in table {
            let line = lines[name]
            guard let key = SettingKey(rawValue: name) else {
                let hint = SettingKey.suggestion(for: name).map { " (did you mean \($0.rawValue)?)" } ?? ""
                let what = node.type == .table ? "table [\(name)]" : "key \"\(name)\""
                problems.append(.init(path: path, line: line, key: name,
                                      message: "unknown \(what)\(hint); recto's settings are top-level keys, see `recto --help`"))
                continue
            }
            let value = ConfigFile.value(of: node)
            do { try check.set(key, value) } catch {
                problems.append(.init(path: path, line: line, key: name, message: "\(name): \(error.reason)"))
                continue
            }
            entries.append(Entry(key: key, value: value, line: line))
        }
        guard problems.isEmpty else {
            throw ConfigError(problems.sorted { ($0.line ?? .max, $0.key ?? "") < ($1.line ?? .max, $1.key ?? "") })
        }
        self.entries = entries.sorted { ($0.line ?? .max) < ($1.line ?? .max) }
    }

    /// Reads and parses the file at `path`.
    public static func read(path: String) throws(ConfigError) -> ConfigFile {
        let fd = try systemCall { open(path, O_RDONLY | O_CLOEXEC) }
            .mapError { ConfigError(path: path, "cannot read the configuration file: \($0)") }.get()
        defer { closeDescriptor(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while bytes.count <= maximumSize {
            let n = try systemCall { chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) } }
                .mapError { ConfigError(path: path, "cannot read the configuration file: \($0)") }.get()
            if n == 0 { break }
            bytes += chunk[0..<n]
        }
        guard bytes.count <= maximumSize else {
            throw ConfigError(path: path, "the configuration file is larger than \(maximumSize / 1024) KiB; is it the right file?")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigError(path: path, "the configuration file is not UTF-8 text")
        }
        return try ConfigFile(path: path, text: text)
    }

    /// Applies the entries to `settings`; relative book and library paths become relative to the file's directory.
    public func apply(to settings: inout Settings) {
        for entry in entries {
            var value = entry.value
            switch (entry.key.kind, value) {
            case (.path, .string(let p)) where Self.fileRelative.contains(entry.key): value = .string(resolve(p))
            case (.paths, .strings(let list)): value = .strings(list.map(resolve))
            default: break
            }
            try? settings.set(entry.key, value)  // checked in init
        }
    }

    /// The paths that are relative to the file (books); the control socket and metrics file must be absolute.
    static let fileRelative: Set = [SettingKey(\.book), SettingKey(\.library)]

    private func resolve(_ bookPath: String) -> String {
        var expanded = bookPath
        if bookPath == "~" || bookPath.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"],
           !home.isEmpty {
            expanded = home + bookPath.dropFirst()
        }
        guard !expanded.hasPrefix("/") else { return expanded }
        // Relative to the configuration file's directory.
        guard let slash = path.lastIndex(of: "/") else { return expanded }
        return String(path[...slash]) + expanded
    }

    static func value(of node: TOMLValueConvertible) -> ConfigValue {
        switch node.type {
        case .bool: node.bool.map(ConfigValue.bool) ?? .other("boolean")
        case .int: node.int.map(ConfigValue.integer) ?? .other("integer")
        case .double: node.double.map(ConfigValue.number) ?? .other("float")
        case .string: node.string.map(ConfigValue.string) ?? .other("string")
        case .array:
            node.array.flatMap { a in
                let strings = a.compactMap { $0.string }
                return strings.count == a.count ? ConfigValue.strings(strings) : nil
            } ?? .other("array")
        default: .other(node.type.description)
        }
    }
}
