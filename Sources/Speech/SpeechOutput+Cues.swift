import AppCore
import Occurrences

extension SpeechOutput {
    /// Says what `cue` means (the shell passes on only what speech mode hears, `SpeechCue.heardWhenOff`): a page through `page` (the page and whether it is the
    /// book's first: its spread's labels and text, once read, then the attribution), the shelf through
    /// `shelfTitles`; a IIIF book's `attribution` after its title.
    public func speak(_ cue: SpeechCue, phrases p: SpeechPhrases, attribution: [SpeechPhrases.Part],
                      page: (_ page: Int, _ first: Bool) -> Void, shelfTitles: () -> [String], now: Double) {
        switch cue {
        case .page(let n): page(n, false)
        // A tap that silenced speech leaves it silent; the next tap says the page.
        case .pageAgain(let n): if !touchSilenced { page(n, false) }
        case .firstPage(let n): page(n, true)
        case .zoom(let percent): say(p.zoom(percent: percent), now: now)
        case .shelf: say(p.shelf(titles: shelfTitles()), now: now)
        case let .opened(title, pages): say(p.opened(title: title, pages: pages) + attribution, now: now)
        case let .focus(label, index, count): say(p.focus(label: label, index: index, count: count), now: now)
        case .idleWarning(let seconds): say(p.idleWarning(secondsLeft: seconds), now: now)
        case .idleExtended: say(p.idleExtended, now: now)
        case .reset: resetForNextVisitor(now: now)
        // Not the last utterance: keypad 5 goes on repeating what was said before.
        case .mode(let on): speak(on ? p.speechOn : p.speechOff, now: now)
        case .narration(let on): say(on ? p.narrationOn : p.narrationOff, now: now)
        case let .note(text, language): say(p.note(text, language: language), now: now)
        case .layers(let layers): say(p.layers(layers), now: now)
        case .language(let code): say(p.language(code), now: now)
        case let .about(text, language): say(p.about(text, language: language), now: now)
        }
    }
}
