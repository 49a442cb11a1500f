/// How a visitor turned a page. `key` covers the keyboard, the wheel and pointer buttons; `control` is
/// `recto ctl goto` (an operator or a companion screen); `jump` the scrubber and Home/End.
public enum TurnKind: String, CaseIterable, Sendable, Hashable {
    case drag, flick, tap, key, control, jump
}
