import Book
import Occurrences
import Panels

/// Narration follows the page: the recordings of the spread that has settled play once a visitor is there
/// (not before the first touch, nor after the idle reset, nor in attract mode or over the shelf); a turn that
/// lands elsewhere fades them out and plays the new spread's. Derived at the end of every event from what is on
/// screen, so nothing has to remember to start or stop it.
extension AppCore {
    /// The spread narration should be playing now; nil: none. A turn in progress changes nothing yet (a page
    /// that falls back goes on being read).
    private var narratedSpread: [Int]?? {
        let n = controls.narration
        guard settings.narration, !n.awaitsVisitor, !idle.attract.active, shelf?.visible != true else { return .some(nil) }
        return reader.isTurning ? .none : .some(reader.position.spread.pages)
    }

    /// Called after every event and every frame's advance (a turn ends in a frame, with no event).
    mutating func narrationDue(now: Double) -> [AppEffect] {
        var out: [AppEffect] = []
        let language = visitorLanguage
        if case .some(let wanted) = narratedSpread,
           wanted != controls.narration.asked || (wanted != nil && language != controls.narration.language) {
            if controls.narration.asked != nil { out.append(.start(.narrate(.stop))) }
            controls.narration.playing = nil
            controls.narration.asked = wanted
            controls.narration.language = language
            if let wanted { out.append(.start(.narrate(.play(pages: wanted, language: language, loudness: NarrationLoudness(settings))))) }
        }
        controls.narration.captionsChange = controls.narration.playing.flatMap { p in
            p.pausedAt != nil ? nil : p.captions?.nextChange(after: now - p.heardAt).map { $0 + p.heardAt }
        }
        return out
    }

    /// What the player reported.
    mutating func narrationNoted(_ note: NarrationNote) -> [AppEffect] {
        switch note {
        case let .started(page, _, captions, heardAt, _):
            if controls.narration.asked?.contains(page) == true {
                controls.narration.playing = .init(page: page, heardAt: heardAt, captions: captions)
            }
        case .ended(let page, _, _, _):
            if controls.narration.playing?.page == page { controls.narration.playing = nil }
        case let .paused(page, at):
            if controls.narration.playing?.page == page { controls.narration.playing?.pausedAt = at }
        case let .resumed(page, heardAt):
            if controls.narration.playing?.page == page {
                controls.narration.playing?.heardAt = heardAt
                controls.narration.playing?.pausedAt = nil
            }
        case .failed, .captionsFailed, .unavailable: break
        }
        return [.occurred(.narration(note))]
    }

    /// Speech began: the recording gives way (and is not played again for this spread).
    mutating func narrationYields() -> [AppEffect] {
        guard controls.narration.playing != nil else { return [] }
        controls.narration.playing = nil
        return [.start(.narrate(.stop))]
    }

    /// A visitor is here: recordings may play.
    mutating func narrationVisitorArrived() { controls.narration.awaitsVisitor = false }

    /// The idle reset: the room may be empty, so nothing plays until the next touch; the next visitor hears
    /// narration as the setting says.
    mutating func narrationAwaitsVisitor() {
        controls.narration.awaitsVisitor = true
    }

    /// The play/pause control or its key: pauses what plays, goes on with what is paused, or (nothing playing:
    /// it ended or never began) plays the spread's recording from its start. A turn plays the next page's as ever.
    mutating func toggleNarration(now: Double) -> [AppEffect] {
        guard settings.narration else { return [] }
        guard var playing = controls.narration.playing else { return replayNarration() }
        let pausing = playing.pausedAt == nil
        // The captions hold at once; the player's note says exactly where.
        if pausing { playing.pausedAt = max(0, now - playing.heardAt) } else { playing.heardAt = now - (playing.pausedAt ?? 0); playing.pausedAt = nil }
        controls.narration.playing = playing
        return [.start(.narrate(pausing ? .pause : .resume)), .occurred(.narrationSwitched(on: !pausing))]
    }

    /// The replay control or its key: the spread's recording from its start (derived at the end of this event).
    mutating func replayNarration() -> [AppEffect] {
        guard settings.narration else { return [] }
        controls.narration.asked = nil
        controls.narration.playing = nil
        return [.occurred(.narrationSwitched(on: true))]
    }

    /// Keypad / and N play and pause; R plays from the start.
    static func isNarrationKey(_ sym: UInt32) -> Bool { sym == 0xffaf || sym == 0x6e || sym == 0x4e }
    static func isReplayKey(_ sym: UInt32) -> Bool { sym == 0x72 || sym == 0x52 }

    /// A frame with other captions than the last was committed: they are on screen now.
    mutating func captionsCommitted(_ plan: CaptionPanel?) -> [AppEffect] {
        let lines = plan?.lines ?? []
        guard lines != controls.narration.shownCaptions else { return [] }
        controls.narration.shownCaptions = lines
        return [.occurred(.captions(lines))]
    }

    /// The captions on screen at `now`, if a recording with captions plays: the cues due, and the next cue's.
    func captionPanel(at now: Double) -> CaptionPanel? {
        guard let p = controls.narration.playing, let captions = p.captions else { return nil }
        let at = p.pausedAt ?? now - p.heardAt
        let next = captions.cues.first { $0.start > at }
        let plan = CaptionPanel(lines: Self.lines(captions.showing(at: at)), upcoming: next.map { Self.lines([$0]) } ?? [],
                               largeText: settings.largeText)
        return plan.lines.isEmpty && plan.upcoming.isEmpty ? nil : plan
    }

    private static func lines(_ cues: [Caption]) -> [String] {
        var lines: [String] = []
        for cue in cues {
            for (i, line) in cue.lines.enumerated() {
                lines.append(i == 0 && cue.speaker != nil ? "\(cue.speaker!): \(line)" : line)
            }
        }
        return lines
    }
}

extension AppCore {
    /// What speech, the narration player and the page sound's player report.
    mutating func soundEvent(_ event: AppEvent) -> [AppEffect] {
        switch event {
        case .speech(let note): (note == .speaking ? narrationYields() : []) + [.occurred(.speech(note))]
        case .narration(let note): narrationNoted(note)
        case .pageSound(let note): [.occurred(.pageSound(note))]
        default: []
        }
    }
}
