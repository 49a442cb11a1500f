import ArgumentParser
import Book
import Decoding
import Diagnostics
import Geometry
import Glibc
import IIIF
import Pages
import Posix

/// `recto bake SOURCE DIR`: a self-contained IIIF book a kiosk reads with no network — a level 0 tile pyramid per
/// page (libvips' `vips dzsave`, run as a helper program) and a manifest naming them relative to itself.
public struct Bake: ParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        commandName: "bake",
        abstract: "Make an offline IIIF book (level 0 tile pyramids and a manifest) from images or a manifest.",
        discussion: """
        SOURCE is a folder of scans (JPEG, PNG, TIFF, WebP; in natural order), one image, or a IIIF manifest (a \
        file, a folder holding manifest.json, or an http(s) URL), whose pages are downloaded at up to --max-size \
        pixels on the long side (their tiles stitched where the server has no whole image that large). DIR gets \
        one folder of tiles per page and manifest.json; open DIR with recto. Run again after an interruption, it \
        resumes: pages already baked are kept. Needs the `vips` program (Debian: libvips-tools).

        \(ExitStatus.helpSection([.ok, .usage]))
        """)

    @Argument(help: "Scans folder, image, manifest file or URL.") var source: String
    @Argument(help: "The book folder to write.") var dir: String
    @Option(name: .customLong("tile-size"), help: "Tile side in pixels.") var tileSize = 512
    @Option(name: .customLong("max-size"), help: "A manifest's pages: the long side to download, in pixels.")
    var maxSize = 30_000
    @Option(help: "JPEG quality of the tiles.") var quality = 90
    @Option(help: "The book's title (default: the folder's or the manifest's).") var title: String?

    public func validate() throws {
        guard (64...4096).contains(tileSize) else { throw ValidationError("--tile-size must be 64…4096") }
        guard (256...1_000_000).contains(maxSize) else { throw ValidationError("--max-size must be 256…1000000") }
        guard (10...100).contains(quality) else { throw ValidationError("--quality must be 10…100") }
    }

    public func run() throws {
        let pages = try BakeInput(source: source, maxSize: maxSize)
        if case .failure(let e) = systemCall({ mkdir(dir, 0o755) }), e.code != EEXIST {
            throw ValidationError("cannot make \(dir): \(e)")
        }
        var progress = BakeProgress(total: pages.count)
        var baked: [BakedPage] = []
        for index in 0..<pages.count {
            let name = String(format4: index + 1)
            let folder = dir + "/" + name
            if case .failure = fileStatus(path: folder + "/info.json") {
                let input = try pages.file(of: index, scratch: dir + "/.\(name).source.jpg")
                try BakeTiler(tileSize: tileSize, quality: quality).pyramid(of: input.path, into: folder, id: name)
                if input.temporary { _ = systemCall { unlink(input.path) } }
                progress.bytesIn += input.bytes
            } else {
                progress.resumed += 1
            }
            let info = try BakeTiler.size(of: folder)
            progress.tiles += BakeTiler.countTiles(in: folder)
            var page = BakedPage(id: name, label: pages.label(of: index), size: info, whole: BakeTiler.wholeImage(in: folder))
            page.narration = try pages.copyNarration(of: index, into: folder)
            page.notes = pages.notes(of: index)
            baked.append(page)
            progress.pageDone()
        }
        progress.finish()
        let manifest = BakeManifest(title: title ?? pages.title, attribution: pages.attribution,
                                    rightToLeft: pages.rightToLeft, pages: baked)
        try manifest.write(to: dir + "/" + "manifest.json")
        print("baked \(baked.count) pages (\(progress.tiles) tiles) into \(dir)")
    }
}
