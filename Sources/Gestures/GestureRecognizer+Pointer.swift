import Geometry

extension GestureRecognizer {
    mutating func handlePointer(_ event: InputEvent) -> [Intent] {
        switch event {
        case .pointerLeave:
            let out = abandonPointerGestures()
            pointer.stroke = nil
            pointer.ignoringPress = false
            pointer.position = nil
            pointer.pinch = nil
            return out
        case let .pointerMotion(p, t):
            guard p.isFinite else { return [] }
            pointer.position = p
            guard var stroke = pointer.stroke else { return [] }
            let out = stroke.move(to: p, time: t, context: context, config: config, taps: &pointer.taps)
            pointer.stroke = stroke
            return out
        case let .pointerButton(button, pressed, t):
            return pointerButton(button, pressed: pressed, time: t)
        case let .pointerAxis(axis, value, value120, t):
            return scroll(axis, value: value, value120: value120, time: t)
        case let .pinchBegin(_, t):
            return pinchBegin(time: t)
        case let .pinchUpdate(delta, scale, rotation, _):
            return pinchUpdate(delta: delta, scale: scale, degrees: rotation)
        case let .pinchEnd(cancelled, _):
            guard let pinch = pointer.pinch else { return [] }
            pointer.pinch = nil
            if pinch.ignored { return [] }
            return [cancelled ? .transformCancel : .transformEnd(transform(of: pinch))]
        default:
            return []
        }
    }

    /// The intents that close the brackets of the pointer's drag and pinch, which end without effect.
    mutating func abandonPointerGestures() -> [Intent] {
        var out = pointer.stroke?.cancel(taps: &pointer.taps) ?? []
        if let pinch = pointer.pinch, !pinch.ignored { out.append(.transformCancel) }
        return out
    }

    private mutating func pointerButton(_ button: UInt32, pressed: Bool, time: Double) -> [Intent] {
        switch button {
        case PointerButton.left:
            if pressed {
                guard pointer.stroke == nil, !pointer.ignoringPress else { return [] }
                guard let p = pointer.position, touch == .idle, pointer.pinch == nil else {
                    pointer.ignoringPress = true
                    return []
                }
                let stroke = Stroke.begin(id: -1, source: .pointer, at: p, time: time, context: context, config: config)
                pointer.stroke = stroke
                return pointer.taps.strokeBegan(at: p, time: time, isControl: stroke.control != nil, config)
                    + (stroke.controlDown.map { [$0] } ?? [])
            }
            pointer.ignoringPress = false
            guard let stroke = pointer.stroke else { return [] }
            pointer.stroke = nil
            return stroke.end(time: time, context: context, config: config, taps: &pointer.taps)
        case PointerButton.side:
            return pressed ? [.turn(.backward, cause: .button)] : []
        case PointerButton.extra:
            return pressed ? [.turn(.forward, cause: .button)] : []
        default:
            return []
        }
    }

    private mutating func scroll(_ axis: Axis, value: Double, value120: Int32?, time: Double) -> [Intent] {
        guard value.isFinite else { return [] }
        if modifiers.contains(.ctrl) {
            guard axis == .vertical else { return [] }
            // Scrolling down (positive) zooms out, as in browsers.
            let exponent: Double
            if let v120 = value120 {
                exponent = -Double(v120) / 120 * logarithm(config.zoomStep)
            } else {
                exponent = -value / config.scrollZoomDistance
            }
            guard exponent != 0 else { return [] }
            return [.zoomBy(factor: exp(Swift.max(-5, Swift.min(5, exponent))), around: pointer.position)]
        }
        let forwardSign: Double = axis == .horizontal && context.rightToLeft ? -1 : 1
        if let v120 = value120 {
            var acc = axis == .vertical ? pointer.wheelVertical : pointer.wheelHorizontal
            // A reversed wheel drops steps owed the other way rather than cancelling them slowly.
            if (acc > 0 && v120 < 0) || (acc < 0 && v120 > 0) { acc = 0 }
            acc = Swift.max(-1_000_000, Swift.min(1_000_000, acc + Int(v120)))
            var out: [Intent] = []
            while abs(acc) >= 120, out.count < 16 {
                let d = Double(acc.signum()) * forwardSign
                out.append(.turn(d > 0 ? .forward : .backward, cause: .wheel))
                acc -= 120 * acc.signum()
            }
            if axis == .vertical { pointer.wheelVertical = acc } else { pointer.wheelHorizontal = acc }
            return out
        }
        // Continuous scroll (touchpad): one turn per scroll gesture, so one swipe never skips pages.
        if let last = pointer.lastScrollTime, time - last <= config.scrollGestureGap {
            pointer.scrolled += value * forwardSign
        } else {
            pointer.scrolled = value * forwardSign
            pointer.scrollSpent = false
        }
        pointer.lastScrollTime = time
        guard !pointer.scrollSpent, abs(pointer.scrolled) >= config.scrollTurnDistance else { return [] }
        pointer.scrollSpent = true
        return [.turn(pointer.scrolled > 0 ? .forward : .backward, cause: .wheel)]
    }

    private mutating func pinchBegin(time: Double) -> [Intent] {
        // A begin without an end replaces the old pinch, closing its bracket.
        var out: [Intent] = []
        if let old = pointer.pinch, !old.ignored { out.append(.transformEnd(transform(of: old))) }
        let busy = touch != .idle || pointer.stroke != nil || pointer.ignoringPress
        let pivot = pointer.position ?? context.tapArea.center
        pointer.pinch = PointerState.Pinch(pivot: pivot, ignored: busy)
        if !busy { out.append(.transformBegin(.identity(pivot: pivot))) }
        return out
    }

    private mutating func pinchUpdate(delta: Vec2, scale: Double, degrees: Double) -> [Intent] {
        guard var pinch = pointer.pinch, !pinch.ignored else { return [] }
        if delta.isFinite { pinch.motion += delta }
        if scale.isFinite, scale > 0 { pinch.scale = Swift.min(1e3, Swift.max(1e-3, scale)) }
        if degrees.isFinite, config.touchpadPinchRotates { pinch.rotation += degrees * pi / 180 }
        pointer.pinch = pinch
        return [.transformUpdate(transform(of: pinch))]
    }

    /// Seed-004 form of a touchpad pinch: the pivot follows the accumulated midpoint motion.
    private func transform(of pinch: PointerState.Pinch) -> GestureTransform {
        let (s, c) = sinCos(pinch.rotation)
        let m = pinch.motion
        let unrotated = Vec2(c * m.x + s * m.y, -s * m.x + c * m.y)
        return GestureTransform(pivot: pinch.pivot, scale: pinch.scale, rotation: pinch.rotation,
                                translation: unrotated / pinch.scale)
    }
}

/// Natural logarithm for the modest positive arguments used here (zoom steps), from `Geometry.exp` by Newton steps.
func logarithm(_ x: Double) -> Double {
    guard x > 0, x.isFinite else { return 0 }
    var y = 0.0
    for _ in 0..<60 {
        let e = exp(y)
        let next = y + 2 * (x - e) / (x + e)
        if abs(next - y) < 1e-15 { return next }
        y = next
    }
    return y
}
