import Gestures
import Occurrences

/// Speech mode is the core's fact: on at start and after each idle reset as the `speech` setting says, switched by
/// the speech key (`speech-key`: holding keypad 5, the key with the tactile dot, for `speech-hold` ms, or a press
/// of keypad *). In speech mode every touch, click or key first asks the speech output to stop, so a visitor
/// silences it by doing anything at all; a short press of keypad 5 says the last utterance again. (Off, nothing
/// is said but the short "Speech off", and input passes without a word to the output.) What is said comes from the
/// occurrences' meanings (`OccurrenceMeaning.speech`), said while the mode is on (`SpeechCue.heardWhenOff`).
extension AppCore {
    public var speechMode: Bool { controls.speechMode }

    /// `effects` with, after each occurrence that speech mode says something of, the `say` of its cue: while the
    /// mode is on (as it is once the event is handled), or for a cue heard whatever the mode. Every way out of the
    /// core (`handle`, `nextFrame`, `frameCommitted`) passes its effects here.
    func spoken(_ effects: [AppEffect]) -> [AppEffect] {
        // Most calls (each frame's) carry no occurrence: the effects pass as they are, not copied.
        guard effects.contains(where: { if case .occurred = $0 { true } else { false } }) else { return effects }
        var out: [AppEffect] = []
        out.reserveCapacity(effects.count)
        for effect in effects {
            out.append(effect)
            guard case .occurred(let occurrence) = effect, let cue = occurrence.meaning.speech,
                  controls.speechMode || cue.heardWhenOff else { continue }
            out.append(.say(cue))
        }
        return out
    }

    /// What `event` means to speech, before the rest of the core hears it (it goes on to them all the same: a
    /// key or touch is activity for the idle reset).
    mutating func speechInput(_ event: InputEvent, now: Double) -> [AppEffect] {
        switch event {
        case let .key(sym, pressed, _, _) where isSpeechKey(sym):
            guard pressed else { return speechKeyReleased(sym, now: now) }
            let out: [AppEffect] = controls.speechMode ? [.speech(.stop(byTouch: false))] : []
            if settings.speechKey == "keypad-multiply" && sym == Keysym.KP_Multiply { return out + toggleSpeech() }
            // Key repeats arrive as presses: one past the hold toggles while the key is still down.
            let held = controls.speechKey.pressed(at: now) == .toggle
            return out + (held && holdToggles ? toggleSpeech() : [])
        case .touchDown, .pointerButton(_, true, _): return controls.speechMode ? [.speech(.stop(byTouch: true))] : []
        case .key(_, true, _, _): return controls.speechMode ? [.speech(.stop(byTouch: false))] : []
        default: return []
        }
    }

    /// When a speech key held down toggles speech mode (the platform sends no key repeats to say so).
    var speechKeyDeadline: Double? { holdToggles ? controls.speechKey.toggleDue : nil }

    mutating func speechKeyDue(now: Double) -> [AppEffect] {
        guard holdToggles, controls.speechKey.timerFired(at: now) == .toggle else { return [] }
        return toggleSpeech()
    }

    /// The idle reset: the next visitor finds speech mode as the setting says, without a word about it.
    mutating func speechModeToSetting() -> [AppEffect] {
        guard controls.speechMode != settings.speech else { return [] }
        speechModeSwitched(on: settings.speech)
        return [.occurred(.speech(.mode(on: settings.speech, byVisitor: false)))]
    }

    private var holdToggles: Bool { settings.speechKey == "keypad-5-hold" }

    private func isSpeechKey(_ sym: UInt32) -> Bool {
        sym == Keysym.KP_5 || sym == Keysym.KP_Begin || (settings.speechKey == "keypad-multiply" && sym == Keysym.KP_Multiply)
    }

    private mutating func speechKeyReleased(_ sym: UInt32, now: Double) -> [AppEffect] {
        guard sym != Keysym.KP_Multiply else { return [] }
        switch controls.speechKey.released(at: now) {
        case .toggle where holdToggles: return toggleSpeech()
        // Without the hold toggle, any press of keypad 5 repeats.
        case .repeatLast, .toggle: return controls.speechMode ? [.speech(.repeatLast)] : []
        case nil: return []
        }
    }

    private mutating func toggleSpeech() -> [AppEffect] {
        speechModeSwitched(on: !controls.speechMode)
        return [.occurred(.speech(.mode(on: controls.speechMode, byVisitor: true)))]
    }
}
