import Geometry
import Gestures

/// One input's run: decodes events, feeds them, models what is held and checks after every event.
struct StreamRun {
    var reader: EventReader
    var recognizer: GestureRecognizer
    /// The view on screen; the stream may change it between events, as zooms and turns do.
    var context: GestureContext
    var checker = BracketChecker()
    var down: Set<Int32> = []
    var buttonHeld = false
    var pinching = false
    var time = 1000.0
    var n = 0

    init(_ reader: EventReader) {
        self.reader = reader
        let code = Int(self.reader.byte())
        recognizer = GestureRecognizer(config: Scenes.config(code))
        context = Scenes.context(code)
    }

    mutating func play() {
        let cleanupByCancel = reader.byte() & 1 == 1
        while !reader.atEnd {
            if let event = nextEvent() { feed(event) }
            if down.isEmpty, !buttonHeld, !pinching {
                guard recognizer.isIdle else { fail("not idle with nothing held after event \(n)") }
                guard checker.open == nil else { fail("\(checker.open!) bracket open with nothing held") }
            }
        }
        // Lift everything the way the platform would after a lost connection or a compositor grab.
        if cleanupByCancel {
            down.removeAll()
            feed(.touchCancel(time: time))
            feed(.pointerLeave(time: time))
        } else {
            for id in down.sorted() {
                down.remove(id)
                time += 1
                feed(.touchUp(id: id, time: time))
            }
            feed(.pointerButton(button: PointerButton.left, pressed: false, time: time))
        }
        feed(.pinchEnd(cancelled: false, time: time))
        buttonHeld = false; pinching = false
        for i in recognizer.tick(now: time + 1e7) { check(i.intent) }
        guard recognizer.isIdle, recognizer.touchCount == 0 else { fail("not idle after lifting everything") }
        guard recognizer.nextDeadline == nil else { fail("a deadline is still pending after every tap expired") }
        guard checker.open == nil else { fail("\(checker.open!) bracket left open at the end") }
    }

    mutating func feed(_ event: InputEvent) {
        n += 1
        Stats.events += 1
        if Stats.trace { print("\(n): \(event)") }
        for i in recognizer.handle(event, in: context) {
            guard i.time <= time + 1e7 else { fail("event \(n): intent \(i.intent) stamped after its event") }
            check(i.intent)
        }
        guard recognizer.touchCount == down.count else {
            fail("touchCount \(recognizer.touchCount) but \(down.count) fingers down after \(event)")
        }
    }

    mutating func check(_ i: Intent) {
        if Stats.trace { print("   -> \(i)") }
        if let violation = checker.check(i) { fail("event \(n): \(violation)") }
        guard isFinite(i) else { fail("event \(n): non-finite intent \(i)") }
    }

    /// Decodes one event and updates the model of what is held; nil for an op that only changes the scene
    /// or advances the clock.
    mutating func nextEvent() -> InputEvent? {
        let op = reader.byte()
        advanceTime(op >> 5)
        switch op & 31 {
        case 0, 1, 2:
            let id = reader.touchId(), p = reader.position()
            if p.isFinite { down.insert(id) }
            return .touchDown(id: id, position: p, time: time)
        case 3, 4, 5, 6, 7, 8:
            return .touchMotion(id: reader.touchId(), position: reader.position(), time: time)
        case 9, 10, 11:
            let id = reader.touchId()
            down.remove(id)
            return .touchUp(id: id, time: time)
        case 12: return .touchFrame
        case 13:
            down.removeAll()
            return .touchCancel(time: time)
        case 14: return .pointerEnter(position: reader.position())
        case 15:
            buttonHeld = false; pinching = false
            return .pointerLeave(time: time)
        case 16, 17: return .pointerMotion(position: reader.position(), time: time)
        case 18, 19:
            let b = reader.byte()
            let button = [PointerButton.left, PointerButton.left, PointerButton.left, PointerButton.right,
                          PointerButton.middle, PointerButton.side, PointerButton.extra, 0][Int(b & 7)]
            let pressed = b & 8 != 0
            if button == PointerButton.left { buttonHeld = pressed }
            return .pointerButton(button: button, pressed: pressed, time: time)
        case 20:
            let b = reader.byte()
            let v120: Int32? = b & 1 == 0 ? nil : Int32(Int8(bitPattern: reader.byte())) * 15
            return .pointerAxis(axis: b & 2 == 0 ? .vertical : .horizontal, value: reader.fixed(),
                                value120: v120, time: time)
        case 21: return .pointerFrame
        case 22:
            pinching = true
            return .pinchBegin(fingers: UInt32(reader.byte() & 7), time: time)
        case 23, 24:
            return .pinchUpdate(delta: Vec2(reader.fixed(), reader.fixed()), scale: reader.fixed(),
                                rotation: reader.fixed(), time: time)
        case 25:
            pinching = false
            return .pinchEnd(cancelled: reader.byte() & 1 == 1, time: time)
        case 26, 27:
            let b = reader.byte()
            return .key(keysym: Scenes.keysyms[Int(b >> 3) % Scenes.keysyms.count], pressed: b & 1 == 1,
                        modifiers: Modifiers(rawValue: (b >> 1) & 3 | reader.byte() & 12), time: time)
        case 28: return .modifiers(Modifiers(rawValue: reader.byte() & 15))
        case 29:
            context = Scenes.context(Int(reader.byte()), config: recognizer.config)
            return nil
        default:
            for i in recognizer.tick(now: time) { check(i.intent) }
            return nil
        }
    }

    /// Event clocks move forward by 0–~100 ms mostly; sometimes they stall, step back (events from two devices)
    /// or jump far ahead (a tap's deadline long gone).
    mutating func advanceTime(_ code: UInt8) {
        switch code {
        case 0: break
        case 1...4: time += Double(code) * 4
        case 5: time += Double(reader.byte())
        case 6: time -= Double(reader.byte() & 15)
        default: time += Double(reader.byte()) * 1000
        }
    }
}

/// Reads the fuzzer's bytes; past the end every read is zero.
struct EventReader {
    let data: UnsafeRawBufferPointer
    var index = 0

    init(_ data: UnsafeRawBufferPointer) { self.data = data }

    var atEnd: Bool { index >= data.count }

    mutating func byte() -> UInt8 {
        guard index < data.count else { return 0 }
        defer { index += 1 }
        return data[index]
    }

    mutating func u16() -> UInt16 { UInt16(byte()) << 8 | UInt16(byte()) }

    /// Ids 0–11 as real compositors hand out, plus a few a hostile one might (-1 is also the pointer's).
    mutating func touchId() -> Int32 {
        let b = byte() & 15
        return b < 12 ? Int32(b) : [-1, Int32.max, Int32.min, 4096][Int(b - 12)]
    }

    /// Mostly inside and around the 1280×800 window; the top codes give the extremes of wl_fixed and non-finite
    /// values (the platform never sends those, but the recognizer promises to ignore them).
    mutating func coordinate() -> Double {
        let v = u16()
        if v >= 0xFFF8 {
            return [Double.nan, .infinity, -.infinity, 8_388_607.996, -8_388_608, -0.0, 1e-9, 0][Int(v - 0xFFF8)]
        }
        return Double(v) / 40 - 60
    }

    mutating func position() -> Vec2 { Vec2(coordinate(), coordinate()) }

    /// Any wl_fixed value (24.8 fixed point), as axis values and pinch scale/rotation arrive.
    mutating func fixed() -> Double {
        let raw = UInt32(u16()) << 16 | UInt32(u16())
        return Double(Int32(bitPattern: raw)) / 256
    }
}
