/// An absolute http, https or file URL, the only kinds a manifest may send the reader to: anything else (ftp,
/// data, javascript, gopher…) is refused with its scheme named, so a hostile manifest cannot make a kiosk talk a
/// protocol nobody meant it to.
public struct ResourceURL: Sendable, Hashable, CustomStringConvertible {
    public enum Scheme: String, Sendable { case http, https, file }

    public let scheme: Scheme
    /// `//host[:port]` part without the slashes; empty for `file:`.
    public let authority: String
    /// The path, starting with `/` (or empty for `http://host`).
    public let path: String
    /// Query without `?`, if any. Fragments are dropped: they never reach a server.
    public let query: String?

    public var description: String {
        scheme.rawValue + "://" + authority + path + (query.map { "?" + $0 } ?? "")
    }

    /// The path of a `file:` URL, percent-decoded.
    public var filePath: String? { scheme == .file ? Self.percentDecoded(path) : nil }

    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case empty
        case unsupportedScheme(String)
        case relativeWithoutBase(String)
        case malformed(String)

        public var description: String {
            switch self {
            case .empty: "an empty URL"
            case .unsupportedScheme(let s): "the URL scheme \"\(s)\" is not read (only http, https and file)"
            case .relativeWithoutBase(let s): "\"\(s)\" is relative and there is nothing to resolve it against"
            case .malformed(let s): "\"\(s)\" is not a URL"
            }
        }
    }

    public init(scheme: Scheme, authority: String, path: String, query: String? = nil) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
    }

    /// Parses `text` as an absolute URL, or resolves it against `base` (RFC 3986 §5.2) when it is relative:
    /// a baked book's manifest names its tiles relative to itself.
    public init(_ text: String, relativeTo base: ResourceURL? = nil) throws(Failure) {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty else { throw .empty }
        guard trimmed.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }) else {
            throw .malformed(trimmed)
        }
        var rest = Substring(trimmed)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        if let colon = rest.firstIndex(of: ":"), Self.isScheme(rest[..<colon]) {
            let name = rest[..<colon].lowercased()
            guard let scheme = Scheme(rawValue: name) else { throw .unsupportedScheme(name) }
            rest = rest[rest.index(after: colon)...]
            let (authority, path, query) = Self.split(rest)
            if scheme != .file, authority?.isEmpty ?? true { throw .malformed(trimmed) }
            self.init(scheme: scheme, authority: authority ?? "", path: Self.removeDots(path), query: query)
            return
        }
        guard let base else { throw .relativeWithoutBase(trimmed) }
        let (authority, path, query) = Self.split(rest)
        if let authority {
            self.init(scheme: base.scheme, authority: authority, path: Self.removeDots(path), query: query)
        } else if path.isEmpty {
            self.init(scheme: base.scheme, authority: base.authority, path: base.path, query: query ?? base.query)
        } else if path.hasPrefix("/") {
            self.init(scheme: base.scheme, authority: base.authority, path: Self.removeDots(path), query: query)
        } else {
            let directory = base.path.lastIndex(of: "/").map { String(base.path[...$0]) } ?? "/"
            self.init(scheme: base.scheme, authority: base.authority, path: Self.removeDots(directory + path),
                      query: query)
        }
    }

    /// This URL with `component` appended as a path segment (the Image API's `{id}/info.json`).
    public func appending(_ component: String) -> ResourceURL {
        let joined = path.hasSuffix("/") ? path + component : path + "/" + component
        return ResourceURL(scheme: scheme, authority: authority, path: joined, query: nil)
    }

    private static func isScheme(_ s: Substring) -> Bool {
        guard let first = s.unicodeScalars.first else { return false }
        return first.isASCIILetter && s.unicodeScalars.allSatisfy {
            $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == "."
        }
    }

    private static func split(_ s: Substring) -> (authority: String?, path: String, query: String?) {
        var rest = s
        var query: String?
        if let q = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: q)...])
            rest = rest[..<q]
        }
        guard rest.hasPrefix("//") else { return (nil, String(rest), query) }
        rest = rest.dropFirst(2)
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        return (String(rest[..<slash]), String(rest[slash...]), query)
    }

    /// RFC 3986 §5.2.4: `a/b/../c` is `a/c`; `..` never climbs above the root.
    static func removeDots(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var out: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (i, segment) in segments.enumerated() {
            let last = i == segments.count - 1
            switch segment {
            case ".": if last { out.append("") }
            case "..":
                if out.count > 1 { out.removeLast() }
                if last { out.append("") }
            default: out.append(segment)
            }
        }
        return out.joined(separator: "/")
    }

    static func percentDecoded(_ s: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(s.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

extension String {
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
