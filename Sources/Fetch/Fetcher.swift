import CCurl
import Glibc
import Posix
import Synchronization

/// HTTP(S) through libcurl, and file URLs, for worker threads: `fetch` blocks its caller, so it must never be
/// called on the frame loop's thread. Connections are kept alive in a pool of curl handles (one per transfer at
/// a time), HTTP/2 where the server offers it, TLS always verified, the proxy taken from the environment
/// (`http_proxy`, `https_proxy`, `no_proxy`), redirects bounded and kept to http and https.
public final class Fetcher: Sendable {
    private let idle = Mutex<[CurlHandle]>([])
    private let userAgent: String
    public let cache: FetchCache?

    public enum Policy: Sendable {
        /// A cached copy if there is one (tiles and images: they do not change under the same URL).
        case cacheFirst
        /// The network, and the cached copy only when the network fails (manifests, which are edited).
        case networkFirst
    }

    public init(userAgent: String, cache: FetchCache?) {
        self.userAgent = userAgent
        self.cache = cache
    }

    deinit {
        // No handle, no libcurl to open: a fetcher that never fetched leaves it unloaded.
        let handles = idle.withLock { $0 }
        guard !handles.isEmpty, let curl = Self.curl else { return }
        for handle in handles { curl.curl_easy_cleanup(handle.pointer) }
    }

    /// libcurl, opened and initialised with the first transfer (curl_global_init is not thread-safe: once, before
    /// any handle); nil when it cannot be opened. Unsafe only to the compiler: a table of C function pointers,
    /// written once here.
    private nonisolated(unsafe) static let curl: recto_curl_api? = {
        guard let api = recto_curl()?.pointee else { return nil }
        _ = api.curl_global_init(Int(CURL_GLOBAL_ALL))
        return api
    }()

    public func fetch(_ url: String, limits: FetchLimits, policy: Policy = .cacheFirst,
                      cancellation: FetchCancellation? = nil) throws(FetchError) -> [UInt8] {
        if url.lowercased().hasPrefix("file:") { return try Self.readFile(url, limits: limits) }
        guard url.lowercased().hasPrefix("http://") || url.lowercased().hasPrefix("https://") else {
            throw .unsupportedScheme(url: url)
        }
        if policy == .cacheFirst, let cached = cache?.read(url) { return cached }
        do {
            let body = try transfer(url, limits: limits, cancellation: cancellation)
            cache?.store(url, body)
            return body
        } catch {
            if error.isTransient, let cached = cache?.read(url) { return cached }
            throw error
        }
    }

    private func transfer(_ url: String, limits: FetchLimits,
                          cancellation: FetchCancellation?) throws(FetchError) -> [UInt8] {
        guard let curl = Self.curl else {
            throw .network("libcurl cannot be used: \(String(cString: recto_curl_failure()))", url: url)
        }
        let handle = idle.withLock { $0.popLast() } ?? CurlHandle(pointer: curl.curl_easy_init())
        guard let pointer = handle.pointer else { throw .network("libcurl could not start a transfer", url: url) }
        defer {
            curl.curl_easy_reset(pointer)
            idle.withLock { $0.append(handle) }
        }
        let state = UnsafeMutablePointer<recto_transfer>.allocate(capacity: 1)
        state.initialize(to: recto_transfer())
        state.pointee.limit = limits.maxBytes
        defer {
            free(state.pointee.data)
            state.deallocate()
        }
        configure(pointer, url: url, limits: limits)
        recto_transfer_attach(pointer, state)
        cancellation?.begin(state)
        let code = curl.curl_easy_perform(pointer)
        cancellation?.end()
        let status = recto_curl_response_code(pointer)
        switch code {
        case CURLE_OK:
            guard (200..<300).contains(status) else { throw .status(status, url: url) }
            guard let data = state.pointee.data else { return [] }
            return Array(UnsafeBufferPointer(start: data, count: state.pointee.length))
        case CURLE_WRITE_ERROR where state.pointee.overflowed != 0, CURLE_FILESIZE_EXCEEDED:
            throw .tooLarge(limit: limits.maxBytes, url: url)
        case CURLE_OPERATION_TIMEDOUT: throw .timedOut(url: url)
        case CURLE_TOO_MANY_REDIRECTS: throw .tooManyRedirects(url: url)
        case CURLE_ABORTED_BY_CALLBACK: throw .cancelled(url: url)
        case CURLE_UNSUPPORTED_PROTOCOL: throw .unsupportedScheme(url: url)
        default:
            let detail = withUnsafeBytes(of: state.pointee.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw .network(detail.isEmpty ? curl.curl_easy_strerror(code).map { String(cString: $0) } ?? "libcurl error \(code.rawValue)" : detail, url: url)
        }
    }

    private func configure(_ h: UnsafeMutableRawPointer, url: String, limits: FetchLimits) {
        _ = recto_curl_string(h, CURLOPT_URL, url)
        _ = recto_curl_string(h, CURLOPT_USERAGENT, userAgent)
        _ = recto_curl_string(h, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = recto_curl_string(h, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        _ = recto_curl_long(h, CURLOPT_FOLLOWLOCATION, 1)
        _ = recto_curl_long(h, CURLOPT_MAXREDIRS, limits.maxRedirects)
        _ = recto_curl_long(h, CURLOPT_CONNECTTIMEOUT_MS, limits.connectTimeoutMilliseconds)
        _ = recto_curl_long(h, CURLOPT_TIMEOUT_MS, limits.totalTimeoutMilliseconds)
        _ = recto_curl_long(h, CURLOPT_LOW_SPEED_LIMIT, limits.lowSpeedBytesPerSecond)
        _ = recto_curl_long(h, CURLOPT_LOW_SPEED_TIME, limits.lowSpeedSeconds)
        _ = recto_curl_off(h, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limits.maxBytes))
        _ = recto_curl_long(h, CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_2TLS)
        // Compressed bodies are decoded by curl; the write callback counts the decoded bytes against the limit.
        _ = recto_curl_string(h, CURLOPT_ACCEPT_ENCODING, "")
        // No signals from the resolver's timeouts: this runs on worker threads of a program with a signalfd.
        _ = recto_curl_long(h, CURLOPT_NOSIGNAL, 1)
    }

    /// `file://` URLs (a baked book's tiles beside its manifest), read with the same size bound.
    static func readFile(_ url: String, limits: FetchLimits) throws(FetchError) -> [UInt8] {
        var rest = Substring(url.dropFirst("file:".count))
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            // `file://localhost/x` and `file:///x`: only local files.
            guard let slash = rest.firstIndex(of: "/") else { throw .file("not a path", path: url) }
            guard rest[..<slash].isEmpty || rest[..<slash] == "localhost" else { throw .unsupportedScheme(url: url) }
            rest = rest[slash...]
        }
        let path = percentDecoded(String(rest))
        let fd: Int32
        switch systemCall({ open(path, O_RDONLY | O_CLOEXEC) }) {
        case .success(let opened): fd = opened
        case .failure(let error): throw .file(error.description, path: path)
        }
        defer { closeDescriptor(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let result = chunk.withUnsafeMutableBytes { buffer in systemCall { read(fd, buffer.baseAddress, buffer.count) } }
            switch result {
            case .success(0): return bytes
            case .success(let n):
                guard bytes.count + n <= limits.maxBytes else { throw .tooLarge(limit: limits.maxBytes, url: url) }
                bytes.append(contentsOf: chunk[..<n])
            case .failure(let error): throw .file(error.description, path: path)
            }
        }
    }

    static func percentDecoded(_ s: String) -> String {
        var out: [UInt8] = []
        var bytes = Array(s.utf8)[...]
        while let byte = bytes.popFirst() {
            if byte == UInt8(ascii: "%"), bytes.count >= 2,
               let value = UInt8(String(decoding: bytes.prefix(2), as: UTF8.self), radix: 16) {
                out.append(value)
                bytes = bytes.dropFirst(2)
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// A curl easy handle: used by one transfer at a time, handed between worker threads through the pool's lock.
struct CurlHandle: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer?
}

/// Cancels a fetch from another thread (a tile scrolled out of view): the transfer stops at curl's next
/// progress callback, within about a second even on a stalled connection.
public final class FetchCancellation: Sendable {
    private struct State: @unchecked Sendable {
        var active: UnsafeMutablePointer<recto_transfer>?
        var cancelled = false
    }
    private let state = Mutex(State())

    public init() {}

    public func cancel() {
        state.withLock {
            $0.cancelled = true
            if let active = $0.active { recto_transfer_cancel(active) }
        }
    }

    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    func begin(_ transfer: UnsafeMutablePointer<recto_transfer>) {
        state.withLock {
            $0.active = transfer
            if $0.cancelled { recto_transfer_cancel(transfer) }
        }
    }

    func end() { state.withLock { $0.active = nil } }
}
