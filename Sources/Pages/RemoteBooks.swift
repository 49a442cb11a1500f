import Synchronization

/// Process-wide settings of books read over the network (IIIF), taken before the first one opens.
public enum RemoteBooks {
    static let cacheBytes = Mutex<Int>(1 << 30)

    /// Disk space for what IIIF books fetch (manifests, info.json, tiles), in bytes; 0 keeps nothing. Takes effect
    /// only before the first IIIF book is opened (its fetcher is shared by every book and made once).
    public static func setCacheBytes(_ bytes: Int) {
        cacheBytes.withLock { $0 = max(0, bytes) }
    }
}
