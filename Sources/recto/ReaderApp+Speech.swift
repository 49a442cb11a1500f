import AppCore
import FoundationEssentials
import Occurrences
import Pages
import Platform
import Speech

extension ReaderApp {
    /// Speech's output, made whether or not speech mode is on: until something is said, it connects to nothing.
    func makeSpeech() -> SpeechOutput {
        let s = core.settings
        let config = SpeechOutput.Config(rate: s.speechRate, volume: s.speechVolume,
                                         socketPath: SpeechConnection.socketPath(environment: ProcessInfo.processInfo.environment))
        return SpeechOutput(config: config, connectsNow: core.speechMode, loop: loop,
                            report: { [unowned self] note in deliver(.speech(note)) },
                            warn: { [logger = logger] in logger.warning("\($0)") })
    }

    /// The book now open (a shelf book once one is): what its pages' texts and language come from.
    var currentSource: PageSource { cache?.source ?? book.source }

    var speechPhrases: SpeechPhrases {
        SpeechPhrases(translator: core.translator, bookLanguage: currentSource.metadata.language,
                      configuredLanguage: core.voiceLanguage)
    }

    /// Says `cue`, filled in with the page's text, the shelf's titles.
    func speak(_ cue: SpeechCue) {
        guard let speech else { return }
        let now = monotonicMilliseconds(), p = speechPhrases
        spokenPages?.cancel()
        speech.speak(cue, phrases: p, attribution: p.attribution(core.attribution),
                     page: { [unowned self] in sayPage($0, first: $1, at: now) },
                     shelfTitles: { [covers = library.covers] in covers?.books.map(\.title) ?? [] }, now: now)
    }

    /// Pages' own texts, read on their thread (made with the first page asked for).
    var pageTexts: SpokenPages {
        if let spokenPages { return spokenPages }
        let texts = SpokenPages()
        loop.add(fd: texts.fd) { [unowned self] _ in spokenPages?.textsRead() }
        spokenPages = texts
        return texts
    }

    /// The spread of `page`, said once its texts are read; `at`: when the cue happened (its SPEAK counts the wait).
    private func sayPage(_ page: Int, first: Bool, at: Double) {
        guard let speech else { return }
        let texts = pageTexts
        let position = core.reader.position, source = currentSource, p = speechPhrases
        let spread = position.spread.contains(page) ? position.spread.pages : [page]
        // Speech mode switched off while the texts are read comes with a cue of its own ("Speech off", the reset),
        // which cancels this one.
        texts.cue(spread, around: page, book: disk.generation, source: source) { [unowned self] known in
            speech.say(p.page(spread, of: position.pageCount, labels: core.pageLabels, texts: known)
                       + (first ? p.attribution(core.attribution) : []), now: at)
        }
    }
}
