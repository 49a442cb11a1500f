import Foundation
import Glibc
import Testing

/// Clients of the control socket that send garbage, a 10 MB line, connect and stall, or fire 1000 requests at
/// once, again and again for as long as a corner drag runs: each well-formed request is answered, and the drag
/// keeps being drawn (frames committed by each stroke, from `recto ctl status`).
@Suite(.serialized) struct HostileControlEndToEndTests {
    static let page = PageLayout.double(width: 1920, height: 1080).right
    static let corner = (x: Double(page.x + page.width - 10), y: Double(page.y + page.height - 10))

    /// Frames committed so far, from `recto ctl status`.
    private func frames(_ socket: String) throws -> Int {
        let reply = try rectoCtl(["status"], socket: socket).reply
        return try #require(ControlEndToEndTests.json(reply)["frames"] as? Int, "\(reply)")
    }

    /// Drags the held corner back and forth for `rounds` strokes of 40 moves 16 ms apart; returns the frames each
    /// stroke committed. How many a move is a benchmark's business (`scripts/control-load.py`, against the same drag
    /// without hostile clients): a busy machine draws fewer, and that says nothing of the loop. A loop held up by a
    /// client draws none while it is held.
    private func framesPerStroke(_ session: RectoSession, socket: String, rounds: Int) throws -> [Int] {
        let (x, y) = Self.corner
        var counts: [Int] = []
        for round in 0..<rounds {
            let start = try frames(socket)
            let (from, to) = round % 2 == 0 ? (x - 100, x - 700) : (x - 700, x - 100)
            try session.weston.touchLine(id: 0, from: from, y - 50, to: to, y - 150, steps: 40, interval: .milliseconds(16))
            counts.append(try frames(socket) - start)
        }
        return counts
    }

    @Test func hostileClientsNeitherBlockTheLoopNorGoUnanswered() throws {
        let session = try RectoSession.start(width: 1920, height: 1080)
        _ = try session.waitForEvent("shown")
        let socket = try #require(session.ready?.string("control"))
        let (x, y) = Self.corner
        try session.weston.touchDown([Finger(id: 0, x: x, y: y)])
        try session.weston.touchLine(id: 0, from: x, y, to: x - 100, y - 50, steps: 10, interval: .milliseconds(16))
        _ = try session.waitForEvent("flip")

        // One client answered and kept open: recto has then also read the end of each `recto ctl` before it (its
        // loop takes every ready descriptor in a pass), which a busy machine could leave for after the 50 below.
        let probe = try RawControlClient(path: socket)
        probe.send(Array("status\n".utf8))
        try #require(probe.readLine(timeout: 30_000)?.hasPrefix("{") == true, "the probe's status")
        // 50 that connect and say nothing: beside the probe, at most 31 are kept, the rest refused at once.
        let stalled = try (0..<50).map { _ in try RawControlClient(path: socket) }
        // recto refuses those past the cap as it accepts them, after the ones it keeps: once 19 were refused, the
        // 31 kept were accepted, and their silence is timed from then (on a busy machine recto accepts them
        // well after they connected). The 31 get nothing until one is closed to make room, below.
        var refused = Set<Int>()
        let accepted = ContinuousClock.now + .seconds(30)
        while refused.count < 19, ContinuousClock.now < accepted {
            for (i, client) in stalled.enumerated() where !refused.contains(i) {
                if client.readLine(timeout: 0)?.hasPrefix("error: busy") == true { refused.insert(i) }
            }
            usleep(10_000)
        }
        try #require(refused.count == 19, "50 stalled clients and the probe, 32 kept")
        withExtendedLifetime(probe) {}
        usleep(1_200_000)  // stalled for over a second: they now make room for clients that talk
        let results = Locked<[String: String]>([:])
        let done = Locked(false)
        let group = DispatchGroup()
        /// Runs `round` again and again until the drag is over, and at least once (on a busy machine a burst of
        /// 1000 requests can outlast the drag); the first round that fails is the outcome.
        func hostile(_ name: String, _ round: @escaping @Sendable () throws -> String?) {
            DispatchQueue.global().async(group: group) {
                var rounds = 0
                var outcome = "ok"
                while rounds == 0 || !done.withLock({ $0 }) {
                    let failure: String?
                    do { failure = try round() } catch { failure = "\(error)" }
                    if let failure { outcome = "round \(rounds): \(failure)"; break }
                    rounds += 1
                }
                results.withLock { $0[name] = rounds > 0 && outcome == "ok" ? "ok" : "\(outcome) after \(rounds) rounds" }
            }
        }
        hostile("garbage") {
            let c = try RawControlClient(path: socket)
            c.send([0xFF, 0x00, 0x1B] + Array("\u{1}garbage\nstatus please\n".utf8))
            let first = c.readLine() ?? "none", second = c.readLine() ?? "none"
            c.send(Array("status\n".utf8))
            let third = c.readLine() ?? "none"
            return first.hasPrefix("error: unknown request") && second == "error: status takes no argument"
                && third.hasPrefix("{") ? nil : "\(first) | \(second) | \(third)"
        }
        hostile("10 MB line") {
            let c = try RawControlClient(path: socket)
            let sentAll = c.send([UInt8](repeating: UInt8(ascii: "x"), count: 10 << 20))
            let closed = c.closedByPeer(timeout: 10_000)
            return !sentAll && closed && c.received.hasPrefix("error: request longer than 4096 bytes") ? nil
                : "sent all: \(sentAll), closed: \(closed), got: \(c.received.prefix(80))"
        }
        hostile("burst") {
            let c = try RawControlClient(path: socket)
            c.send(Array(String(repeating: "status\n", count: 1000).utf8))
            var answered = 0
            while answered < 1000, let line = c.readLine(), line.hasPrefix("{\"event\":\"status\"") { answered += 1 }
            return answered == 1000 ? nil : "\(answered) of 1000 answered"
        }
        let loaded = try framesPerStroke(session, socket: socket, rounds: 6)
        done.withLock { $0 = true }
        #expect(group.wait(timeout: .now() + 30) == .success, "the hostile clients finished")
        try session.weston.touchLine(id: 0, from: x - 100, y - 50, to: x, y, steps: 10, interval: .milliseconds(16))
        try session.weston.touchUp([0])

        let outcomes = results.withLock { $0 }
        for name in ["garbage", "10 MB line", "burst"] { #expect(outcomes[name] == "ok", "\(name): \(outcomes[name] ?? "none")") }
        // None of the 32 kept was refused later.
        let refusedLater = stalled.filter { $0.readLine(timeout: 0)?.hasPrefix("error: busy") == true }.count
        #expect(refusedLater == 0, "50 stalled clients and the probe, 32 kept")
        #expect(loaded.allSatisfy { $0 > 0 }, "frames committed by each stroke with hostile clients: \(loaded)")
        #expect(try rectoCtl(["status"], socket: socket).termination == .exited(0), "still served")
    }

    /// A client that fires requests, reads the first answer and hangs up with the rest waiting for the next
    /// window: it is dropped, and the reader at rest goes quiet (a client it cannot serve never wakes its loop).
    @Test func aClientThatHangsUpMidBurstIsDroppedAndTheLoopGoesQuiet() throws {
        let session = try RectoSession.start(width: 1280, height: 800)
        _ = try session.waitForEvent("shown")
        let socket = try #require(session.ready?.string("control"))
        do {
            let client = try RawControlClient(path: socket)
            client.send(Array(String(repeating: "status\n", count: 5000).utf8))
            try #require(client.readLine(timeout: 30_000)?.hasPrefix("{") == true, "the first answer")
        }
        // The hung-up client is dropped: the status request's own client is the only one left.
        let reply = try rectoCtl(["status"], socket: socket).reply
        #expect(ControlEndToEndTests.json(reply)["control_clients"] as? Int == 1, "\(reply)")
        let ticks = { () throws -> Int in
            // utime and stime, fields 14 and 15 of /proc/PID/stat (after the command's closing parenthesis).
            let stat = try procText("/proc/\(session.recto.pid)/stat")
            let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
            return try #require(Int(fields[11])) + #require(Int(fields[12]))
        }
        // A loop left polling a closed client spins a core: 100 ticks a second, and still over 30 with both cores
        // busy, every second. At rest the reader uses next to none: some second of the next 20 is quiet, however
        // late a busy machine lets it get there (how soon is `scripts/control-load.py`'s to measure).
        var seconds: [Int] = []
        while seconds.count < 20, seconds.last.map({ $0 > 15 }) ?? true {
            let before = try ticks()
            usleep(1_000_000)
            seconds.append(try ticks() - before)
        }
        #expect(seconds.last.map { $0 <= 15 } == true, "ticks of CPU in each second after the hang-up: \(seconds)")
    }
}
