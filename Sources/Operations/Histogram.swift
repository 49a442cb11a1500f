/// A Prometheus histogram: cumulative buckets by upper bound, a sum and a count (values in seconds).
public struct Histogram: Sendable, Equatable {
    public let bounds: [Double]
    /// Observations ≤ each bound (not yet cumulative; made cumulative when written).
    public private(set) var counts: [Int]
    public private(set) var sum = 0.0
    public private(set) var count = 0

    public init(bounds: [Double]) {
        self.bounds = bounds.sorted()
        counts = Array(repeating: 0, count: bounds.count)
    }

    public mutating func observe(_ value: Double) {
        guard value.isFinite else { return }
        sum += value
        count += 1
        if let i = bounds.firstIndex(where: { value <= $0 }) { counts[i] += 1 }
    }

    /// Frame costs and latencies: from 1 ms to half a second.
    public static let frameBounds = [0.001, 0.002, 0.004, 0.008, 0.016, 0.025, 0.033, 0.05, 0.1, 0.25, 0.5]
}
