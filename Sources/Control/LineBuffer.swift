/// A client's bytes, cut into lines: complete lines come out as they arrive, a line longer than `limit`
/// bytes is an overflow (the server answers with an error and hangs up: it never buffers without bound).
public struct LineBuffer: Sendable {
    public let limit: Int
    private var pending: [UInt8] = []

    public enum Output: Sendable, Equatable {
        case line(String)
        /// A line (or what has come of it) is over the limit: the connection must end.
        case overflow
    }

    public init(limit: Int) { self.limit = limit }

    /// Takes newly received bytes; returns the lines now complete (without their newline), in order. After an
    /// overflow nothing more comes out.
    public mutating func append<C: Collection<UInt8>>(_ bytes: C) -> [Output] {
        var out: [Output] = []
        for byte in bytes {
            if byte == 0x0A {
                out.append(.line(String(decoding: pending, as: UTF8.self)))
                pending.removeAll(keepingCapacity: true)
            } else {
                guard pending.count < limit else {
                    out.append(.overflow)
                    pending.removeAll()
                    return out
                }
                pending.append(byte)
            }
        }
        return out
    }

    /// Bytes of an unfinished line.
    public var pendingCount: Int { pending.count }
}
