import Foundation
import Geometry
import Gestures

/// The scene the traces were recorded against (see Traces/generate.py): a 1280×800 window showing a spread.
enum Scene {
    static let window = Rect(x: 0, y: 0, width: 1280, height: 800)
    static let leftPage = Rect(x: 40, y: 40, width: 600, height: 720)
    static let rightPage = Rect(x: 640, y: 40, width: 600, height: 720)

    static func context(zoomed: Bool = false, rightToLeft: Bool = false,
                        config: GestureConfig = GestureConfig()) -> GestureContext {
        var c = GestureContext(tapArea: window, isZoomed: zoomed, rightToLeft: rightToLeft, config: config)
        c.setTurnablePages(forward: TurnablePage(rect: rightPage, outerEdge: .right),
                           backward: TurnablePage(rect: leftPage, outerEdge: .left))
        return c
    }
}

/// A short name per intent case, for readable expectations.
func kind(_ i: Intent) -> String {
    switch i {
    case .curlBegin: "curlBegin"
    case .curlMove: "curlMove"
    case .curlEnd: "curlEnd"
    case .curlCancel: "curlCancel"
    case .flick: "flick"
    case .turn: "turn"
    case .jump: "jump"
    case .toggleZoom: "toggleZoom"
    case .zoomBy: "zoomBy"
    case .zoomReset: "zoomReset"
    case .transformBegin: "transformBegin"
    case .transformUpdate: "transformUpdate"
    case .transformEnd: "transformEnd"
    case .transformCancel: "transformCancel"
    case .panBegin: "panBegin"
    case .panMove: "panMove"
    case .panEnd: "panEnd"
    case .panCancel: "panCancel"
    case .quit: "quit"
    }
}

/// Kinds after coalescing: each run of updates shows once.
func shape(_ intents: [Intent]) -> [String] { Intent.coalesced(intents).map(kind) }

extension GestureRecognizer {
    /// Feeds all events, returning every intent in order.
    mutating func feed(_ events: [InputEvent]) -> [Intent] { events.flatMap { handle($0) } }
}

enum TraceError: Error { case unreadable(String), badLine(Int) }

/// A recorded trace: its events with unwrapped times, and the original lines (for the fingers' positions).
struct Trace {
    var events: [InputEvent]
    var description: String

    /// Loads `Traces/<name>.jsonl` next to this source file.
    init(_ name: String, filePath: String = #filePath) throws {
        let url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
            .appendingPathComponent("Traces").appendingPathComponent(name + ".jsonl")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { throw TraceError.unreadable(url.path) }
        var clock = EventClock()
        events = []
        description = ""
        for (n, line) in text.split(separator: "\n").enumerated() {
            guard let obj = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let type = obj["type"] as? String else { throw TraceError.badLine(n + 1) }
            let time = (obj["time"] as? NSNumber).map { clock.milliseconds(UInt32($0.uint64Value)) } ?? 0
            let id = (obj["id"] as? NSNumber)?.int32Value ?? 0
            let p = Vec2((obj["x"] as? NSNumber)?.doubleValue ?? 0, (obj["y"] as? NSNumber)?.doubleValue ?? 0)
            switch type {
            case "meta": description = obj["description"] as? String ?? ""
            case "down": events.append(.touchDown(id: id, position: p, time: time))
            case "motion": events.append(.touchMotion(id: id, position: p, time: time))
            case "up": events.append(.touchUp(id: id, time: time))
            case "frame": events.append(.touchFrame)
            case "cancel": events.append(.touchCancel)
            default: throw TraceError.badLine(n + 1)
            }
        }
    }

    /// Time of the last timestamped event.
    var endTime: Double { events.compactMap(\.time).last ?? 0 }
}
