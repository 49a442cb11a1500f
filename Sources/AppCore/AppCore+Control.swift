import Config
import Control
import Occurrences
import Reader

/// `recto ctl` requests: what each one does to the reader and what the client hears back.
extension AppCore {
    mutating func control(_ request: ControlRequest, client: Int, now: Double) -> [AppEffect] {
        switch request {
        case .status:
            return [.replyStatus(client: client, status: status(now: now))]
        case .goto(let page):
            let count = reader.position.pageCount
            guard page <= count else {
                return [.reply(client: client, ControlReply.error("no page \(page): the book has \(count) pages"))]
            }
            var out = show(page: page, by: .control)
            out.append(.reply(client: client, ControlReply.ok("page \(reader.page)")))
            return out
        case .open(let path):
            return [.start(.openBook(path: path, client: client))]
        case .reload:
            return [.start(.reloadBook), .reply(client: client, ControlReply.ok())]
        case .idleReset:
            return idleReset(now: now) + [.reply(client: client, ControlReply.ok())]
        case .screenshot(let path):
            pacing.ask()
            return [.start(.screenshot(path: path, client: client))]
        case .get(let name):
            do { return [.reply(client: client, ControlReply.ok(try settings.shownValue(of: name)))] } catch {
                return [.reply(client: client, ControlReply.error(error.reason))]
            }
        case let .set(name, value):
            return changeSetting(name, to: value, client: client, now: now)
        case .text(let asked):
            let page = asked ?? reader.page, count = reader.position.pageCount
            guard page <= count else {
                return [.reply(client: client, ControlReply.error("no page \(page): the book has \(count) pages"))]
            }
            return [.start(.readPageText(page: page, client: client))]
        }
    }

    /// A page's text was read (after `Job.readPageText`) for `client`.
    func pageTextRead(_ page: Int, text: String?, client: Int) -> [AppEffect] {
        [.reply(client: client, text.map { ControlReply.ok($0) } ?? ControlReply.error("page \(page) has no text of its own"))]
    }

    /// `recto ctl set`: the setting checked and changed in a copy of the settings, which is then the one in force.
    mutating func changeSetting(_ name: String, to value: String, client: Int, now: Double) -> [AppEffect] {
        var new = settings
        let key: SettingKey
        do { key = try new.setLive(name, value) } catch { return [.reply(client: client, ControlReply.error(error.reason))] }
        let shown = (try? new.shownValue(of: name)) ?? value
        return settingsChanged(new, now: now)
            + [.notice("recto ctl set \(key) = \(shown)"), .occurred(.retuned(idleReset: idleReset)),
               .reply(client: client, ControlReply.ok("\(key) = \(shown)"))]
    }

    /// A live setting changed: the next gesture, turn and idle wait use it, on the same page.
    mutating func settingsChanged(_ new: Settings, now: Double) -> [AppEffect] {
        let louder = NarrationLoudness(new) != NarrationLoudness(settings)
        settings = new
        let config = new.readerConfig
        reader.retune(config, at: now)
        input.retune(config.gestures)
        idle.retune(idleReset: idleReset, now: now)
        return louder ? [.start(.narrate(.loudness(NarrationLoudness(new))))] : []
    }

    /// Another book replaced the one shown (`recto ctl open`): it opens at its first page after its spine offset.
    mutating func bookOpened(pageCount: Int, client: Int) -> [AppEffect] {
        shelfLeft()
        return replaceBook(pageCount: pageCount, startPage: reader.config.spineOffset + 1) + [.reply(client: client, ControlReply.ok("\(pageCount) pages"))]
    }

    /// Another book replaced the one shown: every page image goes, the new book opens at `startPage`.
    mutating func replaceBook(pageCount: Int, startPage: Int) -> [AppEffect] {
        book.replaced()
        // Another book's pages: its recordings play from its first spread, whatever its numbers.
        controls.narration.asked = nil
        controls.narration.playing = nil
        var out = clearTurns(reason: "book")
        out += pages.removeAll()
        out.append(.endRegions)
        out += log(reader.setPageCount(pageCount))
        out.append(.occurred(.book(pages: pageCount)))
        out += show(page: max(1, min(startPage, pageCount)), always: true)
        return out
    }

    /// Shows the spread holding `page` at once, at fit; logs `page` when the page changed (or `always`).
    private mutating func show(page: Int, always: Bool = false, by: TurnKind? = nil) -> [AppEffect] {
        let before = reader.page
        reader.go(toPage: page)
        var out: [AppEffect] = [.endRegions]
        if always || reader.page != before { out += log([.page(reader.page)], by: by) } else { out += wantPages() }
        return out
    }

    /// The core's part of `recto ctl status`.
    func status(now: Double) -> LogEvent {
        var event = LogEvent("status", [
            "page": .int(reader.page),
            "pages": .int(reader.position.pageCount),
            "spread": .string(reader.position.spread.pages.map(String.init).joined(separator: ",")),
            "zoom": .double(reader.zoom.scale),
            "turning": .bool(reader.isTurning),
        ])
        if let last = input.lastInputAt {
            event.append("idle_seconds", .double(max(0, now - last) / 1000))
        }
        if let shelf { event.append("shelf", .bool(shelf.visible)) }
        if let reason = book.awaited { event.append("book_awaited", .string(reason)) }
        if let c = idle.warning.countdown {
            event.append("idle_warning_seconds", .int(IdleWarningPolicy.seconds(c.endsAt - now)))
        }
        return event
    }
}
