import Reader

/// Running totals of the visits ended since the reader started, in Prometheus' text format for the metrics file
/// (a fleet's Prometheus/Grafana sees visits without the report).
public struct VisitCounters: Sendable, Equatable {
    /// Upper bounds (s) of the visit length histogram.
    public static let bounds: [Double] = [15, 30, 60, 120, 300, 600, 1200]

    public private(set) var visits = 0
    public private(set) var attractVisits = 0
    public private(set) var attractRuns = 0
    public private(set) var turns: [TurnKind: Int] = [:]
    public private(set) var zooms = 0
    /// Visits per length bucket (`bounds`, then longer), and the sum of their lengths (s).
    public private(set) var buckets = [Int](repeating: 0, count: bounds.count + 1)
    public private(set) var secondsSum = 0.0
    public private(set) var dwellSeconds = 0.0

    public init() {}

    public mutating func add(_ update: VisitUpdate) {
        switch update {
        case .progress: break
        case .attractBegan: attractRuns += 1
        case .finished(let v):
            visits += 1
            if v.attract { attractVisits += 1 }
            for (kind, n) in v.turns { turns[kind, default: 0] += n }
            zooms += v.zooms.count
            let seconds = v.activeMS / 1000
            buckets[Self.bounds.firstIndex { seconds <= $0 } ?? Self.bounds.count] += 1
            secondsSum += seconds
            dwellSeconds += v.pages.reduce(0) { $0 + $1.ms } / 1000
        }
    }

    public func exposition() -> String {
        func n(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v) }
        var out = """
        # HELP recto_visits_total Visits ended (first input after the idle reset or attract mode to the idle reset).
        # TYPE recto_visits_total counter
        recto_visits_total{attract="false"} \(visits - attractVisits)
        recto_visits_total{attract="true"} \(attractVisits)
        # HELP recto_visit_attract_runs_total Times attract mode began.
        # TYPE recto_visit_attract_runs_total counter
        recto_visit_attract_runs_total \(attractRuns)
        # HELP recto_visit_turns_total Page turns during visits, by how they were asked for.
        # TYPE recto_visit_turns_total counter

        """
        for kind in TurnKind.allCases { out += "recto_visit_turns_total{kind=\"\(kind.rawValue)\"} \(turns[kind] ?? 0)\n" }
        out += """
        # HELP recto_visit_zooms_total Zooms during visits.
        # TYPE recto_visit_zooms_total counter
        recto_visit_zooms_total \(zooms)
        # HELP recto_visit_dwell_seconds_total Time pages were read during visits.
        # TYPE recto_visit_dwell_seconds_total counter
        recto_visit_dwell_seconds_total \(n(dwellSeconds))
        # HELP recto_visit_seconds Visit length, first to last input.
        # TYPE recto_visit_seconds histogram

        """
        var cumulative = 0
        for (i, bound) in Self.bounds.enumerated() {
            cumulative += buckets[i]
            out += "recto_visit_seconds_bucket{le=\"\(n(bound))\"} \(cumulative)\n"
        }
        out += "recto_visit_seconds_bucket{le=\"+Inf\"} \(visits)\n"
        out += "recto_visit_seconds_sum \(n(secondsSum))\nrecto_visit_seconds_count \(visits)\n"
        return out
    }
}
