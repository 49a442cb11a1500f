import AppCore
import FoundationEssentials
import Pages
import Platform
import Speech

extension ReaderApp {
    /// Speech mode's output (issue 27), made whether or not it is on: off, it connects to nothing.
    func makeSpeech() -> SpeechOutput {
        var config = options.speech
        config.socketPath = SpeechConnection.socketPath(environment: ProcessInfo.processInfo.environment)
        return SpeechOutput(config: config, loop: loop, phrases: { [unowned self] in speechPhrases },
                            report: { [unowned self] note in perform([.occurred(.speech(note))]) },
                            warn: { [logger = options.logger] in logger.warning("\($0)") })
    }

    /// The book now open (a shelf book once one is): what its pages' texts and language come from.
    var currentSource: PageSource { cache?.source ?? options.book.source }

    var speechPhrases: SpeechPhrases {
        SpeechPhrases(translator: options.app.translator, bookLanguage: currentSource.metadata.language,
                      configuredLanguage: options.speechLanguage)
    }

    /// What speech mode says of `occurrence` (its cue filled in with the page's text, the shelf's titles).
    func speak(_ occurrence: Occurrence) {
        guard let speech, speech.on || occurrence.speechCue == .reset, let cue = occurrence.speechCue else { return }
        let now = monotonicMilliseconds()
        let p = speechPhrases
        let attribution = p.attribution(currentSource.metadata.attribution)
        switch cue {
        case .page(let page): speech.say(pageParts(page, p), now: now)
        case .firstPage(let page): speech.say(pageParts(page, p) + attribution, now: now)
        case .zoom(let percent): speech.say(p.zoom(percent: percent), now: now)
        case .shelf: speech.say(p.shelf(titles: shelf?.books.map(\.title) ?? []), now: now)
        case let .opened(title, pages): speech.say(p.opened(title: title, pages: pages) + attribution, now: now)
        case let .focus(label, index, count): speech.say(p.focus(label: label, index: index, count: count), now: now)
        case .idleWarning(let seconds): speech.say(p.idleWarning(secondsLeft: seconds), now: now)
        case .idleExtended: speech.say(p.idleExtended, now: now)
        case .reset: speech.resetForNextVisitor(now: now)
        }
    }

    /// The spread of `page` as said: its pages' numbers or labels and their texts.
    private func pageParts(_ page: Int, _ p: SpeechPhrases) -> [SpeechPhrases.Part] {
        let position = core.reader.position
        let spread = position.spread.contains(page) ? position.spread.pages : [page]
        let source = currentSource
        var texts: [Int: String] = [:]
        for n in spread { texts[n] = source.text(of: n) }
        return p.page(spread, of: position.pageCount, labels: source.pageLabels ?? [], texts: texts)
    }
}
