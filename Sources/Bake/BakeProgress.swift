import ArgumentParser
import Book
import Diagnostics
import Geometry
import Glibc
import IIIF
import Pages
import Posix

/// Pages, tiles, bytes and the time left on a terminal's standard error; silent when that is not a terminal.
struct BakeProgress {
    let total: Int
    var done = 0
    var resumed = 0
    var tiles = 0
    var bytesIn = 0
    private let start = monotonicMilliseconds()
    private let terminal = isatty(2) != 0

    init(total: Int) { self.total = total }

    mutating func pageDone() {
        done += 1
        guard terminal else { return }
        let width = 30, filled = total > 0 ? width * done / total : width
        let elapsed = (monotonicMilliseconds() - start) / 1000
        let fresh = done - resumed
        let left = fresh > 0 ? elapsed / Double(fresh) * Double(total - done) : 0
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let line = "\r[\(bar)] \(done)/\(total) pages, \(tiles) tiles, \(bytesIn >> 20) MiB read, ETA \(Int(left.rounded())) s "
        writeAll(2, line)
    }

    func finish() { if terminal { writeAll(2, "\n") } }
}
