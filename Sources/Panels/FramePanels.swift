/// Everything a frame shows over the pages, as the core decided it: the renderer draws these values as they
/// are (in window pixels; it applies the buffer's scale), and the core compares them to know when to draw.
public struct FramePanels: Sendable, Equatable {
    /// While the corner lifts in attract mode: the invitation to drag it, drawn near it.
    public var hint: AttractHint?
    /// The page overlay (page numbers and scrubber), when shown.
    public var overlay: OverlayPanel?
    /// The idle warning's countdown, when shown.
    public var idleWarning: IdleWarningPanel?
    /// The on-screen controls and the focus ring, when shown.
    public var controls: ControlsPanel?
    /// The table of contents, while open.
    public var contents: ContentsPanel?
    /// A narration's captions, while a cue is due.
    public var captions: CaptionPanel?
    /// The pages' notes: markers, the open card, the text panel.
    public var notes: NotesPanel?
    /// What the book says about itself, while open.
    public var about: AboutPanel?

    public init(hint: AttractHint? = nil, overlay: OverlayPanel? = nil, idleWarning: IdleWarningPanel? = nil,
                controls: ControlsPanel? = nil, contents: ContentsPanel? = nil, captions: CaptionPanel? = nil,
                notes: NotesPanel? = nil, about: AboutPanel? = nil) {
        self.hint = hint
        self.overlay = overlay
        self.idleWarning = idleWarning
        self.controls = controls
        self.contents = contents
        self.captions = captions
        self.notes = notes
        self.about = about
    }
}
