import Foundation
import Glibc
import Testing

/// The GL driver's compiler code (Mesa compiles with LLVM) leaves memory once the start-up warm-up has compiled what
/// turns draw, and again at the idle reset after a visitor's zoom brought some of it back.
@Suite(.serialized) struct CompilerCodeEndToEndTests {
    /// KiB of libLLVM's executable mappings resident in process `pid` and in no other process (the kernel leaves a
    /// page another process maps, as this test process does once an offscreen renderer test has run); nil when the
    /// driver maps no LLVM.
    static func compilerCodeKiB(_ pid: Int32) throws -> Int? {
        var total: Int?, inside = false
        for line in try procText("/proc/\(pid)/smaps").split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = fields.first else { continue }
            if first.contains("-"), !first.hasSuffix(":") {
                let name = fields.count >= 6 ? fields[5].split(separator: "/").last.map(String.init) ?? "" : ""
                inside = fields.count >= 2 && fields[1].contains("x") && name.hasPrefix("libLLVM")
                if inside && total == nil { total = 0 }
            } else if inside, first == "Private_Clean:" || first == "Private_Dirty:", fields.count >= 2 {
                total = (total ?? 0) + (Int(fields[1]) ?? 0)
            }
        }
        return total
    }

    /// Polls until `accept` holds for the resident compiler code (KiB), at most `timeout`; the last reading.
    static func compilerCode(of pid: Int32, within timeout: Duration, until accept: (Int) -> Bool) throws -> Int {
        let deadline = ContinuousClock.now + timeout
        while true {
            let kib = try compilerCodeKiB(pid) ?? 0
            if accept(kib) || ContinuousClock.now >= deadline { return kib }
            usleep(100_000)
        }
    }

    static func pinch(_ weston: Weston, from d0: Double, to d1: Double) throws {
        let (cx, cy) = (960.0, 540.0)
        try weston.touchDown([Finger(id: 0, x: cx - d0 / 2, y: cy), Finger(id: 1, x: cx + d0 / 2, y: cy)])
        try weston.touchStroke(steps: 20, interval: .milliseconds(16)) { i in
            let half = (d0 + (d1 - d0) * Double(i) / 20) / 2
            return [Finger(id: 0, x: cx - half, y: cy), Finger(id: 1, x: cx + half, y: cy)]
        }
        try weston.touchUp([0, 1])
    }

    @Test func theCompilerCodeLeavesAfterTheWarmUpAndAgainAtTheIdleReset() throws {
        let session = try RectoSession.start()
        _ = try session.waitForEvent("renderer")
        let socket = try #require(session.ready?.string("control"), "\(session.historyText)")
        let pid = session.recto.pid
        let limit = 8 * 1024
        try #require(try Self.compilerCodeKiB(pid) != nil, "Mesa on this machine compiles with LLVM")
        let started = try Self.compilerCode(of: pid, within: .seconds(5)) { $0 < limit }
        #expect(started < limit, "after the warm-up: \(started) KiB of LLVM's code resident (about 48 MiB when kept)")

        // Zooming in until the sharp region is shown, and back out over it, draws kinds of frame the warm-up does
        // not: their compile runs LLVM again.
        try Self.pinch(session.weston, from: 200, to: 600)
        _ = try session.waitForEvent("region")
        _ = try session.events(during: .milliseconds(500))
        try Self.pinch(session.weston, from: 600, to: 200)
        // Where this test process maps LLVM too (an offscreen renderer test ran in it), what recto reads again may be
        // pages this process holds already, and so not recto's alone.
        let alone = try Self.compilerCodeKiB(getpid()) == nil
        let zoomed = try Self.compilerCode(of: pid, within: alone ? .seconds(10) : .seconds(2)) { $0 >= limit }
        if alone {
            #expect(zoomed >= limit, "a zoom's new shaders bring LLVM's code back (\(zoomed) KiB): else this test shows nothing")
        }

        #expect(try rectoCtl(["goto", "4"], socket: socket).reply == "ok page 4")
        #expect(try rectoCtl(["idle-reset"], socket: socket).reply == "ok")
        _ = try session.waitForEvent("idle-reset")
        let reset = try Self.compilerCode(of: pid, within: .seconds(5)) { $0 < limit }
        #expect(reset < limit, "after the idle reset: \(reset) KiB of LLVM's code resident")
        #expect(try session.waitForEvent("page").int("page") == 1, "and the reader goes on: back at the cover")
    }
}
