/// What is wrong with a configuration file or a flag, one problem per line:
/// `/etc/recto/recto.toml:7: max-zoom: expected a number from 1 to 32, got 0.5`.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        /// The file, or nil for a flag or for the file as a whole.
        public var path: String?
        /// 1-based; nil when unknown.
        public var line: Int?
        public var column: Int?
        /// The setting concerned, when there is one (unknown keys included, as written).
        public var key: String?
        public var message: String

        public init(path: String? = nil, line: Int? = nil, column: Int? = nil, key: String? = nil, message: String) {
            self.path = path
            self.line = line
            self.column = column
            self.key = key
            self.message = message
        }

        public var description: String {
            var where_ = path ?? ""
            if path != nil, let line { where_ += ":\(line)" + (column.map { ":\($0)" } ?? "") }
            return where_.isEmpty ? message : where_ + ": " + message
        }
    }

    public var problems: [Problem]

    public init(_ problems: [Problem]) { self.problems = problems }
    public init(path: String?, line: Int? = nil, column: Int? = nil, key: String? = nil, _ message: String) {
        problems = [Problem(path: path, line: line, column: column, key: key, message: message)]
    }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
