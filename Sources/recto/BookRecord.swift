import FoundationEssentials
import Logging
import Pages

/// The remembered page of the book being read: looked up by the book's identity (a rename keeps it, new
/// content does not) when it opens, written when its page changes.
struct BookRecord {
    let identity: BookIdentity
    let store: BookPositions
    let logger: Logger
    /// Where the book was left, if it was opened before.
    let page: Int?

    /// Nil when no state directory is known or the book's identity cannot be read.
    init?(_ source: PageSource, logger: Logger) {
        guard let directory = BookPositions.defaultDirectory(environment: ProcessInfo.processInfo.environment),
              let identity = BookIdentity(source) else { return nil }
        self.identity = identity
        store = BookPositions(directory: directory)
        self.logger = logger
        page = store.page(of: identity)
        if let page { logger.info("book \(source.path) was left on page \(page)") }
    }

    func remember(_ page: Int) {
        do { try store.remember(page, of: identity) } catch {
            logger.warning("the page will not be remembered: \(error)")
        }
    }
}
