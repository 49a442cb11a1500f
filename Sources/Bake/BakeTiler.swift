import ArgumentParser
import Book
import Diagnostics
import Geometry
import Glibc
import IIIF
import Pages
import Posix

/// One page's pyramid, made by libvips' `vips dzsave --layout iiif3` (LGPL, run as a program: it streams a
/// 20,000 px scan in strips instead of decoding it whole), then made a level 0 service a plain file server
/// (or `file:` reading) serves as Recto and other viewers ask: the whole image under `full/`, a relative id.
struct BakeTiler {
    let tileSize: Int
    let quality: Int

    func pyramid(of input: String, into folder: String, id: String) throws {
        let parent = folder.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let partial = (parent.isEmpty ? "." : parent) + "/part-" + id
        try Self.run(["rm", "-rf", partial])
        try Self.run(["vips", "dzsave", input, partial, "--layout", "iiif3", "--tile-size", String(tileSize),
                      "--overlap", "0", "--suffix", ".jpg[Q=\(quality),strip]"])
        _ = systemCall { unlink(partial + "/vips-properties.xml") }
        let infoPath = partial + "/info.json"
        let url = ResourceURL(scheme: .file, authority: "", path: fileURLPath(infoPath))
        guard let bytes = Self.contents(of: infoPath), let info = try? ImageInfo.parse(bytes, from: url) else {
            throw ValidationError("vips wrote no usable info.json for \(input)")
        }
        // vips names the whole image's region by its numbers; the Image API's canonical name is `full`.
        let whole = partial + "/0,0,\(info.size.width),\(info.size.height)"
        if case .success = fileStatus(path: whole) {
            if case .failure(let e) = systemCall({ rename(whole, partial + "/full") }) { throw ValidationError("cannot rename \(whole): \(e)") }
        }
        try writeFile(infoPath, Array(Self.relativeID(String(decoding: bytes, as: UTF8.self), id: id).utf8))
        try Self.run(["rm", "-rf", folder])
        if case .failure(let e) = systemCall({ rename(partial, folder) }) { throw ValidationError("cannot rename \(partial): \(e)") }
    }

    /// The info.json with its `id` relative (the folder's name): the book may be moved or served from anywhere.
    static func relativeID(_ json: String, id: String) -> String {
        var lines = json.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let i = lines.firstIndex(where: { $0.trimmingSpacesAtStart.hasPrefix("\"id\"") }) {
            lines[i] = "  \"id\": \"\(id)\","
        }
        return lines.joined(separator: "\n")
    }

    static func size(of folder: String) throws -> PixelSize {
        let path = folder + "/info.json"
        let url = ResourceURL(scheme: .file, authority: "", path: fileURLPath(path))
        guard let bytes = contents(of: path), let info = try? ImageInfo.parse(bytes, from: url) else {
            throw ValidationError("\(path) is not a usable info.json: delete \(folder) and bake again")
        }
        return info.size
    }

    /// The pyramid's whole-image file (its top level, `full/w,h/0/default.jpg`), relative to the book: the
    /// canvas's plain image for viewers that do not read image services.
    static func wholeImage(in folder: String) -> String? {
        guard case .success(let entries) = directoryEntries(folder + "/full") else { return nil }
        return entries.first { !$0.name.hasPrefix(".") }.map { "full/\($0.name)/0/default.jpg" }
    }

    static func countTiles(in folder: String) -> Int {
        guard case .success(let entries) = directoryEntries(folder) else { return 0 }
        return entries.reduce(0) { count, entry in
            if entry.type == UInt8(DT_DIR) { return count + countTiles(in: folder + "/" + entry.name) }
            return count + (entry.name.hasSuffix(".jpg") ? 1 : 0)
        }
    }

    static func contents(of path: String) -> [UInt8]? {
        try? readWholeFile(path, limit: 16 << 20).get()
    }

    /// Runs a program found on PATH, its output discarded; its standard error becomes the message if it fails.
    static func run(_ arguments: [String]) throws {
        let errorPath = "/tmp/recto-bake-\(getpid()).err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ)
        guard spawned == 0 else {
            throw ValidationError("cannot run \(arguments[0]): \(errnoText(spawned))"
                                  + (arguments[0] == "vips" ? " (Debian: apt install libvips-tools)" : ""))
        }
        var status: Int32 = 0
        _ = systemCall { waitpid(pid, &status, 0) }
        defer { _ = systemCall { unlink(errorPath) } }
        guard status == 0 else {
            let message = contents(of: errorPath).map { String(decoding: $0.prefix(600), as: UTF8.self) } ?? ""
            throw ValidationError("\(arguments.prefix(3).joined(separator: " ")) failed: \(message)")
        }
    }
}

/// A file path as a `file:` URL's path: every byte but the unreserved ones percent-encoded.
func fileURLPath(_ path: String) -> String {
    let absolute = path.hasPrefix("/") ? path : ((try? currentDirectory().get()) ?? "") + "/" + path
    var out = ""
    for byte in absolute.utf8 {
        let c = Character(Unicode.Scalar(byte))
        if byte < 0x80, c.isLetter || c.isNumber || "/-._~".contains(c) { out.append(c) }
        else { out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true) }
    }
    return out
}

extension String {
    var trimmingSpacesAtStart: Substring { drop(while: { $0 == " " || $0 == "\t" }) }
}

/// A narration file copied into the baked book: a recording or its captions, in a language, relative to the book.
struct BakedTrack {
    var captions: Bool
    var language: String?
    var file: String
}

/// The baked book's manifest (Presentation 3.0): every id relative to the manifest, so the folder reads the
/// same from a disk, a USB stick or any web server.
struct BakeManifest {
    var title: String
    var attribution: [String]
    var rightToLeft: Bool
    var pages: [BakedPage]

    func json() -> String {
        let canvases = pages.map { page in
            let w = page.size.width, h = page.size.height
            return """
                {"id": "canvas/\(page.id)", "type": "Canvas", "label": {"none": [\(quoted(page.label))]}, "width": \(w), "height": \(h),
                 "items": [{"id": "canvas/\(page.id)/page", "type": "AnnotationPage", "items": [{"id": "canvas/\(page.id)/image",
                   "type": "Annotation", "motivation": "painting", "target": "canvas/\(page.id)",
                   "body": {"id": "\(page.id)/\(page.whole ?? "full/max/0/default.jpg")", "type": "Image", "format": "image/jpeg", "width": \(w), "height": \(h),
                    "service": [{"id": "\(page.id)", "type": "ImageService3", "profile": "level0"}]}}]}]\(accompanying(page))\(annotations(page))}
            """
        }
        var head = """
            {"@context": "http://iiif.io/api/presentation/3/context.json", "id": "manifest.json", "type": "Manifest",
             "label": {"none": [\(quoted(title))]},
            """
        // Scans of a book: the first alone as a right-hand page, the rest in spreads.
        head += "\n \"behavior\": [\"paged\"],"
        if rightToLeft { head += "\n \"viewingDirection\": \"right-to-left\"," }
        if !attribution.isEmpty {
            head += "\n \"requiredStatement\": {\"label\": {\"none\": [\"Attribution\"]}, \"value\": {\"none\": [\(quoted(attribution.joined(separator: "; ")))]}},"
        }
        return head + "\n \"items\": [\n" + canvases.joined(separator: ",\n") + "\n]}\n"
    }

    /// The page's reading as its accompanying canvas: a `Choice` of its recordings, its captions as
    /// `supplementing` WebVTT annotations.
    private func accompanying(_ page: BakedPage) -> String {
        let recordings = page.narration.filter { !$0.captions }
        guard !recordings.isEmpty else { return "" }
        func lang(_ t: BakedTrack) -> String { t.language.map { ", \"language\": \(quoted($0))" } ?? "" }
        let sounds = recordings.map { "{\"id\": \(quoted($0.file)), \"type\": \"Sound\"\(lang($0))}" }.joined(separator: ", ")
        let captions = page.narration.filter(\.captions).enumerated().map { i, t in
            "{\"id\": \"canvas/\(page.id)/reading/captions/\(i)\", \"type\": \"Annotation\", \"motivation\": \"supplementing\", "
                + "\"target\": \"canvas/\(page.id)/reading\", \"body\": {\"id\": \(quoted(t.file)), \"type\": \"Text\", \"format\": \"text/vtt\"\(lang(t))}}"
        }.joined(separator: ", ")
        return ",\n" + """
                 "accompanyingCanvas": {"id": "canvas/\(page.id)/reading", "type": "Canvas",
                   "items": [{"id": "canvas/\(page.id)/reading/page", "type": "AnnotationPage", "items": [{"id": "canvas/\(page.id)/reading/sound",
                     "type": "Annotation", "motivation": "painting", "target": "canvas/\(page.id)/reading",
                     "body": {"type": "Choice", "items": [\(sounds)]}}]}],
                   "annotations": [{"id": "canvas/\(page.id)/reading/captions", "type": "AnnotationPage", "items": [\(captions)]}]}
            """
    }

    func write(to path: String) throws {
        try writeFile(path + ".tmp", Array(json().utf8))
        if case .failure(let e) = systemCall({ rename(path + ".tmp", path) }) { throw ValidationError("cannot write \(path): \(e)") }
    }

    func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += "\\u00" + (scalar.value < 16 ? "0" : "") + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
