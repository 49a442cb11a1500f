import Geometry
import Gestures

extension AppCore {
    /// The view on screen now as the recognizer sees it, built for each event from live state so that no zone
    /// can go stale: the shelf fills the window while it is shown; else the reader's page, under the home
    /// control (a book from the shelf) and the scrubber (while the overlay shows), with the edge swipe while
    /// the overlay does not.
    var gestureContext: GestureContext {
        guard let w = window else { return reader.gestureContext }
        if shelf?.visible == true {
            return GestureContext(controls: [ControlZone(rect: Rect(x: 0, y: 0, width: w.width, height: w.height),
                                                         control: .shelf)])
        }
        var context = reader.gestureContext
        context.links = linksOnScreen.map(\.tapArea) + noteTapAreas
        if shelf != nil { context.controls.append(ControlZone(rect: homeRect, control: .home)) }
        context.controls += controlZones
        // The text panel shows only at rest: no frame is built for it while a page turns (solving the curl is costly).
        if !reader.isTurning, [.transcription, .translation].contains(controls.notes.layers),
           let panel = notesPanel(frame: reader.frame)?.panel {
            context.controls.append(ControlZone(rect: panel.box, control: .panel))
        }
        if controls.overlay.visible, let layout = overlayLayout {
            context.controls.append(ControlZone(rect: layout.hitArea, control: .scrubber))
        }
        if let swipe = edgeSwipe { (context.edgeSwipeZone, context.edgeSwipeDistance) = swipe }
        return context
    }

    /// Applies an intent to what it belongs to, as things are when it is applied: a control's stroke to the
    /// control, the edge swipe to the overlay, the rest to the reader unless the shelf hides it.
    mutating func dispatch(_ timed: TimedIntent) -> [AppEffect] {
        switch timed.intent {
        case .control(let stroke):
            switch stroke.control {
            case .shelf: return shelfStroke(stroke, at: timed.time)
            case .home: return homeStroke(stroke, at: timed.time)
            case .scrubber: return scrubberStroke(stroke, at: timed.time)
            case .button(let raw): return buttonStroke(stroke, raw: raw, at: timed.time)
            case .panel: return panelStroke(stroke)
            }
        case .edgeSwipeUp: return edgeSwipedUp(at: timed.time)
        default:
            // With the shelf shown there is no page on screen for keys, the wheel or a pinch to act on.
            return shelf?.visible == true ? [] : apply(timed)
        }
    }
}
