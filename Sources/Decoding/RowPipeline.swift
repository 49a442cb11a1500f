import FoundationEssentials
import Posix

/// Shrinks rows on a helper thread while the caller decodes the next ones: for a large PNG, libpng's
/// unfiltering, the inflating ahead of it (`InflateAhead`) and the area average (~20 ms for 2048×2732 here)
/// then overlap instead of adding up. The caller fills bands of rows and submits them in order; the helper adds them to a
/// `RowDownscaler`. The helper is a plain thread of its own: it inherits the caller's nice value, so a decode
/// worker's low priority holds for both halves.
final class RowPipeline: @unchecked Sendable {
    // @unchecked: each band buffer belongs to one side at a time, handed over under `condition`; `scaler` is
    // used only by the helper until `finish` has seen it stop.
    private let condition = Condition()
    private let bands: [UnsafeMutablePointer<UInt8>]
    private var rowsIn: [Int]
    /// Bands submitted and not yet taken by the helper, in order from `nextToDrain`.
    private var pending = 0
    private var nextToFill = 0
    private var nextToDrain = 0
    private var inUse = 0
    private var closed = false
    private var stopped = false
    /// Which side is blocked in `wait`: only then is a wake-up sent (each one costs a context switch).
    private var drainerWaits = false
    private var fillerWaits = false
    private let scaler: RowDownscaler
    private let stride: Int
    /// Rows a band holds.
    let bandRows: Int

    /// `stride` bytes a row, `bandRows` rows a band, `count` bands in flight at most.
    init(scaler: RowDownscaler, stride: Int, bandRows: Int = 32, count: Int = 4) {
        self.scaler = scaler
        self.stride = stride
        self.bandRows = bandRows
        bands = (0..<count).map { _ in .allocate(capacity: stride * bandRows) }
        rowsIn = Array(repeating: 0, count: count)
        startThread(name: "recto.shrink") { [self] in drain() }
    }

    deinit {
        for band in bands { band.deallocate() }
    }

    /// A free band to fill (waits while every band is queued or being shrunk).
    func nextBand() -> UnsafeMutablePointer<UInt8> {
        condition.lock()
        defer { condition.unlock() }
        while inUse == bands.count {
            fillerWaits = true
            condition.wait()
            fillerWaits = false
        }
        return bands[nextToFill]
    }

    /// The band from `nextBand` now holds `rows` rows.
    func submit(rows: Int) {
        condition.lock()
        rowsIn[nextToFill] = rows
        nextToFill = (nextToFill + 1) % bands.count
        inUse += 1
        pending += 1
        let wake = drainerWaits
        condition.unlock()
        if wake { condition.broadcast() }
    }

    /// No more bands: waits until the helper has shrunk every submitted row and stopped. Returns whether the
    /// scaler saw the whole image.
    func finish() -> Bool {
        condition.lock()
        closed = true
        condition.broadcast()
        while !stopped { condition.wait() }
        condition.unlock()
        return scaler.isComplete
    }

    private func drain() {
        while true {
            condition.lock()
            while pending == 0 && !closed {
                drainerWaits = true
                condition.wait()
                drainerWaits = false
            }
            if pending == 0 {
                stopped = true
                condition.broadcast()
                condition.unlock()
                return
            }
            let index = nextToDrain, rows = rowsIn[index]
            condition.unlock()
            let band = bands[index]
            for i in 0..<rows where !scaler.isComplete { scaler.add(band + i * stride) }
            condition.lock()
            nextToDrain = (nextToDrain + 1) % bands.count
            pending -= 1
            inUse -= 1
            let wake = fillerWaits
            condition.unlock()
            if wake { condition.broadcast() }
        }
    }
}
