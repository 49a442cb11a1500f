import Gestures

/// Checks the bracket contract of `Intent` (the same rules as the GesturesTests' checker).
struct BracketChecker {
    enum Open { case curl, pan, transform }
    var open: Open?

    /// The violation, if `i` breaks the contract.
    mutating func check(_ i: Intent) -> String? {
        func begin(_ o: Open) -> String? {
            defer { open = o }
            return open.map { "\(i) while \($0) open" }
        }
        func inside(_ o: Open) -> String? { open == o ? nil : "\(i) outside \(o)" }
        func close(_ o: Open) -> String? {
            defer { open = nil }
            return inside(o)
        }
        switch i {
        case .curlBegin: return begin(.curl)
        case .curlMove: return inside(.curl)
        case .curlEnd, .curlCancel: return close(.curl)
        case .panBegin: return begin(.pan)
        case .panMove: return inside(.pan)
        case .panEnd, .panCancel: return close(.pan)
        case .transformBegin: return begin(.transform)
        case .transformUpdate: return inside(.transform)
        case .transformEnd, .transformCancel: return close(.transform)
        default: return nil
        }
    }
}

func isFinite(_ i: Intent) -> Bool {
    switch i {
    case let .curlBegin(b): b.start.isFinite && b.position.isFinite
    case let .curlMove(p), let .toggleZoom(p), let .panBegin(p), let .panMove(p): p.isFinite
    case let .curlEnd(p, v), let .panEnd(p, v): p.isFinite && v.isFinite
    case let .flick(_, v): v.isFinite
    case let .zoomBy(f, p): f.isFinite && f > 0 && (p?.isFinite ?? true)
    case let .transformBegin(t), let .transformUpdate(t), let .transformEnd(t):
        t.pivot.isFinite && t.scale.isFinite && t.rotation.isFinite && t.translation.isFinite
    default: true
    }
}

func fail(_ message: String) -> Never {
    fatalError("fuzz invariant violated: \(message)")
}
