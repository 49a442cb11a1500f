import Geometry
import Gestures

/// The scenes a stream can switch between (the reader replaces the context on layout, zoom and page changes).
enum Scenes {
    static let window = Rect(x: 0, y: 0, width: 1280, height: 800)
    static let left = Rect(x: 40, y: 40, width: 600, height: 720)
    static let right = Rect(x: 640, y: 40, width: 600, height: 720)

    static let keysyms: [UInt32] = [
        Keysym.space, Keysym.plus, Keysym.minus, Keysym.zero, Keysym.equal, Keysym.Q, Keysym.q, Keysym.BackSpace,
        Keysym.Home, Keysym.Left, Keysym.Up, Keysym.Right, Keysym.Down, Keysym.Page_Up, Keysym.Page_Down,
        Keysym.End, Keysym.KP_Home, Keysym.KP_Left, Keysym.KP_Right, Keysym.KP_Prior, Keysym.KP_Next,
        Keysym.KP_End, Keysym.KP_Add, Keysym.KP_Subtract, Keysym.KP_0, 0x61, 0, 0xffffffff,
    ]

    /// Bits of `code`: zoomed, right-to-left, which pages can turn (both, first page, last page, a single page
    /// zoomed past the window), and a config variant (double tap off, rotating touchpad pinch with edge grabs).
    static func config(_ code: Int) -> GestureConfig {
        var config = GestureConfig()
        switch (code >> 4) & 3 {
        case 1: config.doubleTapInterval = 0
        case 2: config.touchpadPinchRotates = true; config.edgeGrabWhenZoomed = true
        case 3: config.slop = 0; config.grabSize = 0; config.flickMinDistance = 0
        default: break
        }
        return config
    }

    /// The view for `code`; its zones are laid out with `config` (the recognizer's, fixed for the stream).
    static func context(_ code: Int, config: GestureConfig? = nil) -> GestureContext {
        let config = config ?? Self.config(code)
        var c = GestureContext(tapArea: window, isZoomed: code & 1 != 0, rightToLeft: code & 2 != 0)
        let forward = TurnablePage(rect: right, outerEdge: .right)
        let backward = TurnablePage(rect: left, outerEdge: .left)
        switch (code >> 2) & 3 {
        case 0: c.setTurnablePages(forward: forward, backward: backward, config: config)
        case 1: c.setTurnablePages(forward: forward, backward: nil, config: config)
        case 2: c.setTurnablePages(forward: nil, backward: backward, config: config)
        default:
            let zoomedPage = TurnablePage(rect: Rect(x: -900, y: -1200, width: 3000, height: 3600), outerEdge: .right)
            c.setTurnablePages(forward: zoomedPage, backward: nil, config: config)
        }
        if code & 64 != 0 { c.tapArea = .zero }
        return c
    }
}
