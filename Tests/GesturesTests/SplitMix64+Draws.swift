import TestSupport

extension SplitMix64 {
    mutating func uniform(_ lo: Double, _ hi: Double) -> Double { Double.random(in: lo..<hi, using: &self) }
    mutating func chance(_ p: Double) -> Bool { uniform(0, 1) < p }
}
