/// The hours a kiosk's narration is quieter (`quiet-hours = "18:00-09:00"`, `quiet-volume`): a span of the local
/// day, which may run past midnight. Pure: the player asks it with the local minute of the day.
public struct QuietHours: Sendable, Equatable {
    /// Minutes after local midnight, 0–1439; `from == to` is the whole day.
    public var from: Int
    public var to: Int

    /// "HH:MM-HH:MM" (24-hour); nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "-")
        guard parts.count == 2, let a = Self.minute(parts[0]), let b = Self.minute(parts[1]) else { return nil }
        from = a
        to = b
    }

    public init(from: Int, to: Int) { self.from = from; self.to = to }

    /// Whether minute `m` of the local day (0–1439) is quiet.
    public func contains(minute m: Int) -> Bool {
        if from == to { return true }
        return from < to ? (m >= from && m < to) : (m >= from || m < to)
    }

    private static func minute(_ s: Substring) -> Int? {
        let hm = s.stripping(" ").split(separator: ":")
        guard hm.count == 2, hm[0].count <= 2, hm[1].count == 2, let h = Int(hm[0]), let m = Int(hm[1]),
              (0..<24).contains(h), (0..<60).contains(m) else { return nil }
        return h * 60 + m
    }
}

extension Substring {
    fileprivate func stripping(_ set: Character) -> Substring {
        var s = self
        while s.first == set { s.removeFirst() }
        while s.last == set { s.removeLast() }
        return s
    }
}
