/// How long and how much one fetch may take. A server that stalls, trickles, redirects in circles or sends
/// without end costs a worker at most this, never the frame loop.
public struct FetchLimits: Sendable, Equatable {
    public var maxBytes: Int
    public var connectTimeoutMilliseconds: Int
    public var totalTimeoutMilliseconds: Int
    /// A transfer slower than this many bytes a second for `lowSpeedSeconds` is given up (a trickling server).
    public var lowSpeedBytesPerSecond: Int
    public var lowSpeedSeconds: Int
    public var maxRedirects: Int

    public init(maxBytes: Int = 64 << 20, connectTimeoutMilliseconds: Int = 10_000,
                totalTimeoutMilliseconds: Int = 60_000, lowSpeedBytesPerSecond: Int = 1024, lowSpeedSeconds: Int = 10,
                maxRedirects: Int = 5) {
        self.maxBytes = maxBytes
        self.connectTimeoutMilliseconds = connectTimeoutMilliseconds
        self.totalTimeoutMilliseconds = totalTimeoutMilliseconds
        self.lowSpeedBytesPerSecond = lowSpeedBytesPerSecond
        self.lowSpeedSeconds = lowSpeedSeconds
        self.maxRedirects = maxRedirects
    }

    /// These time-outs and redirects with another size bound.
    public func bounded(_ bytes: Int) -> FetchLimits {
        var limits = self
        limits.maxBytes = bytes
        return limits
    }

    /// Manifests and info.json: small documents.
    public static let document = FetchLimits(maxBytes: 64 << 20)
    /// One tile or whole image: a JPEG of a few MB at most; a bomb is refused by the decoder's own limits.
    public static let image = FetchLimits(maxBytes: 32 << 20)
}
