import Book
import Curl
import Decoding
import Geometry
import Gestures
import Reader
import Renderer
import Testing

/// GPU against CPU: in many drag states the marker of the grabbed corner is drawn where the CPU
/// reference of the vertex shader puts it, and the CPU reference puts the corner under the finger.
@Suite(.serialized) struct CornerMarkerTests {
    struct State: CustomStringConvertible {
        let mode: SpreadPreference
        let forward: Bool
        let radius: Double
        let offset: Vec2
        var description: String { "\(mode) \(forward ? "forward" : "backward") r=\(radius) offset=\(offset)" }
    }

    static let width = 1200, height = 800

    static var states: [State] {
        var out: [State] = []
        for mode in [SpreadPreference.single, .double] {
            for forward in [true, false] {
                for radius in [4.0, 12, 30, 60, 120] {
                    // From the lift phase (a few px) to far across the page; backward offsets point right.
                    var offsets = [Vec2(-6, -2), Vec2(-25, -12), Vec2(-180, -90), Vec2(-420, -160)]
                    if !forward { offsets = offsets.map { Vec2(-$0.x, $0.y) } }
                    // In single-page mode both faces carry one page (the back softened): a fold smaller than
                    // the marker cannot be told from the marker's blurred edge, so the lift phase is checked
                    // with two pages of different hues (double mode).
                    if mode == .single { offsets.removeFirst() }
                    // A single page's backward turn starts off-screen (the previous page lies turned to the
                    // left of the window): only far drags bring its corner into view.
                    if mode == .single && !forward { offsets = [Vec2(700, -60), Vec2(900, -200), Vec2(1050, -40)] }
                    for o in offsets { out.append(State(mode: mode, forward: forward, radius: radius, offset: o)) }
                }
            }
        }
        return out
    }

    @Test func grabbedCornerMarkerIsUnderTheFinger() throws {
        let gpu = try TestGPU(width: Self.width, height: Self.height)
        let pageCount = 6
        let textures = (1...pageCount).reduce(into: [Int: Texture]()) { $0[$1] = gpu.texture(MarkerBook.page($1)) }
        var worstGPU = 0.0, worstCPU = 0.0, checked = 0
        for state in Self.states {
            var config = ReaderConfig()
            config.spread = state.mode
            config.curl.radius.base = state.radius
            var reader = Reader(pageCount: pageCount, config: config)
            reader.resize(width: Double(Self.width), height: Double(Self.height))
            for p in 1...pageCount { reader.setPageSize(p, width: 500, height: 700) }
            reader.go(toPage: 3)
            let grab: Grab = .corner(state.forward ? .bottomRight : .bottomLeft)
            let start = try #require(reader.grabStart(state.forward ? .forward : .backward, grab: grab))
            let finger = start + state.offset
            _ = reader.apply(.curlBegin(CurlBegin(direction: state.forward ? .forward : .backward, grab: grab,
                                                  start: start, position: finger, source: .touch)), at: 0)
            let leaf = try #require(reader.frame.leaf, "\(state): no leaf")
            let rect = leaf.rect
            // The grabbed corner is the leaf's outer bottom corner (the spine is on the left).
            let corner = Vec2(rect.width, rect.height)
            let deformedCorner = leaf.cylinder.deform(corner)
            let cpuCorner = deformedCorner.position.xy + Vec2(rect.x, rect.y)
            let cpuError = cpuCorner.distance(to: finger)
            worstCPU = max(worstCPU, cpuError)
            #expect(cpuError <= 0.5, "\(state): CPU corner \(cpuCorner) vs finger \(finger)")

            // The face at the corner decides the marker's hue.
            let front = deformedCorner.normal.z >= 0
            let page = front ? leaf.front : leaf.back
            let hue = MarkerBook.hue(ofPage: try #require(page))
            let m = Double(MarkerBook.marker) * rect.width / Double(MarkerBook.pageWidth)
            var sum = Vec2.zero, n = 0.0, projected = 0.0
            for i in 0..<24 {
                for j in 0..<24 {
                    let p = Vec2(rect.width - m + (Double(i) + 0.5) * m / 24, rect.height - m + (Double(j) + 0.5) * m / 24)
                    let d = leaf.cylinder.deform(p)
                    guard (d.normal.z >= 0) == front else { continue }
                    sum += d.position.xy + Vec2(rect.x, rect.y)
                    n += 1
                    projected += abs(d.normal.z)
                }
            }
            let predicted = sum / n
            // A face showing only a few pixels of the marker gives no centroid worth comparing.
            let expectedPixels = projected / 576 * m * m
            guard expectedPixels >= 12 else { continue }
            guard predicted.x > 20, predicted.y > 20, predicted.x < Double(Self.width - 20),
                  predicted.y < Double(Self.height - 20) else { continue }

            let scene = SceneComposer(background: RGBA(0.16, 0.16, 0.17)).scene(reader.frame, textures: textures)
            let (image, errors) = gpu.render(scene)
            #expect(errors.isEmpty, "\(state): GL errors \(errors)")
            var found = Vec2.zero, count = 0.0
            let cx = Int(predicted.x), cy = Int(predicted.y)
            for y in max(0, cy - 30)..<min(Self.height, cy + 30) {
                for x in max(0, cx - 30)..<min(Self.width, cx + 30) {
                    let hs = image.hueSaturation(x, y)
                    var dh = abs(hs.hue - hue)
                    dh = min(dh, 360 - dh)
                    // In single-page mode both faces carry the same page: the back is the softened one.
                    let saturated = leaf.backIsMirrored ? (front ? hs.saturation > 0.6 : hs.saturation > 0.15 && hs.saturation < 0.5)
                                                        : hs.saturation > 0.15
                    if saturated && dh < 20 {
                        found += Vec2(Double(x) + 0.5, Double(y) + 0.5)
                        count += 1
                    }
                }
            }
            try #require(count > 4, "\(state): marker of page \(page!) not found near \(predicted)")
            let measured = found / count
            let gpuError = measured.distance(to: predicted)
            worstGPU = max(worstGPU, gpuError)
            #expect(gpuError <= 1.0, "\(state): marker at \(measured), CPU says \(predicted)")
            checked += 1
        }
        print("[renderer] corner markers: \(checked) states checked; worst GPU-vs-CPU \(worstGPU) px, worst CPU corner-vs-finger \(worstCPU) px")
        #expect(checked >= 50)
    }
}
