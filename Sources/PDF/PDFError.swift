/// Why a PDF or one of its pages could not be read. `description` is one short sentence, fit for a placeholder.
public enum PDFError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No helper (`recto-pdf`, or `recto-epub` for an EPUB's drawn pages) at any of the places looked at.
    case helperNotFound(searched: [String], helper: DocumentHelper = .pdf)
    /// The helper (`recto-pdf`, `recto-epub`: its executable's name) could not be started, or it died (crashed, was
    /// killed, ran out of memory or stack, hit its sandbox); `reason` says which, with the signal that ended it.
    case helperFailed(helper: String, reason: String)
    /// The helper did not answer within the time limit; it was killed.
    case timedOut(milliseconds: Int)
    /// The document is encrypted and does not open without a password.
    case needsPassword
    /// The document cannot be opened (not a PDF, damaged beyond repair, no pages).
    case damaged(String)
    /// One page cannot be loaded or rendered.
    case page(String)
    /// A request the helper refused (page out of range, size past its limits) or any other refusal.
    case refused(String)
    /// The file could not be opened or read by recto itself.
    case unreadable(String)

    public var description: String {
        switch self {
        case .helperNotFound(let searched, let helper):
            let looked = searched.joined(separator: ", ")
            if helper == .epub {
                return "EPUB pages of text need the recto-epub helper, which is not installed (looked at \(looked))"
            }
            return "PDF books need the recto-pdf helper, which is not installed (looked at \(looked))"
        case .helperFailed(let helper, let reason): return "the helper \(helper) failed: \(reason)"
        case .timedOut(let ms): return "the page took longer than \(Double(ms) / 1000) s to render and was stopped"
        case .needsPassword: return "the PDF needs a password"
        // The same words for a PDF and for an EPUB the recto-epub helper opens: "the document".
        case .damaged(let reason): return "the document cannot be opened: \(reason)"
        case .page(let reason): return "the page cannot be rendered: \(reason)"
        case .refused(let reason): return "the document helper refused the request: \(reason)"
        case .unreadable(let reason): return reason
        }
    }
}
