/// One line of the event log: a name and fields, in order.
public struct LogEvent: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        case int(Int), double(Double), string(String), bool(Bool)
    }

    public var name: String
    public var fields: [Field]

    public struct Field: Sendable, Equatable {
        public var key: String
        public var value: Value
    }

    public init(_ name: String, _ fields: KeyValuePairs<String, Value> = [:]) {
        self.name = name
        self.fields = fields.map { Field(key: $0.key, value: $0.value) }
    }

    public func field(_ key: String) -> Value? { fields.first { $0.key == key }?.value }

    public mutating func append(_ key: String, _ value: Value) { fields.append(Field(key: key, value: value)) }
}
