import Config
import Geometry
import Gestures
import Occurrences
import Reader
@testable import AppCore

/// The traces' scene: a 1280×800 window showing a spread with pages (40, 40, 600, 720) and (640, 40, 600, 720).
enum Scene {
    static let width = 1280.0, height = 800.0
    static let pageSize = PixelSize(width: 600, height: 720)
    /// 10 px inside the bottom-right corner of the right page: inside its corner grab zone.
    static let rightCorner = Vec2(1230, 750)
    static let leftCorner = Vec2(50, 750)
    static let middle = Vec2(640, 400)
}

/// An `AppCore` driven the way the shell drives it, with the shell's side simulated: pages arrive as soon as
/// they are wanted, the GL is up, frames are drawn whenever the core plans one and the compositor takes each at
/// once. Records every effect.
struct Driver {
    var core: AppCore
    /// ms on the clock the events are stamped with.
    var now: Double
    var effects: [AppEffect] = []
    /// Draw frames between events, as a reader that keeps up does (false: a reader that is busy).
    var drawing = true
    /// Pages whose decode has not finished: wanted, but not delivered until `deliver` says so.
    var withheld: Set<Int> = []

    init(pages: Int = 12, settings: Settings = Driver.settings, host: Host = Host(), at start: Double = 1000, page: Int = 1) {
        core = AppCore(pageCount: pages, settings: settings, host: host)
        now = start
        core.journal = []
        _ = handle(.configured(width: Scene.width, height: Scene.height, scale: 1))
        _ = handle(.glReady(maxTextureSize: 4096))
        if page != 1 {
            core.reader.go(toPage: page)
            effects += core.wantPages()
        }
        deliverWanted()
        frame()
    }

    /// The settings' defaults, wider margins, no idle warning (its countdown would hold every idle reset) and no
    /// remembered page (a test that wants one says so).
    static var settings: Settings {
        var s = Settings()
        s.margin = 0.05
        s.idleWarning = 0
        s.rememberPosition = false
        return s
    }

    /// Handles `event` at `now` and performs what the simulated shell does at once.
    @discardableResult
    mutating func handle(_ event: AppEvent) -> [AppEffect] {
        let out = core.handle(event, now: now)
        effects += out
        return out
    }

    /// Every wanted page arrives (decoded at the traces' page size).
    mutating func deliverWanted() {
        let wanted = effects.reversed().compactMap { effect -> [Int]? in
            if case .wantPages(let pages, _, _) = effect { return pages } else { return nil }
        }.first ?? []
        for page in wanted where !core.hasImage(page) && !withheld.contains(page) {
            handle(.pageReady(page: page, size: Scene.pageSize, sourceSize: Scene.pageSize))
        }
    }

    /// Pages withheld so far arrive now (the clock where it is).
    mutating func deliver(_ pages: [Int]) {
        for page in pages {
            withheld.remove(page)
            handle(.pageReady(page: page, size: Scene.pageSize, sourceSize: Scene.pageSize))
        }
    }

    /// Fires the timer if due, then draws a frame if one is planned.
    mutating func frame() {
        if let due = core.nextDeadline, due <= now { handle(.timer) }
        let (plan, out) = core.nextFrame(now: now, framePending: false)
        effects += out
        if let plan { effects += core.frameCommitted(plan, at: now, cost: 1, renderScale: 1) }
        deliverWanted()
    }

    /// One input event at its own time (the clock moves there first), then a frame if drawing.
    mutating func input(_ event: InputEvent) {
        if let t = event.time { advanceClock(to: t) }
        handle(.input(event))
        if drawing { frame() }
    }

    mutating func input(_ events: [InputEvent]) { for e in events { input(e) } }

    /// Moves the clock to `t`, firing timers that come due on the way (as the shell's timerfd does).
    mutating func advanceClock(to t: Double) {
        while drawing, let due = core.nextDeadline, due <= t, due > now {
            now = due
            frame()
        }
        now = max(now, t)
    }

    /// Runs frames every 16 ms for `ms`, firing timers: animations settle, taps resolve, idle resets happen.
    mutating func run(for ms: Double) {
        let end = now + ms
        while now < end {
            advanceClock(to: min(end, now + 16))
            frame()
        }
    }

    /// The log lines so far, as "name key=value …" (times left out), for comparisons and readable failures.
    var logLines: [String] {
        effects.compactMap { effect in
            guard case .occurred(let o) = effect else { return nil }
            let e = o.meaning.log
            return ([e.name] + e.fields.map { "\($0.key)=\(text($0.value))" }).joined(separator: " ")
        }
    }

    /// The log lines of one event name.
    func logged(_ name: String) -> [LogEvent] {
        effects.compactMap { if case .occurred(let o) = $0, o.meaning.log.name == name { return o.meaning.log } else { return nil } }
    }

    private func text(_ value: LogEvent.Value) -> String {
        switch value {
        case .int(let v): "\(v)"
        case .double(let v): "\(v)"
        case .string(let v): v
        case .bool(let v): "\(v)"
        }
    }

    var flips: [String] {
        logged("flip").map { e in
            let phase = if case .string(let p)? = e.field("phase") { p } else { "?" }
            let direction = if case .string(let d)? = e.field("direction") { d } else { "?" }
            return "\(phase) \(direction)"
        }
    }

    var journal: [TimedIntent] { core.journal ?? [] }
}

/// A finger moving from `a` to `b` in `steps` reports `interval` ms apart, starting at `t0`.
func stroke(_ id: Int32 = 0, from a: Vec2, to b: Vec2, steps: Int, interval: Double, at t0: Double,
            lift: Bool = true, restBeforeLift: Double = 0) -> [InputEvent] {
    var events: [InputEvent] = [.touchDown(id: id, position: a, time: t0), .touchFrame]
    for k in 1...steps {
        let f = Double(k) / Double(steps)
        events += [.touchMotion(id: id, position: a + (b - a) * f, time: t0 + Double(k) * interval), .touchFrame]
    }
    if lift { events.append(.touchUp(id: id, time: t0 + Double(steps) * interval + restBeforeLift)) }
    return events
}

func tap(at p: Vec2, t0: Double, id: Int32 = 0) -> [InputEvent] {
    [.touchDown(id: id, position: p, time: t0), .touchFrame, .touchUp(id: id, time: t0 + 50)]
}

func key(_ sym: UInt32, at t: Double) -> [InputEvent] {
    [.key(keysym: sym, pressed: true, modifiers: [], time: t), .key(keysym: sym, pressed: false, modifiers: [], time: t + 30)]
}
