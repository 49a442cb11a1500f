/// Why a Unix socket of the reader's own (the control socket) or one it connects to (speech-dispatcher's) cannot
/// be used: the reader goes on without it.
public struct SocketError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
