/// The sound of a page turning, synthesized (no sample to license): a burst of filtered noise, the louder the
/// brighter and the shorter, like paper flicked rather than stroked. `level` 0…1; its peak is exactly
/// `peak × level`, so however often it is played nothing is louder than `peak`.
enum PaperSound {
    static let peak: Float = 0.9

    static func samples(level: Double, rate: Int) -> [Float] {
        let level = max(0, min(1, level.isFinite ? level : 0))
        let count = Int(Double(rate) * 0.18)
        guard level > 0, count > 0 else { return [] }
        // A soft rustle is dull and long, a snap bright and short.
        let alpha = Float(0.08 + 0.6 * level)
        let tau = (0.07 - 0.045 * level) * Double(rate), attack = 0.003 * Double(rate)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15, low: Float = 0, decay = 1.0
        var out = [Float](repeating: 0, count: count)
        for i in 0..<count {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let white = Float(Int32(truncatingIfNeeded: state >> 32)) / Float(Int32.max)
            low += alpha * (white - low)
            // An exponential fall with time constant `tau` samples, one step at a time.
            decay *= 1 - 1 / tau
            out[i] = low * Float(min(1, Double(i) / attack) * decay)
        }
        let top = out.map(abs).max() ?? 1
        let scale = top > 0 ? peak * Float(level) / top : 0
        return out.map { $0 * scale }
    }
}
