import Geometry

/// What the user means, as the reader (or a control on screen) consumes it. Positions are surface pixels (y down),
/// velocities px/s.
///
/// Stateful gestures come as brackets: `curlBegin` … `curlEnd | curlCancel`, `panBegin` … `panEnd | panCancel`,
/// `transformBegin` … `transformEnd | transformCancel`, a control's `down` … `lift | tap | cancel`. At most one
/// bracket is open at any time (across touch, pointer and touchpad), a bracket is always closed, and the updates
/// inside it are absolute (relative to the begin). The recognizer hands each intent out with its event's time
/// (`TimedIntent`).
public enum Intent: Sendable, Hashable {
    /// A finger or the left button grabbed a page's corner or outer edge and moved past the slop.
    case curlBegin(CurlBegin)
    /// The grabbing finger's newest position.
    case curlMove(Vec2)
    /// Released at `position` with `velocity` (least-squares fit over the last ~100 ms of the stroke's event
    /// times; the stroke's one velocity estimate): the reader decides commit or fall-back from both.
    case curlEnd(position: Vec2, velocity: Vec2)
    /// The curl must fall back to rest (second finger, touch cancel, pointer left).
    case curlCancel

    /// A fast horizontal swipe on an unzoomed page, not started in a grab zone; `velocity` at release.
    case flick(TurnDirection, velocity: Vec2)
    /// A discrete page turn (tap zone, wheel, key, mouse thumb button).
    case turn(TurnDirection, cause: TurnCause)
    /// Home / End.
    case jump(JumpTarget)
    /// A single tap in the middle of an unzoomed page (between the tap zones): show or hide the page overlay.
    case middleTap
    /// A single tap on a link of a page (`GestureContext.links`), at `at`: it acts at once, before the tap zones
    /// and the middle's overlay, zoomed or not.
    case followLink(at: Vec2)
    /// A finger that went down in `GestureContext.edgeSwipeZone` moved up by `edgeSwipeDistance`: show the page overlay.
    /// The stroke goes on as it would have (a vertical stroke turns nothing).
    case edgeSwipeUp

    /// A stroke that went down on a control (`GestureContext.controls`): it is the control's until it lifts,
    /// whatever it does. Its tap acts at once (a control has no double tap).
    case control(ControlStroke)

    /// Double tap (or double click): toggle between fit and zoomed, centred on `at`.
    case toggleZoom(at: Vec2)
    /// Multiply the zoom by `factor` keeping `around` fixed on screen (nil: the view's centre).
    case zoomBy(factor: Double, around: Vec2?)
    /// Back to fit ("0" key).
    case zoomReset

    /// Two fingers (or a touchpad pinch) landed: `transform` is the identity about the start midpoint.
    case transformBegin(GestureTransform)
    /// The transform since the begin (not since the previous update): new view = `affine ∘ view at begin`.
    case transformUpdate(GestureTransform)
    /// The gesture ended normally; carries the final transform (same as the last update).
    case transformEnd(GestureTransform)
    /// Touch cancel or a cancelled touchpad pinch: the reader should return to the view at the begin.
    case transformCancel

    /// One finger (or the left button) drags a zoomed page, or the finger left over after a pinch.
    case panBegin(at: Vec2)
    /// Finger motion since `panBegin` (absolute, px): new view = translation ∘ view at begin.
    case panMove(translation: Vec2)
    /// Released; `velocity` is the fit over the last ~100 ms of the pan (zero when the pan was interrupted).
    case panEnd(translation: Vec2, velocity: Vec2)
    /// Touch cancel: the reader may keep or undo the pan (it is harmless either way).
    case panCancel

    /// Ctrl+Q. The app ignores it in kiosk mode.
    case quit
}

/// An intent with the time of the input event that caused it (ms, the events' clock): the reader, the release
/// physics and the touch predictor use this time and no clock of their own, so a batch of events read late
/// means exactly what the same events read one by one meant.
public struct TimedIntent: Sendable, Hashable {
    public var intent: Intent
    /// The causing event's timestamp; for a single tap, the moment its double-tap interval ran out.
    public var time: Double

    public init(_ intent: Intent, at time: Double) { self.intent = intent; self.time = time }
}

/// Payload of `Intent.control`: one step of a stroke on a control.
public struct ControlStroke: Sendable, Hashable {
    public enum Phase: Sendable, Hashable {
        /// Went down on the control (at `start`).
        case down
        /// Moved, still within the slop.
        case move
        /// Moved past the slop (this move and every later one): not a tap.
        case drag
        /// Lifted after a drag or a hold.
        case lift
        /// Lifted as a tap: short and never past the slop (`GestureConfig.tapMaxDuration`, `slop`).
        case tap
        /// Touch cancel, the pointer left, or the gesture is ignored from now on: the control does nothing.
        case cancel
    }
    public var control: ScreenControl
    public var phase: Phase
    /// Where the stroke went down, px.
    public var start: Vec2
    /// Where it is now (its last position for `lift`, `tap` and `cancel`), px.
    public var position: Vec2

    public init(_ control: ScreenControl, _ phase: Phase, start: Vec2, position: Vec2) {
        self.control = control; self.phase = phase; self.start = start; self.position = position
    }
}

/// What caused a discrete `turn`.
public enum TurnCause: Sendable, Hashable { case tap, wheel, key, button }

public enum JumpTarget: Sendable, Hashable { case first, last }

/// The device that drives a stateful gesture.
public enum InputSource: Sendable, Hashable { case touch, pointer, touchpad }

/// A corner of a page on screen.
public enum Corner: Sendable, Hashable { case topLeft, topRight, bottomLeft, bottomRight }

/// A vertical side of a page on screen.
public enum Side: Sendable, Hashable { case left, right }

/// Where a page was picked up.
public enum Grab: Sendable, Hashable {
    /// The page corner itself follows the finger.
    case corner(Corner)
    /// The outer edge (on `Side`) at the finger's height follows the finger.
    case edge(Side)
}
