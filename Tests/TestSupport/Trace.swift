import Foundation
import Geometry
import Gestures

public enum TraceError: Error { case unreadable(String), badLine(Int) }

/// A recorded touch trace (Tests/GesturesTests/Traces/*.jsonl, made by generate.py there): its events with
/// unwrapped times. The scene they were recorded against: a 1280×800 window showing a spread, left page
/// (40, 40, 600, 720), right page (640, 40, 600, 720).
public struct Trace: Sendable {
    public var events: [InputEvent]
    public var description: String

    /// Every trace's name.
    public static let names = ["corner_drag_commit", "corner_flick", "curved_drag", "double_tap", "drag_abrupt_stop",
                               "drag_reversal", "fast_flick", "pinch", "pinch_to_pan", "second_finger_during_curl",
                               "short_slow_drag", "tap"]

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("GesturesTests/Traces")

    /// Loads `Traces/<name>.jsonl`.
    public init(_ name: String) throws {
        let url = Self.directory.appendingPathComponent(name + ".jsonl")
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
            case "cancel": events.append(.touchCancel(time: time))
            default: throw TraceError.badLine(n + 1)
            }
        }
    }

    /// Time of the last timestamped event.
    public var endTime: Double { events.compactMap(\.time).last ?? 0 }
}
