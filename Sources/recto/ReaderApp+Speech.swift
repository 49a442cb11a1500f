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
        // Any other cue replaces a page still waiting for its text.
        spokenPages?.pending = nil
        switch cue {
        case .page(let page): sayPage(page, first: false, at: now)
        case .firstPage(let page): sayPage(page, first: true, at: now)
        case .zoom(let percent): speech.say(p.zoom(percent: percent), now: now)
        case .shelf: speech.say(p.shelf(titles: shelf?.books.map(\.title) ?? []), now: now)
        case let .opened(title, pages): speech.say(p.opened(title: title, pages: pages) + attribution, now: now)
        case let .focus(label, index, count): speech.say(p.focus(label: label, index: index, count: count), now: now)
        case .idleWarning(let seconds): speech.say(p.idleWarning(secondsLeft: seconds), now: now)
        case .idleExtended: speech.say(p.idleExtended, now: now)
        case .reset: speech.resetForNextVisitor(now: now)
        }
    }

    /// Says the spread of `page` (its pages' numbers or labels and their texts) once its texts are read: at once
    /// when they are known (read ahead at the turn before), else when the reading thread has them. `at`: when
    /// the cue happened, so the time to its SPEAK counts the wait.
    private func sayPage(_ page: Int, first: Bool, at: Double) {
        guard let speech else { return }
        let texts = spokenPages ?? {
            let made = SpokenPages()
            spokenPages = made
            loop.add(fd: made.fd) { [unowned self] _ in handle(.pageTexts) }
            return made
        }()
        let position = core.reader.position
        let spread = position.spread.contains(page) ? position.spread.pages : [page]
        let ahead = (1...2).flatMap { [(spread.max() ?? page) + $0, (spread.min() ?? page) - $0] }
        let source = currentSource
        guard let known = texts.texts(spread, ahead: ahead, book: bookGeneration, source: source) else {
            texts.pending = .init(page: page, first: first, at: at)
            return
        }
        let p = speechPhrases
        let parts = p.page(spread, of: position.pageCount, labels: source.pageLabels ?? [], texts: known)
        speech.say(parts + (first ? p.attribution(source.metadata.attribution) : []), now: at)
    }

    /// The reading thread has texts: the page cue waiting for them is said now.
    func pageTextsRead() {
        guard let texts = spokenPages, texts.take(), let pending = texts.pending else { return }
        texts.pending = nil
        sayPage(pending.page, first: pending.first, at: pending.at)
    }
}
