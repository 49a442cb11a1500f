import Foundation

/// One line of `recto --log-events` output: a JSON object with "event", "t" and event-specific fields.
struct RectoEvent: CustomStringConvertible, Sendable {
    enum Value: Sendable, Equatable {
        case number(Double)
        case string(String)
        case bool(Bool)
        case other
    }

    let name: String
    let fields: [String: Value]
    /// The line as recto printed it, for failure messages.
    let line: String

    /// Parses a JSON line; nil when it is not an object with a string "event" (so stray output fails loudly
    /// in the caller rather than here).
    init?(line: String) {
        guard let data = line.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let name = object["event"] as? String else { return nil }
        var fields: [String: Value] = [:]
        for (key, value) in object {
            switch value {
            // JSONSerialization turns true/false into NSNumber too; the objCType tells them apart.
            case let number as NSNumber where String(cString: number.objCType) == "c":
                fields[key] = .bool(number.boolValue)
            case let number as NSNumber: fields[key] = .number(number.doubleValue)
            case let string as String: fields[key] = .string(string)
            default: fields[key] = .other
            }
        }
        self.name = name
        self.fields = fields
        self.line = line
    }

    func number(_ key: String) -> Double? {
        if case .number(let value)? = fields[key] { return value }
        return nil
    }

    func int(_ key: String) -> Int? { number(key).flatMap { Int(exactly: $0) } }

    func string(_ key: String) -> String? {
        if case .string(let value)? = fields[key] { return value }
        return nil
    }

    var description: String { line }
}
