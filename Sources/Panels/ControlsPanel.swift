import Geometry

/// The on-screen controls and the keyboard focus (window px, not zoomed with the pages): square buttons with
/// light shapes on dark, a ring around the focused item and its label beside it.
public struct ControlsPanel: Sendable, Equatable {
    /// The buttons on screen, home excepted (the shelf draws it).
    public var buttons: [ControlButton]
    /// The focused item's box, ringed; nil while the focus is hidden.
    public var focus: Rect?
    /// The focused item's label, shown beside it, and the label's centre.
    public var focusLabel: String?
    public var focusLabelCentre: Vec2
    /// Text size as a factor of the overlay's usual (large text: capitals ≥ `TextSize.largeCapitalMM`).
    public var textScale: Double

    public init(buttons: [ControlButton], focus: Rect?, focusLabel: String?, focusLabelCentre: Vec2, textScale: Double) {
        self.buttons = buttons
        self.focus = focus
        self.focusLabel = focusLabel
        self.focusLabelCentre = focusLabelCentre
        self.textScale = textScale
    }
}

/// What an on-screen control does. Each acts through the intents the gestures use (a turn, a zoom step, a pan),
/// so a tap on a control and the gesture it replaces reach the same page and view (WCAG 2.5.1, 2.5.7).
public enum ControlAction: Int, Sendable, Hashable, CaseIterable {
    case home, previous, zoomOut, fit, zoomIn, panLeft, panUp, panDown, panRight, next, scrubber, contents, narration, replay, layers, language, about

    /// The English label (a msgid of Locales/*.po): what speech says and the focus shows.
    public var label: String {
        switch self {
        case .home: "Back to the shelf"
        case .previous: "Previous page"
        case .next: "Next page"
        case .zoomIn: "Zoom in"
        case .zoomOut: "Zoom out"
        case .fit: "Fit the page"
        case .panLeft: "Move left"
        case .panRight: "Move right"
        case .panUp: "Move up"
        case .panDown: "Move down"
        case .scrubber: "Go to page"
        case .contents: "Contents"
        case .narration: "Play or pause the narration"
        case .replay: "Narration from the start"
        case .layers: "Show or hide the notes"
        case .language: "Language"
        case .about: "About this book"
        }
    }

    public var isPan: Bool { [.panLeft, .panUp, .panDown, .panRight].contains(self) }
}

/// A control button on screen (window px).
public struct ControlButton: Sendable, Equatable {
    public var action: ControlAction
    public var rect: Rect

    public init(action: ControlAction, rect: Rect) {
        self.action = action
        self.rect = rect
    }
}
