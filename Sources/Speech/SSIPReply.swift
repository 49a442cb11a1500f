/// One reply or event of the server: its three-digit code and its lines ("225-12", "225 OK MESSAGE QUEUED"
/// give code 225, lines ["12", "OK MESSAGE QUEUED"]). Codes 700–799 are events the server sends on its own
/// (notifications); the others answer the commands in the order they were sent.
public struct SSIPReply: Sendable, Equatable {
    public var code: Int
    public var lines: [String]

    public init(code: Int, lines: [String]) {
        self.code = code
        self.lines = lines
    }

    public var isEvent: Bool { (700..<800).contains(code) }
    /// 1xx and 2xx are success; 3xx, 4xx and 5xx are errors.
    public var isSuccess: Bool { code < 300 }
    /// The last line's text ("OK MESSAGE QUEUED").
    public var text: String { lines.last ?? "" }
}

/// Turns the bytes the server sends into replies, however they are split across reads. A line longer than
/// `lineLimit` or one that is not "NNN-" / "NNN " is a protocol error: the caller closes the connection.
public struct SSIPReplyParser: Sendable {
    public enum Failure: Error, Equatable { case lineTooLong, malformed(String) }

    private var partial: [UInt8] = []
    private var continuation: SSIPReply?
    public let lineLimit: Int

    public init(lineLimit: Int = 4096) { self.lineLimit = lineLimit }

    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> Result<[SSIPReply], Failure> where Bytes.Element == UInt8 {
        var replies: [SSIPReply] = []
        for byte in bytes {
            guard byte == 0x0A else {
                partial.append(byte)
                if partial.count > lineLimit { return .failure(.lineTooLong) }
                continue
            }
            if partial.last == 0x0D { partial.removeLast() }
            let line = String(decoding: partial, as: UTF8.self)
            partial.removeAll(keepingCapacity: true)
            let scalars = Array(line.utf8)
            guard scalars.count >= 4, scalars[0...2].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  scalars[3] == UInt8(ascii: "-") || scalars[3] == UInt8(ascii: " "),
                  let code = Int(String(decoding: scalars[0...2], as: UTF8.self)) else {
                return .failure(.malformed(line))
            }
            let text = String(decoding: scalars[4...], as: UTF8.self)
            var reply = continuation ?? SSIPReply(code: code, lines: [])
            guard reply.code == code else { return .failure(.malformed(line)) }
            reply.lines.append(text)
            if scalars[3] == UInt8(ascii: "-") {
                continuation = reply
            } else {
                continuation = nil
                replies.append(reply)
            }
        }
        return .success(replies)
    }
}
