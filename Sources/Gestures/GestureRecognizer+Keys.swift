import Geometry

extension GestureRecognizer {
    /// A key press. Arrows follow the screen (Right turns forward in left-to-right books); Page Down, space and
    /// BackSpace follow reading order. Shortcuts with Alt or Logo belong to the compositor and are ignored.
    /// A numeric keypad works the same with NumLock on or off: 4 and 6 turn (as the arrows), 8 and 2 zoom in
    /// and out; its 0 (home) and Enter belong to the app (AppCore's focus), 5 to speech.
    mutating func key(_ sym: UInt32, _ mods: Modifiers) -> [Intent] {
        if mods.contains(.ctrl), sym == Keysym.q || sym == Keysym.Q { return [.quit] }
        if mods.contains(.alt) || mods.contains(.logo) { return [] }
        let rightward: TurnDirection = context.rightToLeft ? .backward : .forward
        let leftward: TurnDirection = context.rightToLeft ? .forward : .backward
        let step = config.zoomStep
        switch sym {
        case Keysym.Right, Keysym.KP_Right, Keysym.KP_6: return [.turn(rightward, cause: .key)]
        case Keysym.Left, Keysym.KP_Left, Keysym.KP_4: return [.turn(leftward, cause: .key)]
        case Keysym.KP_Up, Keysym.KP_8: return [.zoomBy(factor: step, around: nil)]
        case Keysym.KP_Down, Keysym.KP_2: return [.zoomBy(factor: 1 / step, around: nil)]
        case Keysym.space: return [.turn(mods.contains(.shift) ? .backward : .forward, cause: .key)]
        case Keysym.Page_Down, Keysym.KP_Next: return [.turn(.forward, cause: .key)]
        case Keysym.Page_Up, Keysym.KP_Prior, Keysym.BackSpace: return [.turn(.backward, cause: .key)]
        case Keysym.Home, Keysym.KP_Home: return [.jump(.first)]
        case Keysym.End, Keysym.KP_End: return [.jump(.last)]
        case Keysym.plus, Keysym.equal, Keysym.KP_Add: return [.zoomBy(factor: step, around: nil)]
        case Keysym.minus, Keysym.KP_Subtract: return [.zoomBy(factor: 1 / step, around: nil)]
        case Keysym.zero: return [.zoomReset]
        default: return []
        }
    }
}
