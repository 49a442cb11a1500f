import ArgumentParser
import Book
import Config
import Decoding
import Diagnostics
import Fetch
import FoundationEssentials
import Geometry
import Gestures
import Invocation
import Pages
import Reader
import Renderer

/// Window-sized size argument, `WxH`.
struct Size: ExpressibleByArgument {
    let width: Int, height: Int
    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0, w <= 16384, h <= 16384 else { return nil }
        width = w; height = h
    }
    var defaultValueDescription: String { "\(width)x\(height)" }
}

/// A window point `X,Y`.
struct Point: ExpressibleByArgument {
    let x: Double, y: Double
    init?(argument: String) {
        let parts = argument.split(separator: ",")
        guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite else { return nil }
        self.x = x; self.y = y
    }
}

/// Which point of the page a drag holds.
enum GrabOption: String, ExpressibleByArgument, CaseIterable {
    case br, tr, bl, tl, edge
}
