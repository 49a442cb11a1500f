import Config
import Geometry
import Panels
import Reader

/// What a frame shows, as one value: every input the shell draws a frame from, taken at one time. The loop
/// draws when this differs from the content last drawn, while the reader animates, or when the shell needs a
/// frame of its own (a screenshot): nothing else asks for a frame. Time-driven parts (a fading overlay, the idle
/// warning's bar, the shelf sliding) are here as their value at that time, so they differ while they move.
struct FrameContent: Equatable, Sendable {
    var reader: Reader
    var window: [Double]
    var pixelsPerMM: Double?
    var glIsUp: Bool
    var settings: Settings
    var panels: FramePanels
    var shelf: ShelfView?
    var details: [Int: Rect]
    var detailArrivals: Int
    /// Each page on screen and which delivery of its image the screen would show (absent: paper).
    var images: [Int: Int]
    /// Where the flat pages lie (book space): their sizes as the reader knows them.
    var placed: [Int: Rect]
}

extension AppCore {
    /// The content a frame drawn at `now` would show; `frame`: the reader's frame when already built (solving
    /// a curl is the costly part).
    func content(at now: Double, frame: ReaderFrame? = nil) -> FrameContent {
        var details: [Int: Rect] = [:]
        for q in pages.zoomDetail.quads(turning: reader.isTurning) { details[q.page] = q.rect }
        let frame = frame ?? reader.frame
        var images: [Int: Int] = [:]
        for page in frame.pagesShown { images[page] = pages.images.deliveries[page] ?? 0 }
        // The shelf's covers take the window: the book's hint and overlay are not drawn over them.
        let shelf = shelfView(now: now)
        var onShelf = false
        if case .shelf = shelf { onShelf = true }
        var placed: [Int: Rect] = [:]
        for p in frame.pages { placed[p.page] = p.rect }
        return FrameContent(reader: reader, window: window.map { [$0.width, $0.height, $0.scale] } ?? [],
                            pixelsPerMM: pixelsPerMM, glIsUp: glIsUp, settings: settings,
                            panels: FramePanels(hint: onShelf ? nil : attractHint, overlay: onShelf ? nil : overlayPanel(at: now),
                                                idleWarning: idleWarningPanel(at: now),
                                                controls: controlsPanel(now: now), contents: contentsPanel(),
                                                captions: captionPanel(at: now), notes: notesPanel(frame: frame),
                                                about: aboutPanel()),
                            shelf: shelf, details: details,
                            detailArrivals: pages.zoomDetail.arrivals, images: images, placed: placed)
    }

    /// Whether the screen is behind: the reader moves, the shell asked for a frame, a visitor's choice waits to be
    /// shown, or the content differs from the content last drawn.
    public func needsFrame(at now: Double) -> Bool {
        // The reader first: while it moves, nothing else need be built to know.
        // A visitor's choice is drawn at once, whether or not it changes what is on screen (`drawn` says when).
        guard !reader.isAnimating, !pacing.asked, controls.awaitingScreen == nil, let drawn = pacing.drawn, drawn.reader == reader
        else { return true }
        return drawn != content(at: now)
    }
}
