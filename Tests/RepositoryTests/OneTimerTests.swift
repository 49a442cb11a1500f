import Foundation
import Testing

/// The reader has one timer: the core's deadlines and the shell's housekeeping (the visit recorder, systemd's
/// watchdog, the metrics file) are deadlines it is armed at, so nothing wakes the loop behind the core's back.
/// The control server's idle-client timer is the one other, the socket's own bookkeeping.
@Suite struct OneTimerTests {
    @Test func timersAreMadeInTwoPlacesOnly() throws {
        let sources = AppCoreShapeTests.root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
        let makers = try files.filter { $0.hasSuffix(".swift") }.filter { path in
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            return text.contains("TimerSource(")
        }
        #expect(makers.sorted() == ["Platform/ControlServer.swift", "recto/ReaderApp.swift"], "\(makers)")
    }
}
