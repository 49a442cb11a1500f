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

struct BenchResults {
    struct Case { let name: String; let floor: FrameTimes; let curl: FrameTimes; let damaged: [Double]; let vertices: Int }
    /// Per pass, the frame cost (CPU ms, p50) without it: at rest, over the sweep, over the sweep's last fifth.
    struct PassCost { let name: String; let rest: Double; let sweep: Double; let lastFifth: Double }
    var renderer = ""
    var firstFrameMs = 0.0
    var decodeMs: [Double] = []
    var uploadMs: [Double] = []
    var cases: [Case] = []
    /// Per case: each pass left out in turn (the first row: nothing left out).
    var breakdowns: [(name: String, passes: [PassCost])] = []
    var glErrors = 0
    var solverNs = 0.0
    /// `--codecs`: (label, ms) rows.
    var codecs: [(String, Double)] = []

    static func percentile(_ xs: [Double], _ p: Double) -> Double {
        guard !xs.isEmpty else { return .nan }
        let s = xs.sorted()
        return s[min(s.count - 1, Int((Double(s.count - 1) * p).rounded()))]
    }

    /// The sweep's last fifth against the floor, in CPU time: each frame's median over the runs, divided by
    /// the floor's median; the median and the largest of those ratios.
    static func lastFifth(_ c: Case) -> (cpuMs: Double, ratio: Double, maxRatio: Double) {
        let floorCPU = percentile(c.floor.cpu, 0.5)
        let frames = Array(c.curl.perFrame(c.curl.cpu)[c.curl.lastFifth])
        let p50 = percentile(frames, 0.5)
        return (p50, p50 / floorCPU, (frames.max() ?? .nan) / floorCPU)
    }

    /// The same ratio within each run (its last fifth's median ÷ the floor's median over the floor run beside it):
    /// how far the machine moved it between runs a second apart.
    static func lastFifthByRun(_ c: Case) -> [Double] {
        zip(c.floor.byRun(c.floor.cpu), c.curl.byRun(c.curl.cpu)).map { floor, curl in
            let fifth = curl.dropFirst(c.curl.lastFifth.lowerBound)
            return percentile(Array(fifth), 0.5) / percentile(Array(floor), 0.5)
        }
    }

    func table(size: Size) -> String {
        func f(_ x: Double) -> String { String(format1: x) }
        var out = "recto bench at \(size.width)×\(size.height) (ms; submit to glFinish) on \(renderer)\n"
        out += "case     floor p50  floor p99  curl p50  curl p99  p50 ratio  p99 ratio  damaged p50  damaged p99  curl vertices\n"
        for c in cases {
            let fp50 = Self.percentile(c.floor.wall, 0.5), fp99 = Self.percentile(c.floor.wall, 0.99)
            let cp50 = Self.percentile(c.curl.wall, 0.5), cp99 = Self.percentile(c.curl.wall, 0.99)
            let columns: [String] = [c.name.padding(8), f(fp50).padding(10), f(fp99).padding(10), f(cp50).padding(9),
                                     f(cp99).padding(9), f(cp50 / fp50).padding(10), f(cp99 / fp99).padding(10),
                                     f(Self.percentile(c.damaged, 0.5)).padding(12), f(Self.percentile(c.damaged, 0.99)).padding(12),
                                     String(c.vertices)]
            out += columns.joined(separator: " ") + "\n"
        }
        out += "CPU time (all threads) p50: floor / curl / the sweep's last fifth, and the last fifth ÷ floor (median, most)\n"
        for c in cases {
            let last = Self.lastFifth(c)
            out += "  " + c.name.padding(8) + f(Self.percentile(c.floor.cpu, 0.5)) + " / " + f(Self.percentile(c.curl.cpu, 0.5))
                + " / " + f(last.cpuMs) + " ms, ÷ floor " + f(last.ratio) + ", most " + f(last.maxRatio)
                + "; run by run " + Self.lastFifthByRun(c).map(f).joined(separator: ", ") + "\n"
        }
        out += "page decode p50: \(f(Self.percentile(decodeMs, 0.5))) ms over \(decodeMs.count) pages\n"
        out += "texture upload with mipmaps p50: \(f(Self.percentile(uploadMs, 0.5))) ms, max \(f(uploadMs.max() ?? 0)) ms\n"
        out += "curl solver: \(f(solverNs)) ns per call\n"
        out += "offscreen time to first frame: \(f(firstFrameMs)) ms\n"
        out += "GL errors: \(glErrors)"
        for (label, value) in codecs { out += "\n\(label): \(f(value))\(label.hasSuffix("ns per call") ? "" : " ms")" }
        for b in breakdowns {
            // Frame cost without the pass subtracted from the whole frame's (medians; noise can make it < 0).
            guard let whole = b.passes.first else { continue }
            out += "\n\(b.name): what each pass costs in a frame (CPU ms, p50 of the whole frame minus p50 without it), "
                + "at rest / sweep / sweep's last fifth\n"
            out += "  " + "whole frame".padding(26) + f(whole.rest).padding(8) + f(whole.sweep).padding(8) + f(whole.lastFifth) + "\n"
            for p in b.passes.dropFirst() {
                out += "  " + p.name.padding(26) + f(whole.rest - p.rest).padding(8) + f(whole.sweep - p.sweep).padding(8)
                    + f(whole.lastFifth - p.lastFifth) + "\n"
            }
        }
        return out
    }

    func json(size: Size) -> String {
        func list(_ xs: [Double]) -> String { "[" + xs.map { String($0, decimals: 3) }.joined(separator: ",") + "]" }
        var parts: [String] = ["\"size\":\"\(size.width)x\(size.height)\"", "\"renderer\":\(JSONText.string(renderer))"]
        var cs: [String] = []
        for c in cases {
            let fp50 = Self.percentile(c.floor.wall, 0.5), fp99 = Self.percentile(c.floor.wall, 0.99)
            let cp50 = Self.percentile(c.curl.wall, 0.5), cp99 = Self.percentile(c.curl.wall, 0.99)
            let last = Self.lastFifth(c)
            let fifth = c.curl.lastFifth
            let lastWall = Array(c.curl.perFrame(c.curl.wall)[fifth])
            // Per frame of the sweep (medians over the runs): what the last fifth's figures are made of.
            let frames = "{\"last_fifth_from\":\(fifth.lowerBound),\"wall_ms\":\(list(c.curl.perFrame(c.curl.wall))),\"cpu_ms\":\(list(c.curl.perFrame(c.curl.cpu)))}"
            cs.append("{\"case\":\"\(c.name)\",\"floor_p50_ms\":\(fp50),\"floor_p99_ms\":\(fp99),\"curl_p50_ms\":\(cp50),\"curl_p99_ms\":\(cp99),\"p50_ratio\":\(cp50 / fp50),\"p99_ratio\":\(cp99 / fp99),\"damaged_p50_ms\":\(Self.percentile(c.damaged, 0.5)),\"damaged_p99_ms\":\(Self.percentile(c.damaged, 0.99)),\"curl_vertices\":\(c.vertices),"
                + "\"floor_cpu_p50_ms\":\(Self.percentile(c.floor.cpu, 0.5)),\"curl_cpu_p50_ms\":\(Self.percentile(c.curl.cpu, 0.5)),"
                + "\"last_fifth\":{\"wall_p50_ms\":\(Self.percentile(lastWall, 0.5)),\"cpu_p50_ms\":\(last.cpuMs),\"cpu_ratio\":\(last.ratio),\"cpu_ratio_max\":\(last.maxRatio),\"cpu_ratio_by_run\":\(list(Self.lastFifthByRun(c)))},"
                + "\"frames\":\(frames)}")
        }
        parts.append("\"cases\":[\(cs.joined(separator: ","))]")
        if !breakdowns.isEmpty {
            let bs = breakdowns.map { b in
                "{\"case\":\"\(b.name)\",\"cpu_p50_ms_without\":[" + b.passes.map {
                    "{\"pass\":\(JSONText.string($0.name)),\"rest\":\($0.rest),\"sweep\":\($0.sweep),\"last_fifth\":\($0.lastFifth)}"
                }.joined(separator: ",") + "]}"
            }
            parts.append("\"breakdown\":[\(bs.joined(separator: ","))]")
        }
        parts.append("\"decode_p50_ms\":\(Self.percentile(decodeMs, 0.5))")
        parts.append("\"first_frame_ms\":\(firstFrameMs)")
        parts.append("\"solver_ns\":\(solverNs)")
        parts.append("\"upload_p50_ms\":\(Self.percentile(uploadMs, 0.5))")
        parts.append("\"gl_errors\":\(glErrors)")
        if !codecs.isEmpty {
            parts.append("\"codecs\":{\(codecs.map { "\(JSONText.string($0.0)):\($0.1)" }.joined(separator: ","))}")
        }
        return "{\(parts.joined(separator: ","))}"
    }
}
