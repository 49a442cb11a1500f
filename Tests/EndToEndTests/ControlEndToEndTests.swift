import Decoding
import Foundation
import Glibc
import Testing

/// `recto ctl` against the real reader under headless weston: requests change what is shown and report it,
/// a screenshot is the frame as the compositor shows it, and only the reader's own user is served.
@Suite(.serialized) struct ControlEndToEndTests {
    /// A reader on a single-page layout (so `goto N` shows page N) and the socket its `ready` event names.
    static func start(_ arguments: [String] = [], environment: [String: String] = [:]) throws -> (RectoSession, String) {
        let session = try RectoSession.start(width: 1280, height: 800, arguments: ["--spread", "single"] + arguments,
                                             environment: environment)
        #expect(try session.waitForEvent("shown").int("page") == 1)
        let socket = try #require(session.ready?.string("control"), "ready names the control socket: \(session.historyText)")
        return (session, socket)
    }

    static func json(_ line: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
    }

    @Test func gotoStatusAndAScreenshotAsDrawn() throws {
        let (session, socket) = try Self.start()
        let goto = try rectoCtl(["goto", "5"], socket: socket)
        #expect(goto.termination == .exited(0) && goto.reply == "ok page 5", "\(goto)")
        #expect(try session.waitForEvent("page").int("page") == 5)
        // Without --socket: the one reader in XDG_RUNTIME_DIR.
        let runtime = try #require(session.weston.clientEnvironment["XDG_RUNTIME_DIR"])
        let status = try rectoCtl(["status"], socket: nil, environment: ["XDG_RUNTIME_DIR": runtime])
        let fields = Self.json(status.reply)
        #expect(status.termination == .exited(0))
        #expect(fields["page"] as? Int == 5 && fields["pages"] as? Int == 14, "\(status.reply)")
        #expect((fields["frames"] as? Int ?? 0) >= 2 && (fields["rss_bytes"] as? Int ?? 0) > 0, "\(status.reply)")

        // A relative path is the client's: resolved against its working directory, written by the reader.
        let dir = session.weston.artifactsDirectory
        let shot = try rectoCtl(["screenshot", "ctl.png"], socket: socket, workingDirectory: dir)
        let file = dir.appendingPathComponent("ctl.png").path
        #expect(shot.termination == .exited(0) && shot.reply == "ok \(file) 1280x800", "\(shot)")
        let drawn = try ImageDecoder.decode(contentsOf: file)
        let shown = try session.screenshot()
        let difference = try #require(compareImages(drawn, shown), "sizes \(drawn.width)x\(drawn.height), \(shown.width)x\(shown.height)")
        #expect(difference.meanAbsolute < 2 && difference.fractionWithin >= 0.99, "\(difference); \(dir.path)")

        let bad = try rectoCtl(["goto", "five"], socket: socket)
        #expect(bad.termination == .exited(1) && bad.reply == "error: goto wants a page number from 1, not 'five'", "\(bad)")
        let past = try rectoCtl(["goto", "15"], socket: socket)
        #expect(past.termination == .exited(1) && past.reply == "error: no page 15: the book has 14 pages", "\(past)")
        let unknown = try rectoCtl(["fly"], socket: socket)
        #expect(unknown.termination == .exited(1) && unknown.reply.hasPrefix("error: unknown request 'fly'"), "\(unknown)")
        let later = try session.events(during: .milliseconds(300))
        #expect(!later.contains { $0.name == "page" }, "refused requests change nothing: \(later)")
    }

    @Test(.enabled(if: getuid() == 0, "switches to another uid to be refused: needs root"))
    func anotherUserIsRefusedEvenWhenTheSocketIsOpenToAll() throws {
        // A directory others may enter (the test's scratch directories are private), removed at the end.
        let dir = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("\(Scratch.prefix)\(getpid())-ctl-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("control.sock").path
        let (session, socket) = try Self.start(["--control-socket", path])
        #expect(socket == path)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let denied = try rectoCtl(["goto", "3"], socket: path, asUser: 65534)
        #expect(denied.termination == .exited(5) && denied.stderr.contains("permission denied"), "\(denied)")

        // The peer-credential check on its own: the mode no longer keeps nobody out, the reader still does.
        #expect(chmod(path, 0o666) == 0)
        let refused = try rectoCtl(["goto", "3"], socket: path, asUser: 65534)
        #expect(refused.termination == .exited(1), "\(refused)")
        #expect(refused.reply == "error: permission denied: this reader serves uid 0 only", "\(refused)")
        let events = try session.events(during: .milliseconds(300))
        #expect(!events.contains { $0.name == "page" }, "\(events)")
        let mine = try rectoCtl(["goto", "3"], socket: path)
        #expect(mine.reply == "ok page 3", "root is served: \(mine)")
    }

    @Test func openAndIdleReset() throws {
        let (session, socket) = try Self.start()
        let book = try BookFixtures.copyOfDemo(pages: [3, 4, 5])
        let open = try rectoCtl(["open", book.path], socket: socket)
        #expect(open.reply == "ok 3 pages", "\(open)")
        #expect(try session.waitForEvent("book").int("pages") == 3)
        #expect(try session.waitForEvent("page").int("page") == 1, "a new book opens at its first page")
        let goto = try rectoCtl(["goto", "3"], socket: socket)
        #expect(goto.reply == "ok page 3", "\(goto)")
        #expect(try session.waitForEvent("page").int("page") == 3)
        let reset = try rectoCtl(["idle-reset"], socket: socket)
        #expect(reset.reply == "ok", "\(reset)")
        _ = try session.waitForEvent("idle-reset")
        #expect(try session.waitForEvent("page").int("page") == 1)
        let status = Self.json(try rectoCtl(["status"], socket: socket).reply)
        #expect(status["book"] as? String == book.path && status["pages"] as? Int == 3, "\(status)")
        let missing = try rectoCtl(["open", "/nonexistent/book"], socket: socket)
        #expect(missing.termination == .exited(1) && missing.reply.hasPrefix("error: cannot open the book /nonexistent/book"),
                "\(missing)")
    }

    /// `recto ctl get` / `set` through the real reader: a live setting changes and reads back, a setting that
    /// needs a restart and a bad value are refused with the reason, and the reader keeps its page.
    @Test func getAndSetALiveSetting() throws {
        let (session, socket) = try Self.start(["--max-zoom", "6"])
        #expect(try rectoCtl(["get", "max-zoom"], socket: socket).reply == "ok 6")
        let set = try rectoCtl(["set", "turn-duration", "300"], socket: socket)
        #expect(set.termination == .exited(0) && set.reply == "ok turn-duration = 300", "\(set)")
        #expect(try rectoCtl(["get", "turn-duration"], socket: socket).reply == "ok 300")
        let kiosk = try rectoCtl(["set", "kiosk", "true"], socket: socket)
        #expect(kiosk.termination == .exited(1) && kiosk.reply.hasPrefix("error: kiosk cannot change while recto runs"), "\(kiosk)")
        let bad = try rectoCtl(["set", "turn-duration", "20"], socket: socket)
        #expect(bad.reply == "error: turn-duration: expected a number from 150 to 2000, got 20", "\(bad)")
        #expect(try rectoCtl(["get", "turn-duration"], socket: socket).reply == "ok 300", "a refused value changes nothing")
        let goto = try rectoCtl(["goto", "4"], socket: socket)
        #expect(goto.reply == "ok page 4", "the reader still answers: \(goto)")
        #expect(try session.waitForEvent("page").int("page") == 4)
    }
}
