import Testing
import Geometry
import TestSupport
@testable import Book

private let sizes: [Int: Size] = [1: Size(width: 800, height: 1000), 2: Size(width: 800, height: 1000),
                                      3: Size(width: 800, height: 1000)]
private func size(_ p: Int) -> Size { sizes[p] ?? Size(width: 0, height: 0) }

private func close(_ a: Rect?, _ b: Rect, tol: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a.x - b.x) <= tol && abs(a.y - b.y) <= tol && abs(a.width - b.width) <= tol && abs(a.height - b.height) <= tol
}

@Suite struct SpreadGeometryTests {
    let landscape = Size(width: 2000, height: 1000)

    @Test func doubleSpreadMeetsAtTheSpine() {
        let layout = SpreadLayout(pageCount: 3, mode: .double)
        let f = layout.frame(ofSpread: 1, in: landscape, pageSize: size)
        #expect(f.left?.page == 2 && f.right?.page == 3 && f.spineX == 1000)
        #expect(close(f.left?.rect, Rect(x: 200, y: 0, width: 800, height: 1000)))
        #expect(close(f.right?.rect, Rect(x: 1000, y: 0, width: 800, height: 1000)))
        #expect(close(f.bounds, Rect(x: 200, y: 0, width: 1600, height: 1000)))
    }

    @Test func coverSitsWhereTheNextRectoWill() {
        let ltr = SpreadLayout(pageCount: 3, mode: .double)
        let cover = ltr.frame(ofSpread: 0, in: landscape, pageSize: size)
        #expect(cover.left == nil && cover.right?.page == 1)
        #expect(cover.right?.rect == ltr.frame(ofSpread: 1, in: landscape, pageSize: size).right?.rect)
        #expect(close(cover.bounds, Rect(x: 200, y: 0, width: 1600, height: 1000)))

        let rtl = SpreadLayout(pageCount: 3, mode: .double, direction: .rightToLeft)
        let mirrored = rtl.frame(ofSpread: 0, in: landscape, pageSize: size)
        #expect(mirrored.right == nil && mirrored.left?.page == 1)
        #expect(close(mirrored.left?.rect, Rect(x: 200, y: 0, width: 800, height: 1000)))
        let pair = rtl.frame(ofSpread: 1, in: landscape, pageSize: size)
        #expect(pair.left?.page == 3 && pair.right?.page == 2)
    }

    @Test func differentSizesShareOneHeight() {
        let spread = Spread(mode: .double, direction: .leftToRight, verso: 2, recto: 3)
        let f = layoutSpread(spread, in: landscape) { $0 == 2 ? Size(width: 1600, height: 4000) : Size(width: 800, height: 1000) }
        #expect(close(f.left?.rect, Rect(x: 600, y: 0, width: 400, height: 1000)))
        #expect(close(f.right?.rect, Rect(x: 1000, y: 0, width: 800, height: 1000)))
    }

    @Test func marginsAndGutter() {
        let layout = SpreadLayout(pageCount: 3, mode: .double)
        let f = layout.frame(ofSpread: 1, in: landscape, margins: SpreadMargins(all: 50, gutter: 20), pageSize: size)
        #expect(close(f.left?.rect, Rect(x: 270, y: 50, width: 720, height: 900)))
        #expect(close(f.right?.rect, Rect(x: 1010, y: 50, width: 720, height: 900)))
    }

    @Test func widthLimitedDoubleIsCentredVertically() {
        let f = SpreadLayout(pageCount: 3, mode: .double).frame(ofSpread: 1, in: Size(width: 1000, height: 1000), pageSize: size)
        #expect(close(f.left?.rect, Rect(x: 0, y: 187.5, width: 500, height: 625)))
        #expect(close(f.right?.rect, Rect(x: 500, y: 187.5, width: 500, height: 625)))
    }

    @Test func singlePageIsAspectFitAndCentred() {
        let layout = SpreadLayout(pageCount: 3, mode: .single)
        let f = layout.frame(ofSpread: 1, in: Size(width: 1080, height: 1920), pageSize: size)
        #expect(f.left?.page == 2 && f.right == nil && f.spineX == nil)
        #expect(close(f.left?.rect, Rect(x: 0, y: 285, width: 1080, height: 1350)))
        let wide = layout.frame(ofSpread: 0, in: landscape, pageSize: size)
        #expect(close(wide.left?.rect, Rect(x: 600, y: 0, width: 800, height: 1000)))
    }

    @Test func unknownSizesAndDegenerateWindowsDoNotTrap() {
        let layout = SpreadLayout(pageCount: 9, mode: .double)
        let f = layout.frame(ofSpread: 2, in: landscape, pageSize: size)     // pages 4, 5 have no size
        #expect(abs(f.left!.rect.width - 1000 * fallbackPageAspect) < 1e-9 && f.left!.rect.height == 1000)
        for window in [Size(width: 0, height: 0), Size(width: -5, height: 100), Size(width: .nan, height: 10),
                       Size(width: 50, height: 40)] {
            for mode in SpreadMode.allCases {
                let g = SpreadLayout(pageCount: 3, mode: mode).frame(ofSpread: 1, in: window, margins: SpreadMargins(all: 30), pageSize: size)
                for placed in g.placed {
                    #expect(placed.rect.width >= 0 && placed.rect.height >= 0)
                    #expect(placed.rect.x.isFinite && placed.rect.y.isFinite)
                }
            }
        }
        #expect(SpreadLayout(pageCount: 0, mode: .double).frame(ofSpread: 0, in: landscape, pageSize: size).placed.isEmpty)
    }

    @Test func randomSpreadsFitTheContentAndTouchTheSpine() {
        var rng = SplitMix64(seed: 2024)
        for _ in 0..<500 {
            let window = Size(width: Double.random(in: 200...4000, using: &rng), height: Double.random(in: 200...4000, using: &rng))
            let m = SpreadMargins(all: Double.random(in: 0...40, using: &rng))
            let a = Size(width: Double.random(in: 100...9000, using: &rng), height: Double.random(in: 100...9000, using: &rng))
            let b = Size(width: Double.random(in: 100...9000, using: &rng), height: Double.random(in: 100...9000, using: &rng))
            let spread = Spread(mode: .double, direction: .leftToRight, verso: 2, recto: 3)
            let f = layoutSpread(spread, in: window, margins: m) { $0 == 2 ? a : b }
            let l = f.left!.rect, r = f.right!.rect
            let content = Rect(x: m.left, y: m.top, width: window.width - 2 * m.left, height: window.height - 2 * m.top)
            let eps = 1e-6
            #expect(abs(l.maxX - f.spineX!) < eps && abs(r.minX - f.spineX!) < eps)
            #expect(abs(f.spineX! - content.center.x) < eps)
            #expect(abs(l.height - r.height) < eps && abs(l.minY - r.minY) < eps)
            #expect(abs(l.width / l.height - a.width / a.height) < 1e-9 && abs(r.width / r.height - b.width / b.height) < 1e-9)
            #expect(l.minX >= content.minX - eps && r.maxX <= content.maxX + eps)
            #expect(l.minY >= content.minY - eps && l.maxY <= content.maxY + eps)
            // As large as possible: either full height or one page touches a side.
            let tight = abs(l.height - content.height) < eps || abs(l.minX - content.minX) < eps || abs(r.maxX - content.maxX) < eps
            #expect(tight)
        }
    }
}
