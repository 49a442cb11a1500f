
public enum FetchError: Error, Equatable, Sendable, CustomStringConvertible {
    case unsupportedScheme(url: String)
    case status(Int, url: String)
    case timedOut(url: String)
    case tooLarge(limit: Int, url: String)
    case tooManyRedirects(url: String)
    case cancelled(url: String)
    case network(String, url: String)
    case file(String, path: String)

    public var description: String {
        switch self {
        case .unsupportedScheme(let url): "\(url): only http, https and file URLs are read"
        case .status(let code, let url): "\(url): the server answered HTTP \(code)"
        case .timedOut(let url): "\(url): timed out"
        case .tooLarge(let limit, let url): "\(url): larger than \(limit >> 20) MB"
        case .tooManyRedirects(let url): "\(url): too many redirects"
        case .cancelled(let url): "\(url): cancelled"
        case .network(let why, let url): "\(url): \(why)"
        case .file(let why, let path): "\(path): \(why)"
        }
    }

    /// Whether a cached copy may stand in: the network failed, not the request (a 404 is an answer).
    public var isTransient: Bool {
        switch self {
        case .timedOut, .network: true
        case .status(let code, _): code >= 500 || code == 429
        default: false
        }
    }
}
