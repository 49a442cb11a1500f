import Gestures
import Geometry

/// Input on its way to intents: its time placed on the frame clock (`InputClock`), the gestures it makes
/// (`GestureRecognizer`), and where a dragging finger will be when the next frame is seen (`TouchPredictor`).
struct InputPolicy: Sendable {
    var recognizer: GestureRecognizer
    /// Places input times on the frame clock.
    private var clock = InputClock()
    private(set) var predictor = TouchPredictor()
    /// The newest input event's time, for `recto ctl status`.
    private(set) var lastInputAt: Double?
    /// Tests set this to an empty array to record every intent applied to the reader, with its time.
    var journal: [TimedIntent]?

    init(gestures: GestureConfig) {
        recognizer = GestureRecognizer(config: gestures)
    }

    var deadline: Double? { recognizer.nextDeadline }

    /// `event`, received at `now`, with its time on the frame clock (nil: it carries none, and no intent).
    mutating func arrived(_ event: InputEvent, receivedAt now: Double) -> InputEvent {
        let placed = clock.map(event, receivedAt: now)
        if let time = placed.time { lastInputAt = time }
        return placed
    }

    /// An intent goes to the reader: recorded, and a drag's positions feed the predictor.
    mutating func applying(_ timed: TimedIntent) {
        journal?.append(timed)
        switch timed.intent {
        case .curlBegin(let b): follow(from: b.position, at: timed.time)
        case .curlMove(let p): predictor.add(position: p, time: timed.time)
        case .curlEnd, .curlCancel: predictor.reset()
        default: break
        }
    }

    /// A drag that waited begins now (`begin` recorded at the finger's time).
    mutating func lateDrag(_ begin: TimedIntent, from position: Vec2) {
        journal?.append(begin)
        follow(from: position, at: begin.time)
    }

    private mutating func follow(from position: Vec2, at time: Double) {
        predictor.reset()
        predictor.add(position: position, time: time)
    }

    /// The screen's density is known: the slop is as far on the glass as intended.
    mutating func density(pixelsPerMM: Double?) {
        recognizer.config.slop = GestureConfig.slop(pixelsPerMM: pixelsPerMM)
    }

    /// Live settings changed: the recognizer takes them, keeping the slop the screen's density set.
    mutating func retune(_ gestures: GestureConfig) {
        let slop = recognizer.config.slop
        recognizer.config = gestures
        recognizer.config.slop = slop
    }
}
