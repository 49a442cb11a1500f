/// A parsed JSON document. Manifests come from strangers' servers, so the parser bounds what a document may cost:
/// nesting depth (a recursive descent must not overflow the stack) and the number of values (a manifest of a
/// million empty objects must not take the reader's memory).
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var number: Double? {
        if case .number(let n) = self { return n }
        return nil
    }

    /// A whole number, only if the JSON number is one (2.0 is, 2.5 is not) and fits an Int.
    public var integer: Int? {
        guard case .number(let n) = self, n.isFinite, n.rounded() == n, abs(n) < 9.0e15 else { return nil }
        return Int(n)
    }

    /// The array's elements; a single value where IIIF allows "one or a list" (2.1's `service`, `viewingHint`).
    public var list: [JSONValue] {
        switch self {
        case .array(let items): items
        case .null: []
        default: [self]
        }
    }
}

public struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    public let offset: Int
    public let reason: String
    public var description: String { "not valid JSON at byte \(offset): \(reason)" }
}

public struct JSONLimits: Sendable {
    public var maxDepth: Int
    public var maxValues: Int
    public init(maxDepth: Int = 64, maxValues: Int = 4_000_000) {
        self.maxDepth = maxDepth
        self.maxValues = maxValues
    }
}

extension JSONValue {
    public static func parse(_ bytes: [UInt8], limits: JSONLimits = JSONLimits()) throws(JSONError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, limits: limits)
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.at == bytes.count else { throw parser.fail("text after the document") }
        return value
    }
}

private struct JSONParser {
    let bytes: [UInt8]
    let limits: JSONLimits
    var at = 0
    var values = 0

    init(bytes: [UInt8], limits: JSONLimits) {
        self.bytes = bytes
        self.limits = limits
        // A UTF-8 byte order mark is not JSON, but some servers send one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { at = 3 }
    }

    func fail(_ reason: String) -> JSONError { JSONError(offset: at, reason: reason) }

    mutating func skipSpace() {
        while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
    }

    mutating func value(depth: Int) throws(JSONError) -> JSONValue {
        guard depth <= limits.maxDepth else { throw fail("nested deeper than \(limits.maxDepth)") }
        values += 1
        guard values <= limits.maxValues else { throw fail("more than \(limits.maxValues) values") }
        skipSpace()
        guard at < bytes.count else { throw fail("unexpected end") }
        switch bytes[at] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return .number(try number())
        }
    }

    mutating func literal(_ word: String) throws(JSONError) {
        let utf8 = Array(word.utf8)
        guard bytes.count - at >= utf8.count, Array(bytes[at..<at + utf8.count]) == utf8 else {
            throw fail("unexpected character")
        }
        at += utf8.count
    }

    mutating func object(depth: Int) throws(JSONError) -> JSONValue {
        at += 1
        var members: [String: JSONValue] = [:]
        skipSpace()
        if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return .object(members) }
        while true {
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw fail("expected a member name") }
            let key = try string()
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            at += 1
            members[key] = try value(depth: depth + 1)
            skipSpace()
            guard at < bytes.count else { throw fail("unexpected end in an object") }
            if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
            if bytes[at] == UInt8(ascii: "}") { at += 1; return .object(members) }
            throw fail("expected ',' or '}'")
        }
    }

    mutating func array(depth: Int) throws(JSONError) -> JSONValue {
        at += 1
        var items: [JSONValue] = []
        skipSpace()
        if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
        while true {
            items.append(try value(depth: depth + 1))
            skipSpace()
            guard at < bytes.count else { throw fail("unexpected end in an array") }
            if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
            if bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
            throw fail("expected ',' or ']'")
        }
    }

    mutating func string() throws(JSONError) -> String {
        at += 1
        var run = at
        var utf8: [UInt8] = []
        while true {
            guard at < bytes.count else { throw fail("unterminated string") }
            let byte = bytes[at]
            if byte == UInt8(ascii: "\"") {
                utf8.append(contentsOf: bytes[run..<at])
                at += 1
                break
            }
            if byte < 0x20 { throw fail("control character in a string") }
            if byte != UInt8(ascii: "\\") { at += 1; continue }
            utf8.append(contentsOf: bytes[run..<at])
            at += 1
            guard at < bytes.count else { throw fail("unterminated escape") }
            let escaped = bytes[at]
            at += 1
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code), bytes.count - at >= 6,
                   bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") {
                    at += 2
                    let low = try hex4()
                    if (0xDC00..<0xE000).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        at -= 6  // an unpaired high surrogate; the next escape stands on its own
                    }
                }
                // Lone surrogates become U+FFFD rather than failing a whole manifest over one label.
                utf8.append(contentsOf: Array(String(Unicode.Scalar(code) ?? "\u{FFFD}").utf8))
            default: throw fail("unknown escape")
            }
            run = at
        }
        // Invalid UTF-8 becomes U+FFFD: a label is shown, never trusted.
        return String(decoding: utf8, as: UTF8.self)
    }

    mutating func hex4() throws(JSONError) -> UInt32 {
        guard bytes.count - at >= 4 else { throw fail("short \\u escape") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[at]
            let digit: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw fail("bad \\u escape")
            }
            code = code << 4 | digit
            at += 1
        }
        return code
    }

    mutating func number() throws(JSONError) -> Double {
        let start = at
        if at < bytes.count, bytes[at] == UInt8(ascii: "-") { at += 1 }
        let digitsStart = at
        while at < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) { at += 1 }
        guard at > digitsStart else { at = start; throw fail("unexpected character") }
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            at += 1
            let fraction = at
            while at < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) { at += 1 }
            guard at > fraction else { throw fail("digits expected after '.'") }
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
            at += 1
            if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
            let exponent = at
            while at < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) { at += 1 }
            guard at > exponent else { throw fail("digits expected in the exponent") }
        }
        guard let n = Double(String(decoding: bytes[start..<at], as: UTF8.self)) else { throw fail("bad number") }
        return n
    }
}
