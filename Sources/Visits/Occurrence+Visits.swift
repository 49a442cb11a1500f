import AppCore

/// What the visit recorder hears of each occurrence: one switch, no `default:`, so a new occurrence does not
/// compile until it is decided here too.
extension Occurrence {
    public var visitInputs: [VisitInput] {
        switch self {
        case let .page(page, by): (by.map { [VisitInput.turn($0)] } ?? []) + [.page(page)]
        case let .flip(phase, _, by): phase == .commit ? (by.map { [VisitInput.turn($0)] } ?? []) : []
        case let .zoom(scale, _, centre): [.zoom(scale: scale, centre: centre)]
        case .overlay(let shown): shown ? [.overlay] : []
        case .jump: [.scrubber]
        // A link is a way to another page, as Home and End are.
        case .linkFollowed, .sectionOpened: [.turn(.jump)]
        case .idleReset: [.idleReset]
        case .attractBegan: [.attractBegan]
        case .attractEnded: [.attractEnded]
        case .retuned(let idleReset): [.idleTimeout(idleReset)]
        case .narration(.started(_, _, let captions, _, _)): [.narration(captioned: captions != nil)]
        case .narration(.ended(_, let heard, _, _)): [.narrationHeard(ms: heard)]
        case .narration(.failed), .narration(.captionsFailed), .narration(.unavailable), .narration(.paused), .narration(.resumed): []
        case .contents(let shown): shown ? [.contentsOpened] : []
        case .noteOpened: [.noteOpened]
        case .layers: [.layers]
        case .language(let code): [.language(code)]
        case .ready, .shown, .noteClosed, .drawn, .notesLeftOut, .renderer, .book, .opened, .shelf, .region, .pageFailed, .turnWaits, .turnCarried, .turnRefused,
             .turnsCleared, .dragHeld, .dragBegins, .dragLifted, .attractLooped, .speech, .narrationSwitched, .captions, .focus, .pageAsked,

             // The curator's doing, not the visitor's.
             .library, .bookAwaited,

             // The touch that extends is an input the visit hears anyway; the countdown changes nothing read.
             .idleWarning, .idleExtended:
            []
        }
    }
}
