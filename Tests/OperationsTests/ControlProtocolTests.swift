import Control
import Testing

/// The control protocol's requests, replies, line framing and socket names.
@Suite struct ControlProtocolTests {
    @Test func wellFormedRequestsParse() {
        #expect(ControlRequest.parse("status") == .success(.status))
        #expect(ControlRequest.parse("  goto 5 \r") == .success(.goto(5)))
        #expect(ControlRequest.parse("open /srv/books/atlas") == .success(.open("/srv/books/atlas")))
        #expect(ControlRequest.parse("open /srv/my books/a b.cbz") == .success(.open("/srv/my books/a b.cbz")))
        #expect(ControlRequest.parse("reload") == .success(.reload))
        #expect(ControlRequest.parse("idle-reset") == .success(.idleReset))
        #expect(ControlRequest.parse("screenshot /tmp/x.png") == .success(.screenshot("/tmp/x.png")))
        #expect(ControlRequest.parse("text") == .success(.text(nil)))
        #expect(ControlRequest.parse("text 12 ") == .success(.text(12)))
        if case .failure(let e) = ControlRequest.parse("text 0") { #expect(e.description.hasPrefix("text wants a page number")) } else { Issue.record("text 0 parsed") }
    }

    @Test func malformedRequestsSayWhatIsWrong() {
        func error(_ line: String) -> String? {
            if case .failure(let e) = ControlRequest.parse(line) { return e.description } else { return nil }
        }
        #expect(error("goto") == "goto wants a page number from 1, not nothing")
        #expect(error("goto 0") == "goto wants a page number from 1, not '0'")
        #expect(error("goto five") == "goto wants a page number from 1, not 'five'")
        #expect(error("status now") == "status takes no argument")
        #expect(error("screenshot shot.png") == "screenshot wants an absolute path, not 'shot.png'")
        #expect(error("")?.hasPrefix("empty request") == true)
        #expect(error("\u{1}\u{2}garbage")?.hasPrefix("unknown request '\u{1}\u{2}garbage'") == true)
        #expect(error(String(repeating: "x", count: 100))?.contains(String(repeating: "x", count: 41)) == false,
                "a long verb is cut in the reply")
    }

    @Test func repliesAreOneLine() {
        #expect(ControlReply.ok() == "ok")
        #expect(ControlReply.ok("page 4") == "ok page 4")
        #expect(ControlReply.error("bad\nthing") == "error: bad thing")
        #expect(ControlReply.isSuccess("{\"page\":1}") && ControlReply.isSuccess("ok") && !ControlReply.isSuccess("error: x"))
    }

    @Test func linesAreCutAtNewlinesAcrossReads() {
        var buffer = LineBuffer(limit: 16)
        #expect(buffer.append(Array("sta".utf8)) == [])
        #expect(buffer.append(Array("tus\ngoto 3\nre".utf8)) == [.line("status"), .line("goto 3")])
        #expect(buffer.pendingCount == 2)
        #expect(buffer.append(Array("load\n".utf8)) == [.line("reload")])
    }

    @Test func anOverlongLineOverflowsWithoutGrowingTheBuffer() {
        var buffer = LineBuffer(limit: 8)
        #expect(buffer.append(Array("ok\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: 1000)) == [.line("ok"), .overflow])
        #expect(buffer.pendingCount == 0)
        var exact = LineBuffer(limit: 8)
        #expect(exact.append(Array("12345678\n".utf8)) == [.line("12345678")], "a line of exactly the limit is fine")
    }

    @Test func socketNamesCarryTheDisplayAndPid() {
        #expect(SocketName.defaultPath(runtimeDirectory: "/run/user/1000", waylandDisplay: "wayland-1", pid: 42)
                == "/run/user/1000/recto-wayland-1-42.sock")
        #expect(SocketName.defaultPath(runtimeDirectory: "/run/user/7/", waylandDisplay: "/tmp/w y/sock", pid: 9)
                == "/run/user/7/recto-sock-9.sock")
        #expect(SocketName.defaultPath(runtimeDirectory: nil, waylandDisplay: "wayland-0", pid: 1) == nil)
        #expect(SocketName.pid(inFileName: "recto-wayland-1-42.sock") == 42)
        #expect(SocketName.pid(inFileName: "recto-status.abc") == nil)
    }

    @Test func ctlFindsTheOneLiveReader() {
        let files = ["recto-wayland-0-10.sock", "recto-wayland-1-20.sock", "other.sock", "wayland-0"]
        #expect(SocketName.choose(files: files, directory: "/run/user/0", isAlive: { $0 == 20 })
                == .success("/run/user/0/recto-wayland-1-20.sock"))
        guard case .failure(let many) = SocketName.choose(files: files, directory: "/r", isAlive: { _ in true }),
              case .failure(let none) = SocketName.choose(files: files, directory: "/r", isAlive: { _ in false }) else {
            Issue.record("expected failures"); return
        }
        #expect(many.description.contains("2 readers") && many.description.contains("--socket"))
        #expect(none.description.contains("no running reader"))
    }
}

@Suite struct SettingRequestTests {
    @Test func getAndSetParse() throws {
        #expect(try ControlRequest.parse("get max-zoom").get() == .get("max-zoom"))
        #expect(try ControlRequest.parse("set  turn-duration   400 ").get() == .set("turn-duration", "400"))
        #expect(try ControlRequest.parse("set background #102030").get() == .set("background", "#102030"))
        for bad in ["get", "get a b", "set", "set max-zoom", "set  "] {
            #expect(throws: ControlError.self, "\(bad)") { try ControlRequest.parse(bad).get() }
        }
    }
}
