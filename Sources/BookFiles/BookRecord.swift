import Pages
import FoundationEssentials

/// The remembered page of the book being read: looked up by the book's identity (a rename keeps it, new
/// content does not) when it opens, written when its page changes.
public struct BookRecord {
    let identity: BookIdentity
    let store: BookPositions
    /// Where the book was left, if it was opened before.
    public let page: Int?

    /// Nil when no state directory is known or the book's identity cannot be read.
    public init?(_ source: PageSource, environment: [String: String]) {
        guard let directory = BookPositions.defaultDirectory(environment: environment),
              let identity = BookIdentity(source) else { return nil }
        self.identity = identity
        store = BookPositions(directory: directory)
        page = store.page(of: identity)
    }

    public func remember(_ page: Int) throws { try store.remember(page, of: identity) }
}
