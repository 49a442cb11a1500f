import Foundation
import Geometry
import Gestures

/// The scene the traces were recorded against (see Traces/generate.py): a 1280×800 window showing a spread.
enum Scene {
    static let window = Rect(x: 0, y: 0, width: 1280, height: 800)
    static let leftPage = Rect(x: 40, y: 40, width: 600, height: 720)
    static let rightPage = Rect(x: 640, y: 40, width: 600, height: 720)

    static func context(zoomed: Bool = false, rightToLeft: Bool = false,
                        config: GestureConfig = GestureConfig()) -> GestureContext {
        var c = GestureContext(tapArea: window, isZoomed: zoomed, rightToLeft: rightToLeft)
        c.setTurnablePages(forward: TurnablePage(rect: rightPage, outerEdge: .right),
                           backward: TurnablePage(rect: leftPage, outerEdge: .left), config: config)
        return c
    }
}

/// A short name per intent case, for readable expectations.
func kind(_ i: Intent) -> String {
    switch i {
    case .curlBegin: "curlBegin"
    case .curlMove: "curlMove"
    case .curlEnd: "curlEnd"
    case .curlCancel: "curlCancel"
    case .flick: "flick"
    case .turn: "turn"
    case .jump: "jump"
    case .middleTap: "middleTap"
    case .followLink: "followLink"
    case .edgeSwipeUp: "edgeSwipeUp"
    case .control: "control"
    case .toggleZoom: "toggleZoom"
    case .zoomBy: "zoomBy"
    case .zoomReset: "zoomReset"
    case .transformBegin: "transformBegin"
    case .transformUpdate: "transformUpdate"
    case .transformEnd: "transformEnd"
    case .transformCancel: "transformCancel"
    case .panBegin: "panBegin"
    case .panMove: "panMove"
    case .panEnd: "panEnd"
    case .panCancel: "panCancel"
    case .quit: "quit"
    }
}

/// Kinds with each run of updates (curl moves, pan moves, transform updates) shown once.
func shape(_ intents: [Intent]) -> [String] {
    var out: [String] = []
    for k in intents.map(kind) where !(out.last == k && ["curlMove", "panMove", "transformUpdate"].contains(k)) {
        out.append(k)
    }
    return out
}

/// A recognizer and the view it is shown, as the app pairs them: every event is handled against `context`.
struct TestRecognizer {
    var recognizer: GestureRecognizer
    var context: GestureContext

    init(context: GestureContext, config: GestureConfig = GestureConfig()) {
        recognizer = GestureRecognizer(config: config)
        self.context = context
    }

    mutating func timed(_ event: InputEvent) -> [TimedIntent] { recognizer.handle(event, in: context) }
    mutating func handle(_ event: InputEvent) -> [Intent] { timed(event).map(\.intent) }
    /// Feeds all events, returning every intent in order.
    mutating func feed(_ events: [InputEvent]) -> [Intent] { events.flatMap { handle($0) } }
    mutating func tick(now: Double) -> [Intent] { recognizer.tick(now: now).map(\.intent) }
    var isIdle: Bool { recognizer.isIdle }
    var nextDeadline: Double? { recognizer.nextDeadline }
    var touchCount: Int { recognizer.touchCount }
}
