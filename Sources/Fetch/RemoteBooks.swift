/// What the books read over the network (IIIF) share: one fetcher, whose keep-alive handles and disk cache serve
/// every such book. Made once by the command that opens books, from its settings and environment, and handed to
/// each opening.
public struct RemoteBooks: Sendable {
    public let fetcher: Fetcher

    public init(fetcher: Fetcher) { self.fetcher = fetcher }

    /// With a disk cache of `cacheBytes` (0 keeps nothing) in `$XDG_CACHE_HOME/recto` (or `~/.cache/recto`).
    public init(cacheBytes: Int, environment: [String: String]) {
        let cache = cacheBytes <= 0 ? nil
            : FetchCache.defaultDirectory(environment: environment).flatMap { try? FetchCache(directory: $0, maxBytes: cacheBytes) }
        fetcher = Fetcher(userAgent: Self.userAgent, cache: cache)
    }

    /// Nothing kept on disk: for what opens a book once (tests, tools that read a local book).
    public static var uncached: RemoteBooks { RemoteBooks(fetcher: Fetcher(userAgent: userAgent, cache: nil)) }

    static let userAgent = "Recto (IIIF reader)"
}
