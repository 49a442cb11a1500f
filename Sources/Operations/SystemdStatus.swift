import AppCore
import Occurrences

/// What systemd hears of what happened (sd_notify, `OccurrenceMeaning.systemd`): readiness with the first frame,
/// then a status line whenever the page or the book changes.
public enum SystemdStatus {
    /// The notification for `note`; `page` is the page shown now, `book` the book's path, `awaited` why a kiosk's
    /// book cannot be shown while it is awaited (the status says that rather than its one page).
    public static func message(for note: SystemdNote, page: Int, pageCount: Int, book: String, awaited: String? = nil) -> String {
        func line(page: Int, pageCount: Int) -> String {
            awaited.map { Self.waiting(book: book, reason: $0) } ?? Self.line(page: page, pageCount: pageCount, book: book)
        }
        return switch note {
        case .ready: "READY=1\nSTATUS=\(line(page: page, pageCount: pageCount))"
        case .page(let p): "STATUS=\(line(page: p, pageCount: pageCount))"
        case .pages(let pages): "STATUS=\(line(page: page, pageCount: pages))"
        case .awaited(let reason): "STATUS=\(waiting(book: book, reason: reason))"
        }
    }

    static func line(page: Int, pageCount: Int, book: String) -> String { "page \(page) of \(pageCount): \(book)" }
    static func waiting(book: String, reason: String) -> String { "waiting for the book \(book): \(reason)" }
}
