import Panels
import AppCore
import Decoding
import Foundation
import Geometry
import Testing

/// The single-pointer and keyboard must-shows on the real `recto` under headless weston (1920×1080, no
/// physical size reported: 96 dpi assumed, 9 mm = 34 px; at scale 2 the same output is 960×540 logical units and
/// 9 mm of a 192 dpi screen is 68 px). The shelf is ShelfEndToEndTests' library, read in single pages: its second
/// book is the CBZ of demo pages 5–8. The same book is read three ways: with keys only, with taps on the
/// controls only (no drag, no second finger), and with the gestures; each reaches the same pages.
/// Serialized: each test runs a compositor and recto on a 2-core machine.
@Suite(.serialized) struct AccessibilityEndToEndTests {
    enum Key {
        static let tab: UInt32 = 15, enter: UInt32 = 28, leftShift: UInt32 = 42, right: UInt32 = 106
        static let kp8: UInt32 = 72, kp4: UInt32 = 75, kp6: UInt32 = 77, kp0: UInt32 = 82, numLock: UInt32 = 69
        static let kpEnter: UInt32 = 96
    }
    static let pagesRead = [2, 4, 3]

    private func press(_ session: RectoSession, _ code: UInt32, times: Int = 1) throws {
        for _ in 0..<times {
            try session.weston.key(code, pressed: true)
            try session.weston.key(code, pressed: false)
        }
    }

    /// Waits for focus events up to the one labelled `label`.
    @discardableResult
    private func focus(_ session: RectoSession, _ label: String) throws -> RectoEvent {
        try session.waitForEvent("focus", timeout: .seconds(10)) { $0.string("label") == label }
    }

    private func openShelf(_ extra: [String] = []) throws -> RectoSession {
        let library = try ShelfEndToEndTests.library()
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: [library.path, "--spread", "single"] + extra)
        let shelf = try session.screenshot(timeout: .seconds(20)) { ShelfEndToEndTests.showsShelf($0) }
        #expect(ShelfEndToEndTests.showsShelf(shelf), "\(session.weston.artifactsDirectory.path)")
        return session
    }

    /// The pages settled on after the book opened, and the demo page on screen at the end.
    private func pagesAfterOpening(_ session: RectoSession) -> [Int] {
        guard let open = session.history.lastIndex(where: { $0.name == "open" }) else { return [] }
        return session.history[(open + 1)...].filter { $0.name == "page" }.compactMap { $0.int("page") }
    }

    private func showsDemoPage(_ session: RectoSession, _ page: Int) throws -> Bool {
        let layout = PageLayout.single(width: 1920, height: 1080)
        let shot = try session.screenshot(timeout: .seconds(20)) { DemoBook.page(in: $0, layout).page == page }
        return DemoBook.page(in: shot, layout).page == page
    }

    /// Saves a screenshot with the test's artifacts, and in `RECTO_GALLERY` when set (docs/accessibility.md).
    static func save(_ image: RGBAImage, _ name: String, _ session: RectoSession) throws -> String {
        let path = session.weston.artifactsDirectory.appendingPathComponent(name).path
        let png = Data(try PNGEncoder.encode(image))
        try png.write(to: URL(fileURLWithPath: path))
        if let gallery = ProcessInfo.processInfo.environment["RECTO_GALLERY"] {
            try png.write(to: URL(fileURLWithPath: gallery).appendingPathComponent(name))
        }
        return path
    }

    @Test func aBookReadWithKeysOnly() throws {
        let session = try openShelf()
        try press(session, Key.tab)
        try focus(session, ShelfEndToEndTests.titles[0])
        try press(session, Key.right)
        try focus(session, ShelfEndToEndTests.titles[1])
        try press(session, Key.enter)
        #expect(try session.waitForEvent("open", timeout: .seconds(10)).string("title") == ShelfEndToEndTests.titles[1])
        #expect(try showsDemoPage(session, 5))
        // NumLock off: the keypad's 6 and 8 are KP_Right and KP_Up.
        try press(session, Key.kp6)
        #expect(try session.waitForEvent("page", timeout: .seconds(10)).int("page") == 2)
        try press(session, Key.kp8, times: 2)
        let zoomed = try session.waitForEvent("zoom", timeout: .seconds(10)) { ($0.number("scale") ?? 0) > 1.5 }
        // Tab shows the controls with the overlay: home, previous, zoom out, fit, zoom in, the pan steps …
        try press(session, Key.tab)
        try focus(session, "Back to the shelf")
        try press(session, Key.tab, times: 7)
        try focus(session, "Move down")
        let ring = try session.screenshot(timeout: .seconds(5)) { Self.yellow(in: $0) > 100 }
        print("e2e keys: focus ring \(Self.yellow(in: ring)) px, \(try Self.save(ring, "keys-focus.png", session))")
        try press(session, Key.enter)
        // A pan step reports no event (nor does a finger's pan): the page moves on screen.
        let panned = try session.screenshot(timeout: .seconds(10)) { Self.changed(ring, $0) > 0.2 }
        #expect(Self.changed(ring, panned) > 0.2, "the page moved: \(Self.changed(ring, panned)); \(session.weston.artifactsDirectory.path)")
        #expect((zoomed.number("scale") ?? 0) > 1.5)
        // … next page, and the scrubber: arrows move its thumb, Enter jumps.
        try press(session, Key.tab, times: 3)
        try focus(session, "Page 2 of 4")
        try press(session, Key.right, times: 2)
        try focus(session, "Page 4 of 4")
        try press(session, Key.enter)
        let jump = try session.waitForEvent("jump", timeout: .seconds(10))
        #expect(jump.int("from") == 2 && jump.int("to") == 4, "\(jump.line)")
        #expect(try session.waitForEvent("page", timeout: .seconds(10)).int("page") == 4)
        // NumLock on: the keypad's 4 is KP_4 and turns back all the same.
        try press(session, Key.numLock)
        try press(session, Key.kp4)
        #expect(try session.waitForEvent("page", timeout: .seconds(10)).int("page") == 3)
        #expect(try showsDemoPage(session, 7))
        try press(session, Key.kp0)
        _ = try session.waitForEvent("shelf", timeout: .seconds(10))
        #expect(pagesAfterOpening(session) == Self.pagesRead, "\(session.historyText)")
        #expect(!session.history.contains { $0.name == "flip" && $0.string("by") == "tap" })
    }

    @Test func aBookReadWithTapsOnTheControlsOnly() throws {
        let session = try openShelf(["--controls", "always"])
        func bar(zoomed: Bool) -> ControlBar {
            ControlBar(width: 1920, height: 1080, pixelsPerMM: nil, reach: false, large: false, rightToLeft: false,
                       zoomed: zoomed, home: true)
        }
        func tap(_ action: ControlAction, zoomed: Bool = false) throws {
            let c = bar(zoomed: zoomed).buttons.first { $0.action == action }!.rect.center
            try session.weston.tap(x: c.x, y: c.y)
        }
        try session.weston.tap(x: 960, y: 500)
        #expect(try session.waitForEvent("open", timeout: .seconds(10)).string("title") == ShelfEndToEndTests.titles[1])
        #expect(try showsDemoPage(session, 5))
        try tap(.next)
        #expect(try session.waitForEvent("page", timeout: .seconds(10)).int("page") == 2)
        try tap(.zoomIn)
        _ = try session.waitForEvent("zoom", timeout: .seconds(10))
        try tap(.zoomIn, zoomed: true)
        let zoomed = try session.waitForEvent("zoom", timeout: .seconds(10)) { ($0.number("scale") ?? 0) > 1.5 }
        let shot = try session.screenshot()
        print("e2e taps: controls while zoomed \(try Self.save(shot, "controls-zoomed.png", session))")
        try tap(.panDown, zoomed: true)
        let panned = try session.screenshot(timeout: .seconds(10)) { Self.changed(shot, $0) > 0.2 }
        #expect(Self.changed(shot, panned) > 0.2, "the page moved: \(Self.changed(shot, panned)); \(session.weston.artifactsDirectory.path)")
        #expect((zoomed.number("scale") ?? 0) > 1.5)
        try tap(.fit, zoomed: true)
        #expect(try session.waitForEvent("zoom", timeout: .seconds(10)).number("scale") == 1)
        // The scrubber shows with the controls; a tap on it (no drag) jumps: page 4 of 4 is the track's end.
        let track = OverlayLayout(width: 1920, height: 1080, pixelsPerMM: nil).track
        try session.weston.tap(x: track.maxX, y: track.center.y)
        let jump = try session.waitForEvent("jump", timeout: .seconds(10))
        #expect(jump.int("from") == 2 && jump.int("to") == 4, "\(jump.line)")
        #expect(try session.waitForEvent("page", timeout: .seconds(10)).int("page") == 4)
        try tap(.previous)
        #expect(try session.waitForEvent("page", timeout: .seconds(10)).int("page") == 3)
        #expect(try showsDemoPage(session, 7))
        try tap(.home)
        _ = try session.waitForEvent("shelf", timeout: .seconds(10))
        #expect(pagesAfterOpening(session) == Self.pagesRead, "\(session.historyText)")
        #expect(session.history.filter { $0.name == "flip" && $0.string("phase") == "commit" }.allSatisfy { $0.string("by") == "tap" })
    }

    @Test func theSameBookReadWithGestures() throws {
        let session = try openShelf()
        try session.weston.tap(x: 960, y: 500)
        _ = try session.waitForEvent("open", timeout: .seconds(10))
        #expect(try showsDemoPage(session, 5))
        try session.weston.tap(x: 1800, y: 540)
        #expect(try session.waitForEvent("page", timeout: .seconds(10)).int("page") == 2)
        try session.weston.tap(x: 960, y: 540)
        _ = try session.waitForEvent("overlay", timeout: .seconds(10))
        let track = OverlayLayout(width: 1920, height: 1080, pixelsPerMM: nil).track
        try session.weston.touchDown([Finger(id: 0, x: track.minX + 10, y: track.center.y)])
        try session.weston.touchLine(id: 0, from: track.minX + 10, track.center.y, to: track.maxX, track.center.y,
                                     steps: 12, interval: .milliseconds(16))
        try session.weston.touchUp([0])
        #expect(try session.waitForEvent("page", timeout: .seconds(10)).int("page") == 4)
        try session.weston.tap(x: 120, y: 540)
        #expect(try session.waitForEvent("page", timeout: .seconds(10)).int("page") == 3)
        #expect(try showsDemoPage(session, 7))
        try session.weston.tap(x: 30, y: 30)
        _ = try session.waitForEvent("shelf", timeout: .seconds(10))
        #expect(pagesAfterOpening(session) == Self.pagesRead, "\(session.historyText)")
    }

    // MARK: measured from screenshots

    /// The share of the page band's pixels (below the controls, above the scrubber) that differ in two shots.
    static func changed(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        var n = 0, total = 0
        for y in stride(from: 150, to: 900, by: 4) {
            for x in stride(from: 400, to: 1520, by: 4) {
                total += 1
                if a.rgb(x, y).distance(to: b.rgb(x, y)) > 30 { n += 1 }
            }
        }
        return Double(n) / Double(total)
    }

    static func isYellow(_ p: RGB) -> Bool { p.r > 200 && p.g > 170 && p.b < 80 }
    static func yellow(in image: RGBAImage) -> Int {
        var n = 0
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) where isYellow(image.rgb(x, y)) { n += 1 }
        }
        return n
    }
    static func ratio(_ a: RGB, _ b: RGB) -> Double {
        Contrast.ratio((UInt8(a.r), UInt8(a.g), UInt8(a.b)), (UInt8(b.r), UInt8(b.g), UInt8(b.b)))
    }
    static func isLight(_ p: RGB) -> Bool { p.r > 200 && p.g > 200 && p.b > 200 }

    /// A button's extent along a row or column through `from` (buffer px), found from the pixels: out from a
    /// point inside across the dark fill to the last pixel of its light edge (`edge` px at most: paper beyond it
    /// is light too) on each side.
    static func extent(_ image: RGBAImage, from: (x: Int, y: Int), horizontal: Bool, edge edgeWidth: Int) -> (Int, Int) {
        func at(_ i: Int) -> RGB { horizontal ? image.rgb(i, from.y) : image.rgb(from.x, i) }
        let start = horizontal ? from.x : from.y, limit = horizontal ? image.width : image.height
        func edge(_ step: Int) -> Int {
            var i = start
            while i + step >= 0, i + step < limit, !isLight(at(i)) { i += step }  // across the dark fill
            var n = 1
            while n < edgeWidth, i + step >= 0, i + step < limit, isLight(at(i + step)) { i += step; n += 1 }  // the edge
            return i
        }
        return (edge(-1), edge(1))
    }

    /// The buttons' sizes and contrasts, the focus ring's width and contrast against both its neighbours and the
    /// label's text contrast, at `scale`; returns the screenshot.
    private func measure(scale: Int, reach: Bool = false, large: Bool = false) throws -> RGBAImage {
        // Three demo pages with a table of contents: the row is the page controls and Contents from the start. (The
        // demo book itself has notes, whose layers control joins the row when their pages arrive.)
        let book = try BookFixtures.copyOfDemo(pages: [1, 2, 3], name: "measured")
        try Data(#"<ComicInfo><Pages><Page Image="0" Bookmark="Cover"/><Page Image="1" Bookmark="Title"/></Pages></ComicInfo>"#.utf8)
            .write(to: book.appendingPathComponent("ComicInfo.xml"))
        var arguments = [book.path, "--controls", "always"]
        if reach { arguments.append("--reach") }
        if large { arguments.append("--large-text") }
        let session = try RectoSession.start(width: 1920, height: 1080, scale: scale, arguments: arguments)
        _ = try session.waitForEvent("shown")
        // In reach mode the scrubber comes first: it lies above the row.
        try press(session, Key.tab, times: reach ? 6 : 5)
        try focus(session, "Next page")
        let s = Double(scale), logical = (1920 / s, 1080 / s)
        let bar = ControlBar(width: logical.0, height: logical.1, pixelsPerMM: nil, reach: reach, large: large,
                             rightToLeft: false, zoomed: false, home: false, contents: true)
        let shot = try session.screenshot(timeout: .seconds(10)) { Self.yellow(in: $0) > 100 }
        let where_ = try Self.save(shot, "measure-scale\(scale)\(reach ? "-reach" : "")\(large ? "-large" : "").png", session)
        let nineMM = 9 * 96 / 25.4 * s, edge = Int(ControlsEdge.width * s)
        for button in bar.buttons {
            let r = button.rect
            // Off the glyph: an eighth of the way in from the left and top.
            let inside = (x: Int((r.minX + r.width / 8) * s), y: Int((r.minY + r.height / 8) * s))
            let (x0, x1) = Self.extent(shot, from: inside, horizontal: true, edge: edge)
            let (y0, y1) = Self.extent(shot, from: inside, horizontal: false, edge: edge)
            let width = x1 - x0 + 1, height = y1 - y0 + 1
            #expect(Double(width) >= nineMM && Double(height) >= nineMM,
                    "\(button.action): \(width)×\(height) px, 9 mm is \(nineMM) px; \(where_)")
            if reach { #expect(y0 >= 540, "\(button.action) in the lower half: top at \(y0)") }
            let fill = shot.rgb(inside.x, inside.y), edge = shot.rgb(x0, inside.y)
            // The glyph: the lightest pixel of the square's middle.
            var glyph = fill
            for gy in Int((r.center.y - r.height * 0.3) * s)..<Int((r.center.y + r.height * 0.3) * s) {
                for gx in Int((r.center.x - r.width * 0.3) * s)..<Int((r.center.x + r.width * 0.3) * s) {
                    let p = shot.rgb(gx, gy)
                    if p.luminance > glyph.luminance { glyph = p }
                }
            }
            #expect(Self.ratio(fill, edge) >= 3 && Self.ratio(fill, glyph) >= 3,
                    "\(button.action): fill \(fill), edge \(edge), glyph \(glyph)")
            print("e2e measure scale \(scale)\(reach ? " reach" : "")\(large ? " large" : ""): \(button.action) \(width)×\(height) px "
                  + "(\(String(format: "%.1f", Double(width) / (96 / 25.4 * s))) mm at \(96 * scale) dpi), "
                  + "glyph \(String(format: "%.1f", Self.ratio(fill, glyph))):1, edge \(String(format: "%.1f", Self.ratio(fill, edge))):1")
        }
        // The ring around "next": down a column from inside the button, across its edge, the dark band, the yellow
        // band and the dark band beyond.
        let next = bar.buttons.first { $0.action == .next }!.rect
        let column = Int((next.minX + next.width / 8) * s)
        let step = reach ? -1 : 1
        var y = Self.extent(shot, from: (column, Int((next.minY + next.height / 8) * s)), horizontal: false, edge: edge).1
        if reach { y = Self.extent(shot, from: (column, Int((next.minY + next.height / 8) * s)), horizontal: false, edge: edge).0 }
        y += step
        let inner = shot.rgb(column, y)
        while !Self.isYellow(shot.rgb(column, y)) && abs(y) < 5000 { y += step }
        let ringStart = y
        let ring = shot.rgb(column, y)
        while Self.isYellow(shot.rgb(column, y)) { y += step }
        let outer = shot.rgb(column, y), ringWidth = abs(y - ringStart)
        #expect(ringWidth >= 2, "ring \(ringWidth) px")
        #expect(Self.ratio(ring, inner) >= 3 && Self.ratio(ring, outer) >= 3, "ring \(ring) between \(inner) and \(outer)")
        print("e2e measure scale \(scale): focus ring \(ringWidth) px wide, \(String(format: "%.1f", Self.ratio(ring, inner))):1 inside, "
              + "\(String(format: "%.1f", Self.ratio(ring, outer))):1 outside")
        // The label's text: its lightest pixel against the box's colour.
        let labelBox = Self.labelBox(bar: bar, width: logical.0, height: logical.1, large: large, reach: reach, scale: s)
        var lightest = RGB(0, 0, 0), ink = 0
        for y in labelBox.y..<(labelBox.y + labelBox.height) {
            for x in labelBox.x..<(labelBox.x + labelBox.width) {
                let p = shot.rgb(x, y)
                if p.r + p.g + p.b > lightest.r + lightest.g + lightest.b { lightest = p }
                if Self.isLight(p) { ink += 1 }
            }
        }
        let box = ControlsLayerColours.dark
        #expect(ink > 50 && Self.ratio(lightest, box) >= 4.5, "label text \(lightest) on \(box), \(ink) px of ink")
        print("e2e measure scale \(scale): label text \(String(format: "%.1f", Self.ratio(lightest, box))):1; \(where_)")
        return shot
    }

    /// Where the focused "next" button's label lies (AppCore's `controlsPlan`: half a line from the ring, in reach
    /// mode above the scrubber and its label), buffer px.
    static func labelBox(bar: ControlBar, width: Double, height: Double, large: Bool, reach: Bool, scale s: Double) -> PixelRect {
        let next = bar.buttons.first { $0.action == .next }!.rect
        let ts = TextSize.scale(large: large, pixelsPerMM: nil), gap = 0.9 * 22 * ts + 12 * ts
        var y = next.maxY + gap
        if reach {
            let layout = OverlayLayout(width: width, height: height, pixelsPerMM: nil, bottomInset: height - bar.band.minY)
            y = min(next.minY, layout.track.center.y - layout.thumb / 2 - layout.thumb * ts - 2 * gap) - gap
        }
        return PixelRect(x: Int((next.center.x - 150 * ts) * s), y: Int((y - 40 * ts) * s), width: Int(300 * ts * s),
                         height: Int(80 * ts * s))
    }

    /// Reach mode's shelf: the covers stand in the lower half; Tab rings the first, and keypad 6 and Enter open
    /// the second.
    @Test func reachModePutsTheShelfsCoversInTheLowerHalf() throws {
        let library = try ShelfEndToEndTests.library()
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: [library.path, "--reach"])
        let layout = ShelfLayout(width: 1920, height: 1080, pixelsPerMM: nil, count: 3, reach: true)
        let colours = [DemoBook.colour(ofPage: 2), DemoBook.colour(ofPage: 5), RGB(255, 255, 255)]
        func covers(_ image: RGBAImage) -> [Double] {
            (0..<3).map { i in
                let c = layout.coverRect(in: layout.slotRect(i), size: nil).center
                return image.dominantColour(in: PixelRect(x: Int(c.x) - 30, y: Int(c.y) - 30, width: 60, height: 60))
                    .distance(to: colours[i])
            }
        }
        let shelf = try session.screenshot(timeout: .seconds(20)) { covers($0).allSatisfy { $0 < 20 } }
        #expect(covers(shelf).allSatisfy { $0 < 20 }, "covers \(covers(shelf)); \(session.weston.artifactsDirectory.path)")
        for i in 0..<3 { #expect(layout.slotRect(i).minY >= 540, "slot \(i): \(layout.slotRect(i))") }
        // Nothing of the covers above the middle: the upper half is background.
        let top = shelf.dominantColour(in: PixelRect(x: 200, y: 100, width: 1520, height: 400))
        #expect(top.distance(to: DemoBook.background) < 10, "upper half \(top)")
        try press(session, Key.tab)
        try focus(session, ShelfEndToEndTests.titles[0])
        let ringed = try session.screenshot(timeout: .seconds(5)) { Self.yellow(in: $0) > 100 }
        print("e2e reach shelf: \(try Self.save(ringed, "reach-shelf.png", session))")
        try press(session, Key.kp6)
        try focus(session, ShelfEndToEndTests.titles[1])
        try press(session, Key.kpEnter)
        #expect(try session.waitForEvent("open", timeout: .seconds(10)).string("title") == ShelfEndToEndTests.titles[1])
    }

    @Test func targetsContrastAndTheRingMeasureUpAtNinetySixDPI() throws {
        _ = try measure(scale: 1)
    }

    @Test func targetsContrastAndTheRingMeasureUpAtScaleTwo() throws {
        _ = try measure(scale: 2)
    }

    @Test func reachModeKeepsTheControlsLowAndLargeTextIsSevenPointThreeMillimetres() throws {
        let shot = try measure(scale: 1, reach: true, large: true)
        // "Next page" above the row: its N's height is the capital height.
        let bar = ControlBar(width: 1920, height: 1080, pixelsPerMM: nil, reach: true, large: true, rightToLeft: false,
                             zoomed: false, home: false, contents: true)
        let region = Self.labelBox(bar: bar, width: 1920, height: 1080, large: true, reach: true, scale: 1)
        var columns: [Int: (Int, Int)] = [:]
        for x in region.x..<(region.x + region.width) {
            for y in region.y..<(region.y + region.height) where Self.isLight(shot.rgb(x, y)) {
                let c = columns[x] ?? (y, y)
                columns[x] = (min(c.0, y), max(c.1, y))
            }
        }
        // The label's first glyph: the first run of inked columns.
        guard let first = columns.keys.min() else { Issue.record("no label text found"); return }
        var x = first, top = Int.max, bottom = Int.min
        while let c = columns[x] { top = min(top, c.0); bottom = max(bottom, c.1); x += 1 }
        let capital = Double(bottom - top + 1), mm = capital / (96 / 25.4)
        #expect(mm >= 7.3, "capital N \(capital) px = \(mm) mm")
        print("e2e large text: capital height \(Int(capital)) px = \(String(format: "%.2f", mm)) mm at 96 dpi")
    }
}

/// The controls' box colour as drawn (ControlColours.dark in the renderer: 0.13, 0.13, 0.14).
enum ControlsLayerColours {
    static let dark = RGB(33, 33, 36)
}

/// The light edge of a button (ControlColours.edge in the renderer), window px.
enum ControlsEdge {
    static let width = 2.0
}
