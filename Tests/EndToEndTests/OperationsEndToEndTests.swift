import Foundation
import Glibc
import Testing

/// systemd's notifications and the Prometheus metrics file of the real reader under headless weston.
@Suite(.serialized) struct OperationsEndToEndTests {
    @Test func systemdHearsReadyAndAWatchdogThatStopsWithTheLoop() throws {
        let listener = try NotifyListener(directory: try Scratch.makeDirectory("notify"))
        let (session, socket) = try ControlEndToEndTests.start(
            environment: ["NOTIFY_SOCKET": listener.path, "WATCHDOG_USEC": "400000"])
        let first = listener.messages(until: { $0.hasPrefix("READY=1") }, timeout: .seconds(30))
        let ready = try #require(first.first { $0.hasPrefix("READY=1") }, "messages: \(first)")
        #expect(ready.contains("STATUS=page 1 of 14"), "\(ready)")

        let running = listener.messages(during: .milliseconds(1200))
        #expect(running.filter { $0 == "WATCHDOG=1" }.count >= 3, "a ping every 200 ms: \(running)")

        kill(session.recto.pid, SIGSTOP)
        _ = listener.messages(during: .milliseconds(100))  // sent before the stop took hold
        let stopped = listener.messages(during: .seconds(1))
        kill(session.recto.pid, SIGCONT)
        #expect(stopped.isEmpty, "a stopped loop must not ping: \(stopped)")
        let resumed = listener.messages(during: .seconds(1))
        #expect(resumed.filter { $0 == "WATCHDOG=1" }.count >= 2, "pings resume: \(resumed)")

        _ = try rectoCtl(["goto", "4"], socket: socket)
        let status = listener.messages(until: { $0.hasPrefix("STATUS=") }, timeout: .seconds(30))
        #expect(status.contains { $0.hasPrefix("STATUS=page 4 of 14: ") }, "\(status)")
    }

    @Test func anAbstractNotifySocketWorksToo() throws {
        let listener = try NotifyListener(abstractName: "recto-e2e-notify-\(getpid())")
        _ = try ControlEndToEndTests.start(environment: ["NOTIFY_SOCKET": listener.path])
        let messages = listener.messages(until: { $0.hasPrefix("READY=1") }, timeout: .seconds(30))
        #expect(messages.contains { $0.hasPrefix("READY=1") }, "\(messages)")
        #expect(!messages.contains("WATCHDOG=1"), "no watchdog without WATCHDOG_USEC: \(messages)")
    }

    /// Parses the metrics file with Prometheus' own Python parser: one `name{labels} value` line per sample.
    static func parse(_ file: String) throws -> [String: Double] {
        let script = """
        import sys
        from prometheus_client.parser import text_string_to_metric_families
        for family in text_string_to_metric_families(open(sys.argv[1]).read()):
            for s in family.samples:
                labels = ",".join(f'{k}="{v}"' for k, v in sorted(s.labels.items()))
                print(f"{s.name}{{{labels}}} {s.value}")
        """
        // Debian's python3, which python3-prometheus-client is installed for (not another one earlier in PATH).
        let child = try ChildProcess("/usr/bin/python3", arguments: ["-c", script, file], environment: [:])
        let ended = try child.waitForExit(timeout: .seconds(20))
        try child.stdout?.waitForEnd(timeout: .seconds(5))
        try child.stderr?.waitForEnd(timeout: .seconds(5))
        guard ended == .exited(0) else {
            throw HarnessError.failed("the Prometheus parser rejected \(file) (\(ended))", detail: child.stderr?.text ?? "")
        }
        var samples: [String: Double] = [:]
        for line in (child.stdout?.text ?? "").split(separator: "\n") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else { continue }
            samples[String(line[..<space])] = value
        }
        return samples
    }

    @Test func metricsCountTheTurnsAsPrometheusReadsThem() throws {
        let file = try Scratch.makeDirectory("metrics").appendingPathComponent("recto.prom").path
        let (session, _) = try ControlEndToEndTests.start(["--metrics-file", file, "--metrics-interval", "1"])
        // Pages 1 → 2 → 3 → 4 → 3: views 1, 1, 2, 1.
        for (key, page) in [(InputCode.keyRight, 2), (InputCode.keyRight, 3), (InputCode.keyRight, 4), (InputCode.keyLeft, 3)] {
            try session.weston.chord([], key)
            #expect(try session.waitForEvent("page").int("page") == page)
        }
        let expected: [String: Double] = [
            "recto_page_views_total{page=\"1\"}": 1, "recto_page_views_total{page=\"2\"}": 1,
            "recto_page_views_total{page=\"3\"}": 2, "recto_page_views_total{page=\"4\"}": 1,
            "recto_turns_total{direction=\"forward\",outcome=\"commit\"}": 3,
            "recto_turns_total{direction=\"backward\",outcome=\"commit\"}": 1,
            "recto_turns_total{direction=\"forward\",outcome=\"cancel\"}": 0,
        ]
        // Written every second: polled until it shows the turns, the bound a safety net for a busy machine.
        let deadline = ContinuousClock.now + .seconds(30)
        var samples: [String: Double] = [:]
        while ContinuousClock.now < deadline {
            if FileManager.default.fileExists(atPath: file) {
                samples = try Self.parse(file)
                if expected.allSatisfy({ samples[$0.key] == $0.value }) { break }
            }
            usleep(200_000)
        }
        for (name, value) in expected { #expect(samples[name] == value, "\(name): \(samples)") }
        #expect(samples.keys.contains { $0.hasPrefix("recto_book_info{book=") && $0.hasSuffix("DemoBook\"}") }, "\(samples.keys)")
        #expect((samples["recto_frames_total{}"] ?? 0) >= 2, "\(samples)")
        #expect((samples["recto_frame_seconds_count{}"] ?? 0) == samples["recto_frames_total{}"], "\(samples)")
        #expect((samples["recto_page_seconds_total{page=\"1\"}"] ?? 0) > 0, "\(samples)")
        #expect((samples["recto_resident_memory_bytes{}"] ?? 0) > 0, "\(samples)")
    }

    /// Attract mode's begin is its first loop, each later lift (every 6 s) another: the counter follows the
    /// event log's `attract` begin and `attract-loop` lines.
    @Test func metricsCountTheAttractLoops() throws {
        let file = try Scratch.makeDirectory("metrics-attract").appendingPathComponent("recto.prom").path
        let (session, _) = try ControlEndToEndTests.start(["--metrics-file", file, "--metrics-interval", "1",
                                                           "--attract-after", "1"])
        // A second after the start, attract mode may begin (and lift again) before the page is shown on a busy
        // machine, while `start` waits for `shown`: the events read so far first.
        let begin = try session.history.first { $0.name == "attract" } ?? session.waitForEvent("attract")
        #expect(begin.string("phase") == "begin")
        let loop = try session.history.first { $0.name == "attract-loop" } ?? session.waitForEvent("attract-loop")
        #expect(loop.int("loop") == 2)
        let deadline = ContinuousClock.now + .seconds(30)
        var samples: [String: Double] = [:]
        while ContinuousClock.now < deadline {
            if FileManager.default.fileExists(atPath: file) {
                samples = try Self.parse(file)
                if samples["recto_attract_loops_total{}"] == 2 { break }
            }
            usleep(200_000)
        }
        #expect(samples["recto_attract_loops_total{}"] == 2, "\(samples)")
    }
}
