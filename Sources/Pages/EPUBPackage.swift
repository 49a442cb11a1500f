import XML
import Book

/// What an EPUB's package document says of the book Recto shows: the spine in reading order with each item's
/// file and page-spread property, whether the layout is fixed (EPUB 3's `rendition:layout pre-paginated`, or
/// Apple's `display-options` for EPUB 2), the progression direction, title, author and language. Read with the
/// forgiving `XMLScanner`: broken markup yields what could be read, never a trap.
struct EPUBPackage: Sendable, Equatable {
    enum Spread: String, Sendable { case left, right, center }

    struct Item: Sendable, Equatable {
        /// The file's path inside the archive (resolved against the package document's folder).
        var path: String
        var mediaType: String
        /// Its own `rendition:layout`, where it overrides the book's (nil: the book's).
        var prePaginated: Bool?
        var spread: Spread?
        /// Its place among the spine's documents as MuPDF counts them (every itemref the manifest resolves,
        /// `linear="no"` ones included): the page number recto-epub knows it by, from 0.
        var chapter = 0
    }

    var title: String?
    var creator: String?
    var language: String?
    var prePaginated = false
    var rightToLeft = false
    /// `rendition:spread`: `none`, one page at a time; `both`, two even in portrait; nil for `landscape` and
    /// `auto` (the reader's own choice, which is landscape's) or when it says nothing.
    var spread: SpreadPreference?
    /// The cover picture's path in the archive: EPUB 3's manifest item with `properties="cover-image"`, else
    /// EPUB 2's `<meta name="cover" content="ID">`.
    var coverImage: String?
    /// The EPUB 3 navigation document (the manifest item with `properties="nav"`) and the EPUB 2 NCX (the spine's
    /// `toc`, else the manifest's NCX item): where the book's own table of contents is.
    var navDocument: String?
    var ncx: String?
    /// EPUB 3.0's book-wide `rendition:viewport` ("width=1200, height=1600"), for pages that declare none.
    var viewport: Viewport?
    var spine: [Item] = []
    /// The Dublin Core the About panel shows, in the package's order, with creators' roles (EPUB 3's `refines`).
    var dublinCore: [BookAbout.DublinCoreElement] = []

    /// The package document's path, from `META-INF/container.xml`'s first rootfile.
    static func rootfile(container: [UInt8]) -> String? {
        var path: String?
        XMLScanner.scan(container) { event in
            guard path == nil, case let .open(name, attributes, _) = event, local(name) == "rootfile" else { return }
            path = attributes.first { $0.name == "full-path" }?.value
        }
        return path.map { resolve($0, against: "") }
    }

    /// Apple's `META-INF/com.apple.ibooks.display-options.xml` says `<option name="fixed-layout">true</option>`.
    static func appleFixedLayout(_ bytes: [UInt8]) -> Bool {
        var inFixed = false, fixed = false
        XMLScanner.scan(bytes) { event in
            switch event {
            case let .open(name, attributes, _):
                inFixed = local(name) == "option" && attributes.contains { $0.name == "name" && $0.value == "fixed-layout" }
            case .text(let text): if inFixed, text.trimmed == "true" { fixed = true }
            case .close: inFixed = false
            }
        }
        return fixed
    }

    /// Reads the package document `opf`, found at `opfPath` in the archive; at most `maxItems` spine items are
    /// kept (the caller refuses a book with more).
    init(opf: [UInt8], opfPath: String, maxItems: Int) {
        let folder = opfPath.split(separator: "/").dropLast().joined(separator: "/")
        var manifest: [String: (href: String, type: String)] = [:]
        var coverID: String?, coverHref: String?, ncxID: String?, ncxHref: String?, navHref: String?
        var itemrefs: [(idref: String, properties: String, linear: Bool)] = []
        var metaProperty: String?, refines: String?, text = ""
        var reading: BookAbout.DublinCoreElement?, readingID: String?, byID: [String: Int] = [:]
        XMLScanner.scan(opf) { event in
            switch event {
            case let .open(name, attributes, _):
                let element = Self.local(name)
                let attribute = { (key: String) in attributes.first { Self.local($0.name) == key }?.value }
                switch element {
                case "item":
                    if let id = attribute("id"), let href = attribute("href") {
                        manifest[id] = (href, attribute("media-type") ?? "")
                        let properties = (attribute("properties") ?? "").split(separator: " ")
                        if properties.contains("cover-image"), coverHref == nil { coverHref = href }
                        if properties.contains("nav"), navHref == nil { navHref = href }
                        if attribute("media-type") == "application/x-dtbncx+xml", ncxHref == nil { ncxHref = href }
                    }
                case "itemref":
                    if let idref = attribute("idref"), itemrefs.count <= maxItems {
                        itemrefs.append((idref, attribute("properties") ?? "", attribute("linear") != "no"))
                    }
                case "spine":
                    rightToLeft = attribute("page-progression-direction") == "rtl"
                    ncxID = attribute("toc")
                case "meta":
                    (metaProperty, refines) = (attribute("property"), attribute("refines"))
                    if attribute("name") == "cover", let id = attribute("content") { coverID = id }
                // At most 256: a hostile package's thousands of subjects are read no further.
                case let dc where BookAbout.dublinCoreNames.contains(dc.lowercased()) && dublinCore.count < 256:
                    reading = .init(name: dc.lowercased(), value: "", language: attribute("lang"), role: attribute("role"),
                                    scheme: attribute("scheme") ?? attribute("event"))
                    readingID = attribute("id")
                default: break
                }
                text = ""
            case .text(let t):
                text += t
            case .close(let name):
                let value = text.trimmed
                if var dc = reading, Self.local(name).lowercased() == dc.name {
                    (dc.value, reading) = (value, nil)
                    if let id = readingID { byID[id] = dublinCore.count }
                    dublinCore.append(dc)
                }
                switch Self.local(name) {
                case "title" where title == nil && !value.isEmpty: title = value
                case "creator" where creator == nil && !value.isEmpty: creator = value
                case "language" where language == nil && !value.isEmpty: language = value
                case "meta":
                    switch metaProperty {
                    case "rendition:layout": prePaginated = value == "pre-paginated"
                    case "rendition:spread": spread = value == "none" ? .single : value == "both" ? .double : nil
                    case "rendition:viewport": viewport = Viewport(content: value)
                    case "role": if let i = refines.flatMap({ byID[String($0.drop { $0 == "#" })] }) { dublinCore[i].role = value }
                    default: break
                    }
                    metaProperty = nil
                default: break
                }
                text = ""
            }
        }
        if let href = coverHref ?? coverID.flatMap({ manifest[$0]?.href }) { coverImage = Self.resolve(href, against: folder) }
        navDocument = navHref.map { Self.resolve($0, against: folder) }
        ncx = (ncxID.flatMap { manifest[$0]?.href } ?? ncxHref).map { Self.resolve($0, against: folder) }
        var chapter = 0
        spine = itemrefs.compactMap { ref in
            guard let item = manifest[ref.idref] else { return nil }
            defer { chapter += 1 }
            guard ref.linear else { return nil }
            let properties = ref.properties.split(separator: " ").map(String.init)
            var layout: Bool?
            if properties.contains("rendition:layout-pre-paginated") { layout = true }
            if properties.contains("rendition:layout-reflowable") { layout = false }
            let spread = properties.lazy.compactMap { p -> Spread? in
                let side = p.hasPrefix("rendition:page-spread-") ? String(p.dropFirst(22))
                    : p.hasPrefix("page-spread-") ? String(p.dropFirst(12)) : ""
                return Spread(rawValue: side)
            }.first
            return Item(path: Self.resolve(item.href, against: folder), mediaType: item.type, prePaginated: layout,
                        spread: spread, chapter: chapter)
        }
    }

    /// What a page document holds in its body (an XHTML `body`, or an SVG): the images it shows (`img src`, SVG
    /// `image href`), its `alt` texts and its text, each in document order; what a title, a style or a script holds
    /// is not on the page.
    struct PageContents {
        var images: [String] = []
        var alts: [String] = []
        var text: [String] = []
        /// The size the page is laid out at: an XHTML page's `<meta name="viewport">`, an SVG page's
        /// `width` and `height` (else its `viewBox`).
        var viewport: Viewport?
        /// Whether the body holds an `svg` drawing of its own (not an SVG page's root).
        var inlineSVG = false
    }

    static func scanPage(_ xhtml: [UInt8]) -> PageContents {
        var page = PageContents(), inBody = false, skipped = 0
        XMLScanner.scan(xhtml) { event in
            switch event {
            case let .open(name, attributes, selfClosing):
                let element = local(name)
                let attribute = { (key: String) in attributes.first { local($0.name) == key }?.value }
                if element == "meta", attribute("name") == "viewport", let content = attribute("content") {
                    page.viewport = Viewport(content: content)
                }
                if element == "svg", !inBody, page.viewport == nil {
                    page.viewport = Viewport(svgWidth: attribute("width"), height: attribute("height"), viewBox: attribute("viewBox"))
                }
                if element == "svg", inBody { page.inlineSVG = true }
                if element == "body" || element == "svg" { inBody = true }
                if ["title", "style", "script"].contains(element), !selfClosing { skipped += 1 }
                guard inBody else { return }
                if element == "img", let src = attributes.first(where: { $0.name == "src" })?.value { page.images.append(src) }
                if element == "image", let href = attributes.first(where: { local($0.name) == "href" })?.value { page.images.append(href) }
                if element == "img", let alt = attributes.first(where: { $0.name == "alt" })?.value { page.alts.append(alt) }
            case .close(let name):
                if ["title", "style", "script"].contains(local(name)) { skipped = max(0, skipped - 1) }
            case .text(let text):
                if inBody, skipped == 0, !text.trimmed.isEmpty { page.text.append(text) }
            }
        }
        return page
    }

    /// The one image a fixed-layout page shows, when the page is nothing else: an XHTML body holding a single
    /// `img` (or an SVG holding a single `image`) and no text; its path resolved against `pagePath`. Nil for a page
    /// of text, of several images, or of none.
    static func singleImage(xhtml: [UInt8], pagePath: String) -> String? {
        let page = scanPage(xhtml)
        guard page.images.count == 1, page.text.isEmpty else { return nil }
        let folder = pagePath.split(separator: "/").dropLast().joined(separator: "/")
        return resolve(page.images[0], against: folder)
    }

    /// What a page says, for speech: its images' `alt` texts and its text; nil when it says nothing.
    static func spokenText(xhtml: [UInt8]) -> String? {
        let page = scanPage(xhtml)
        let text = (page.alts + page.text).joined(separator: " ")
        return text.trimmed.isEmpty ? nil : text
    }

    /// `href` (relative, percent-encoded, maybe with a fragment) as a path inside the archive from `folder`.
    static func resolve(_ href: String, against folder: String) -> String {
        let bare = String(href.prefix { $0 != "#" && $0 != "?" })
        var parts = folder.split(separator: "/").map(String.init)
        if bare.hasPrefix("/") { parts = [] }
        for part in percentDecoded(bare).split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }

    private static func percentDecoded(_ s: String) -> String {
        var bytes: [UInt8] = [], utf8 = Array(s.utf8), i = 0
        while i < utf8.count {
            if utf8[i] == 0x25, i + 2 < utf8.count, let v = UInt8(String(decoding: utf8[(i + 1)...(i + 2)], as: UTF8.self), radix: 16) {
                bytes.append(v)
                i += 3
            } else {
                bytes.append(utf8[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The name without its namespace prefix (`dc:title` → `title`, `xlink:href` → `href`).
    static func local(_ name: String) -> String { name.split(separator: ":").last.map(String.init) ?? name }
}

/// The CSS pixels a fixed-layout page is laid out in.
struct Viewport: Sendable, Equatable {
    var width: Int
    var height: Int

    /// `width=600, height=800` (commas, semicolons or spaces between; `px` allowed); nil without both numbers.
    init?(content: String) {
        var values: [String: Int] = [:]
        for pair in content.split(whereSeparator: { $0 == "," || $0 == ";" }) {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmed }
            guard parts.count == 2 else { continue }
            values[parts[0].lowercased()] = Self.pixels(parts[1])
        }
        guard let width = values["width"], let height = values["height"] else { return nil }
        self.init(width: width, height: height)
    }

    /// An SVG page's `width` and `height` in pixels, else its `viewBox`'s size.
    init?(svgWidth: String?, height: String?, viewBox: String?) {
        if let w = svgWidth.flatMap(Self.pixels), let h = height.flatMap(Self.pixels) {
            self.init(width: w, height: h)
            return
        }
        let box = (viewBox ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
        guard box.count == 4, box[2].isFinite, box[3].isFinite, box[2] >= 1, box[3] >= 1,
              box[2] < 1e9, box[3] < 1e9 else { return nil }
        self.init(width: Int(box[2].rounded()), height: Int(box[3].rounded()))
    }

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// "600", "600px", "600.5": whole pixels; nil for another unit, a percentage or nonsense.
    private static func pixels<S: StringProtocol>(_ text: S) -> Int? {
        var digits = String(text.trimmed)
        if digits.hasSuffix("px") { digits.removeLast(2) }
        guard let value = Double(digits), value.isFinite, value >= 0, value < 1e9 else { return nil }
        return Int(value.rounded())
    }
}

private extension StringProtocol {
    var trimmed: String {
        let scalars = unicodeScalars.drop { $0.properties.isWhitespace }.reversed().drop { $0.properties.isWhitespace }
        return String(String.UnicodeScalarView(scalars.reversed()))
    }
}
