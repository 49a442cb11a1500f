import ArgumentParser
import Decoding
import Diagnostics
import Geometry
import Glibc
import Pages
import Posix

/// `recto bench-zoom BOOK`: what a deep zoom costs off screen, the way the page cache's worker does it: the page at
/// rest, then views of the screen's size at source pixels 1:1 across the page — from a IIIF pyramid's tiles
/// (fetched, decoded, laid out) or, for an image file, by decoding it whole and cutting.
public struct BenchZoom: ParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        commandName: "bench-zoom",
        abstract: "Measure deep zoom off screen: the page at rest, then 1:1 views across it (tiles or whole decodes).",
        discussion: ExitStatus.helpSection([.ok, .usage]))

    @Argument(help: "A book: a IIIF manifest (file, folder, URL), a baked folder, or an image.") var book: String
    @Option(help: "The page.") var page = 1
    @Option(help: "Views at 1:1.") var views = 20
    @Option(help: "Screen size WxH in pixels.") var size: Size = Size(argument: "1920x1080")!

    public func run() throws {
        let source: PageSource
        do { source = try PageSource.open(path: book) } catch { throw ValidationError(error.description) }
        let screen = PixelSize(width: size.width, height: size.height)
        let start = monotonicMilliseconds()
        let first: RGBAImage
        do { first = try source.image(of: page, fitting: screen) } catch { throw ValidationError(error.description) }
        let restMS = monotonicMilliseconds() - start
        let restRSS = ProcessStatus.peakResidentKB()
        var times: [Double] = []
        var sourceSize = PixelSize(width: 0, height: 0)
        var whole: RGBAImage?
        for i in 0..<views {
            let t0 = monotonicMilliseconds()
            do {
                if let drawn = source.renderer(of: page) {
                    if i == 0 { sourceSize = try drawn.sourceSize(of: page, fitting: screen) }
                    _ = try drawn.renderRegion(page: page, rect: Self.view(i, of: views, in: sourceSize, screen), sourceSize: sourceSize,
                                               output: screen)
                } else {
                    // The page cache keeps a full image only within its 256 MiB budget; a larger one is decoded per view.
                    let image = try whole ?? ImageDecoder.decode(source.data(of: page))
                    if image.pixels.count <= 256 << 20 { whole = image }
                    sourceSize = image.size
                    let rect = Self.view(i, of: views, in: sourceSize, screen)
                    _ = image.region(rect, scaledTo: PixelSize(width: rect.width, height: rect.height))
                }
            } catch {
                throw ValidationError("view \(i + 1): \(error)")
            }
            times.append(monotonicMilliseconds() - t0)
        }
        let sorted = times.sorted()
        func pct(_ p: Double) -> Double { sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p + 0.5))] }
        print("\(book) page \(page): \(sourceSize.width)×\(sourceSize.height) source; at rest \(first.width)×\(first.height) in "
              + "\(String(restMS, decimals: 1)) ms (peak RSS \(restRSS / 1024) MiB); \(views) views of \(screen.width)×\(screen.height) at 1:1: "
              + "p50 \(String(pct(0.5), decimals: 1)) ms, p95 \(String(pct(0.95), decimals: 1)) ms; peak RSS \(ProcessStatus.peakResidentKB() / 1024) MiB")
    }

    /// View `i` of `count`: a screen-sized rect at 1:1, stepping across the page on a diagonal so each needs tiles
    /// of its own.
    static func view(_ i: Int, of count: Int, in source: PixelSize, _ screen: PixelSize) -> PixelRect {
        let w = min(screen.width, source.width), h = min(screen.height, source.height)
        let f = count > 1 ? Double(i) / Double(count - 1) : 0.5
        let x = Int(Double(source.width - w) * f), y = Int(Double(source.height - h) * (i % 2 == 0 ? f : 1 - f))
        return PixelRect(x: x, y: y, width: w, height: h)
    }
}
