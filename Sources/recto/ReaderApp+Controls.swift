import AppCore
import Geometry
import Platform
import Renderer

extension ReaderApp {
    /// The on-screen controls and the focus ring as the core plans them, in buffer pixels.
    func applyControls(to scene: inout FrameScene) {
        guard let plan = core.controlsPlan(now: monotonicMilliseconds()) else { return }
        let s = window.renderScale
        func px(_ r: Rect) -> Rect { Rect(x: r.x * s, y: r.y * s, width: r.width * s, height: r.height * s) }
        let buttons = plan.buttons.compactMap { b in Self.glyph(b.action).map { ControlsLayer.Button(glyph: $0, rect: px(b.rect)) } }
        scene.controls = ControlsLayer(buttons: buttons, focus: plan.focus.map(px), label: plan.focusLabel,
                                       labelCentre: plan.focusLabelCentre * s, scale: s, textScale: plan.textScale)
    }

    private static func glyph(_ action: ControlAction) -> ControlsLayer.Glyph? {
        switch action {
        case .previous: .previous
        case .next: .next
        case .zoomIn: .zoomIn
        case .zoomOut: .zoomOut
        case .fit: .fit
        case .panLeft: .panLeft
        case .panRight: .panRight
        case .panUp: .panUp
        case .panDown: .panDown
        case .home, .scrubber: nil
        }
    }
}
