import Book
import Reader

extension AppCore {
    /// What the book says of itself (labels, attribution, contents, About, shape, direction, cover), and the book
    /// file changing, read again, awaited, arriving or opened.
    mutating func bookEvent(_ event: AppEvent, now: Double) -> [AppEffect] {
        switch event {
        case .pageLabels(let labels):
            book.pageLabels = labels
            book.translated = [:]
        case let .bookTexts(language, labels, lines): book.translated[language] = BookTexts(pageLabels: labels, attribution: lines)
        case .attribution(let lines): book.attribution = lines
        case .tableOfContents(let entries):
            // Another book, or the book read again: an open panel would point into the old list.
            defer { book.contents = entries }
            return closeContents()
        case .bookAbout(let about):
            defer { book.about = about }
            return closeAbout()
        case .vectorPages(let vector): book.vectorPages = vector
        case .pageAspectsKnown(let aspects):
            for (i, aspect) in aspects.enumerated() where !hasImage(i + 1) { reader.setPageAspect(i + 1, aspect) }
            // A landscape page much wider than the book's pages is a spread printed across two.
            book.shapedSpreads = doublePageSpreads(aspects: aspects)
            return layOutSoloPages()
        case .bookDirection(let rtl): return setDirection(rightToLeft: rtl)
        case .frontCover(let page):
            reader.coverPage = max(1, min(page ?? reader.config.spineOffset + 1, reader.position.pageCount))
        case .spineOffset(let pages): return log(reader.setSpineOffset(pages)) + wantPages()
        case let .pagePlacement(pages, sides, spread):
            book.namedSpreads = pages
            book.pageSides = sides
            var out = layOutSoloPages()
            let preference = settings.isGiven(\.spread) ? settings.spread : spread ?? settings.spread
            if preference != reader.config.spread { out += log(reader.setSpread(preference)) + wantPages() }
            return out
        case .bookChanged: book.fileChanged(now: now, quiet: Self.reloadQuiet)
        case .bookReloadFailed: book.reloadFailed(now: now, quiet: Self.reloadQuiet)
        case .bookReloaded(let count): return bookReloaded(pageCount: count)
        case .bookAwaited(let reason): return bookAwaited(reason: reason)
        case let .bookArrived(count, cover):
            book.awaited = nil
            return replaceBook(pageCount: count, startPage: cover)
        case let .bookOpened(count, client): return bookOpened(pageCount: count, client: client)
        case let .pageTextRead(page, text, client): return pageTextRead(page, text: text, client: client)
        default: break
        }
        return []
    }


    mutating func layOutSoloPages() -> [AppEffect] {
        var out = log(reader.setPagePlacement(solo: book.soloPages, placed: book.pageSides))
        out += wantPages()
        return out
    }

    /// Each book reads in its own direction unless the configuration fixed one: the reader is made again for a
    /// book that reads the other way, on the same page.
    mutating func setDirection(rightToLeft: Bool?) -> [AppEffect] {
        let wanted = directionFixed ? settings.rightToLeft : rightToLeft ?? settings.rightToLeft
        guard wanted != reader.config.rightToLeft else { return [] }
        var config = reader.config
        config.rightToLeft = wanted
        let page = reader.page
        reader = Reader(pageCount: reader.position.pageCount, config: config)
        if let w = window { _ = reader.resize(width: w.width, height: w.height) }
        reader.go(toPage: page)
        return wantPages()
    }

    /// The kiosk's book cannot be shown: one page saying why, in place of whatever was there; said once per reason.
    mutating func bookAwaited(reason: String) -> [AppEffect] {
        guard book.awaited != reason else { return [] }
        book.awaited = reason
        return replaceBook(pageCount: 1, startPage: 1) + [.occurred(.bookAwaited(reason: reason))]
    }

    mutating func bookReloaded(pageCount: Int) -> [AppEffect] {
        book.replaced()
        var out = clearTurns(reason: "book")
        out += log(reader.setPageCount(pageCount))
        out += pages.removeAll { $0 > pageCount }
        // The file changed: its links and notes may have too.
        controls.notes.open = nil
        out += pages.forgetFacts().map { .start(.readPageFacts(page: $0)) }
        out.append(.occurred(.book(pages: pageCount)))
        out += wantPages()
        return out
    }
}
