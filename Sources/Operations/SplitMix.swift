import AppCore
import ArgumentParser
import Diagnostics
import Glibc
import Occurrences
import Posix
import Reader
import Visits

/// A small deterministic generator (SplitMix64).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: UInt64) -> UInt64 { next() % n }
    mutating func gauss() -> Double {
        let a = Double(below(1_000_000) + 1) / 1_000_001, b = Double(below(1_000_000)) / 1_000_000
        return sqrt(-2 * log(a)) * cos(2 * Double.pi * b)
    }
}
