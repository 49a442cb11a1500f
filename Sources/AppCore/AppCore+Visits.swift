import Gestures
import Reader

/// What the visit statistics need from the log beyond what it said before: how a turn was asked
/// for, and where a zoom looks.
extension AppCore {
    /// The turn kind an intent asks for ("drag", "flick", "tap", "key", "jump"); nil for an intent that turns no
    /// page. `recto ctl goto` is "control" (AppCore+Control.swift).
    static func turnKind(_ intent: Intent) -> TurnKind? {
        switch intent {
        case .curlBegin, .curlMove, .curlEnd: .drag
        case .flick: .flick
        case .turn(_, .tap): .tap
        case .turn(_, .key), .turn(_, .wheel), .turn(_, .button): .key
        case .jump: .jump
        default: nil
        }
    }

    /// The settled zoom, with the page under the window's centre and where on it (fractions of its width and
    /// height from its top left): what a heat map of zooms is drawn from.
    func zoomCentre() -> PagePoint? {
        guard let centre = reader.zoom.toBook(reader.zoom.viewport.center),
              let placed = reader.frame.pages.first(where: { $0.rect.contains(centre) }),
              placed.rect.width > 0, placed.rect.height > 0 else { return nil }
        return PagePoint(page: placed.page, x: (centre.x - placed.rect.x) / placed.rect.width,
                         y: (centre.y - placed.rect.y) / placed.rect.height)
    }
}
