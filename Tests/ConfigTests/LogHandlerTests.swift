import Config
import Diagnostics
import Logging
import Synchronization
import Testing

/// Collects written lines.
final class Lines: Sendable {
    let lines = Mutex<[String]>([])
    func append(_ s: String) { lines.withLock { $0.append(s) } }
    var all: [String] { lines.withLock { $0 } }
}

@Suite struct LogHandlerTests {
    @Test func oneLinePerMessageWithLevelAndSortedMetadata() {
        let out = Lines()
        var logger = Logger(label: "test") { _ in LineLogHandler(level: .info) { out.append($0) } }
        logger[metadataKey: "book"] = "atlas"
        logger.info("opened", metadata: ["pages": "14", "a": "1"])
        logger.warning("page 3 failed:\ntruncated file")
        logger.debug("not shown at info")
        #expect(out.all == [
            "recto: info: opened [a=1 book=atlas pages=14]\n",
            "recto: warning: page 3 failed: truncated file [book=atlas]\n",
        ])
    }

    @Test func levelFilters() {
        for level in Logger.Level.allCases {
            let out = Lines()
            let logger = Logger(label: "test") { _ in LineLogHandler(level: level) { out.append($0) } }
            for l in Logger.Level.allCases { logger.log(level: l, "m") }
            #expect(out.all.count == Logger.Level.allCases.count - Logger.Level.allCases.firstIndex(of: level)!)
        }
    }

    @Test func journalLinesCarryTheSyslogPriority() {
        let out = Lines()
        let logger = Logger(label: "test") { _ in LineLogHandler(level: .trace, journal: true) { out.append($0) } }
        for l in Logger.Level.allCases { logger.log(level: l, "m") }
        #expect(out.all.map { String($0.prefix(3)) } == ["<7>", "<7>", "<6>", "<5>", "<4>", "<3>", "<2>"])
        #expect(out.all[4] == "<4>recto: warning: m\n")
    }
}
