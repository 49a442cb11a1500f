import Gestures
import Reader

/// The paper's sound (`page-sound`): one at the start of each turn and one as a dragged page is let go, as loud as
/// the hand was fast. A drag lifting the corner rustles softly; a key or tap turns with a moderate sound; a flick
/// or a page let go sounds louder the faster it went. Each replaces the one before (the shell's player has one
/// voice), so fast turns never pile up into noise.
extension AppCore {
    mutating func pageSound(_ intent: Intent, _ events: [ReaderEvent]) -> [AppEffect] {
        guard settings.pageSound else { return [] }
        let begins = events.contains { if case .flip(.begin, _) = $0 { true } else { false } }
        let ends = events.contains { if case .flip(.commit, _) = $0 { true } else if case .flip(.cancel, _) = $0 { true } else { false } }
        let level: Double? = switch intent {
        case .curlBegin where begins: Self.dragLiftLevel
        case .turn where begins: Self.pressLevel
        case .flick(_, let velocity) where begins: Self.level(speed: velocity.length)
        case .curlEnd(_, let velocity) where ends || begins: Self.level(speed: velocity.length)
        default: nil
        }
        return level.map { [.start(.playPageSound(level: $0, loudness: NarrationLoudness(settings)))] } ?? []
    }

    static let dragLiftLevel = 0.15
    static let pressLevel = 0.4

    /// From a soft 0.2 for a page let go at rest to the loudest at 3,000 px/s and faster (a hard flick).
    static func level(speed: Double) -> Double {
        guard speed.isFinite else { return 1 }
        return min(1, 0.2 + 0.8 * max(0, speed) / 3000)
    }
}
