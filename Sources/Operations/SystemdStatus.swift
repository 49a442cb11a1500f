import AppCore

/// What systemd hears of what happened (sd_notify): readiness with the first frame, then a status line
/// whenever the page or the book changes. Each occurrence decides here, with no `default:`.
public enum SystemdStatus {
    /// The notification for `occurrence`, or nil; `page` is the page shown now, `book` the book's path, `awaited`
    /// why a kiosk's book cannot be shown while it is awaited (the status says that rather than its one page).
    public static func message(for occurrence: Occurrence, page: Int, pageCount: Int, book: String, awaited: String? = nil) -> String? {
        func line(page: Int, pageCount: Int) -> String {
            awaited.map { Self.waiting(book: book, reason: $0) } ?? Self.line(page: page, pageCount: pageCount, book: book)
        }
        return switch occurrence {
        case .ready: "READY=1\nSTATUS=\(line(page: page, pageCount: pageCount))"
        case .page(let p, _): "STATUS=\(line(page: p, pageCount: pageCount))"
        case .book(let pages): "STATUS=\(line(page: page, pageCount: pages))"
        case .bookAwaited(let reason): "STATUS=\(waiting(book: book, reason: reason))"
        case .shown, .renderer, .opened, .shelf, .flip, .zoom, .region, .pageFailed, .turnWaits, .turnCarried, .turnRefused,
             .turnsCleared, .dragHeld, .dragBegins, .dragLifted, .idleReset, .overlay, .jump, .linkFollowed, .contents, .noteOpened, .noteClosed, .layers, .language, .drawn, .notesLeftOut, .sectionOpened, .attractBegan,
             .attractLooped, .attractEnded, .speech, .narration, .narrationSwitched, .captions, .focus, .pageAsked, .retuned,

             // The status names the book read; the shelf's contents are the log's and the metrics' business.
             .library,

             // A countdown is the visitor's business, not the service's state.
             .idleWarning, .idleExtended:
            nil
        }
    }

    static func line(page: Int, pageCount: Int, book: String) -> String { "page \(page) of \(pageCount): \(book)" }
    static func waiting(book: String, reason: String) -> String { "waiting for the book \(book): \(reason)" }
}
