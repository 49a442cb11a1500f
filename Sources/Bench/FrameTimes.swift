import ArgumentParser
import Book
import Config
import Control
import Curl
import Decoding
import Diagnostics
import Geometry
import Gestures
import Glibc
import Invocation
import Posix
import Reader
import Renderer

/// What one measured sweep (or resting view) cost, frame by frame: each run's wall-clock milliseconds (submit
/// to glFinish) and the process's CPU milliseconds over the same span (every thread: llvmpipe's rasterising
/// threads too; other programs' load moves it far less than the wall clock).
struct FrameTimes {
    /// Frames per run: `wall[i]` and `cpu[i]` hold frame `i % frames` of the sweep.
    let frames: Int
    var wall: [Double] = []
    var cpu: [Double] = []
    var index: [Int] = []

    init(frames: Int) { self.frames = frames }

    mutating func append(frame i: Int, wall w: Double, cpu c: Double) {
        index.append(i % frames); wall.append(w); cpu.append(c)
    }

    /// Per frame of the sweep, the median over the runs.
    func perFrame(_ values: [Double]) -> [Double] {
        var byFrame = [[Double]](repeating: [], count: frames)
        for (i, v) in zip(index, values) { byFrame[i].append(v) }
        return byFrame.map { BenchResults.percentile($0, 0.5) }
    }

    /// The frames of the sweep's last fifth (where a single page's leaf fades over the background).
    var lastFifth: Range<Int> { (frames * 4 / 5)..<frames }

    /// `values` cut into the measured runs, in the order they ran (each run appends `frames` values).
    func byRun(_ values: [Double]) -> [ArraySlice<Double>] {
        stride(from: 0, to: values.count, by: frames).map { values[$0..<min(values.count, $0 + frames)] }
    }
}
