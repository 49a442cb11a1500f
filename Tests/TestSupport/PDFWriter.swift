import Foundation

/// Writes small PDF files for tests: numbered objects, streams with their /Length, a correct xref table.
/// Everything is plain ASCII PDF syntax, so hostile variants are made by editing the objects or the bytes.
public struct PDFWriter {
    public private(set) var objects: [[UInt8]] = []

    public init() {}

    /// Adds an object (its body, without `N 0 obj`/`endobj`); returns its number.
    @discardableResult
    public mutating func add(_ body: String) -> Int { add(Array(body.utf8)) }

    @discardableResult
    public mutating func add(_ body: [UInt8]) -> Int {
        objects.append(body)
        return objects.count
    }

    /// Adds a stream object with `dictionary` entries (without << >>) plus /Length.
    @discardableResult
    public mutating func stream(_ dictionary: String, _ data: [UInt8]) -> Int {
        add(Array("<< \(dictionary) /Length \(data.count) >>\nstream\n".utf8) + data + Array("\nendstream".utf8))
    }

    /// Reserves an object number to fill later with `set` (for references that point forward).
    public mutating func reserve() -> Int { add("null") }

    public mutating func set(_ number: Int, _ body: String) { objects[number - 1] = Array(body.utf8) }

    /// The file: header, objects, xref, trailer naming `root` (and `info` when given).
    public func bytes(root: Int, info: Int? = nil) -> [UInt8] {
        var out = Array("%PDF-1.5\n%\u{e2}\u{e3}\n".utf8)
        var offsets: [Int] = []
        for (i, body) in objects.enumerated() {
            offsets.append(out.count)
            out += Array("\(i + 1) 0 obj\n".utf8) + body + Array("\nendobj\n".utf8)
        }
        let xref = out.count
        out += Array("xref\n0 \(objects.count + 1)\n0000000000 65535 f \n".utf8)
        for offset in offsets {
            let digits = String(offset)
            out += Array((String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n").utf8)
        }
        let infoEntry = info.map { " /Info \($0) 0 R" } ?? ""
        out += Array("trailer\n<< /Size \(objects.count + 1) /Root \(root) 0 R\(infoEntry) >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        return out
    }
}

/// A page for `PDFBook`: its MediaBox, /Rotate and content stream; `image` adds a 4×4 RGB image as /Im1.
public struct PDFTestPage: Sendable {
    public var width: Double, height: Double, rotate: Int
    public var content: String
    public var extraResources: String
    /// Annotation dictionaries (with their << >>), each written as its own object in the page's /Annots;
    /// `PAGE(n)` in one stands for a reference to the book's page n (from 1).
    public var annotations: [String]

    public init(width: Double = 595, height: Double = 842, rotate: Int = 0, content: String, extraResources: String = "",
                annotations: [String] = []) {
        self.width = width
        self.height = height
        self.rotate = rotate
        self.content = content
        self.extraResources = extraResources
        self.annotations = annotations
    }

    /// A link annotation over `rect` (x1 y1 x2 y2 in the page's own user space, from its bottom left) doing
    /// `action` (e.g. "/Dest [PAGE(3) /Fit]" or "/A << /S /URI /URI (https://example.org/) >>").
    public static func link(_ rect: (Double, Double, Double, Double), _ action: String) -> String {
        "<< /Type /Annot /Subtype /Link /Rect [\(rect.0) \(rect.1) \(rect.2) \(rect.3)] /Border [0 0 0] \(action) >>"
    }

    /// Body text in Helvetica (a standard font: fontconfig supplies it, as for pdftoppm).
    public static func text(_ lines: [String], width: Double = 595, height: Double = 842, rotate: Int = 0) -> PDFTestPage {
        var ops = "BT /F1 12 Tf 14 TL 72 \(height - 72) Td\n"
        for line in lines { ops += "(\(line)) Tj T*\n" }
        return PDFTestPage(width: width, height: height, rotate: rotate, content: ops + "ET")
    }

    /// A red filled square (points 100...300 from the bottom left) and a blue stroked circle-ish curve.
    public static func vectorArt(width: Double = 595, height: Double = 842) -> PDFTestPage {
        PDFTestPage(width: width, height: height, content: """
            1 0 0 rg 100 100 200 200 re f
            0 0 1 RG 4 w 300 500 m 400 600 500 500 300 500 c S
            """)
    }

    /// A 4×4 image (red, green, blue, white quadrants) drawn over (100, 100)...(500, 500).
    public static func image(width: Double = 595, height: Double = 842) -> PDFTestPage {
        PDFTestPage(width: width, height: height, content: "q 400 0 0 400 100 100 cm /Im1 Do Q",
                    extraResources: "/XObject << /Im1 IMAGE >>")
    }
}

/// Builds a book of `PDFTestPage`s with an optional title.
/// `prefix` holds objects the pages refer to by number (hostile forms); `catalog` adds entries to the catalog,
/// `info` to the Info dictionary.
public func pdfBook(_ pages: [PDFTestPage], title: String? = nil, prefix: PDFWriter = PDFWriter(),
                    catalog: String = "", info: String = "") -> [UInt8] {
    var w = prefix
    let root = w.reserve()
    let tree = w.reserve()
    let font = w.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    var pixels: [UInt8] = []
    for y in 0..<4 {
        for x in 0..<4 {
            pixels += y < 2 ? (x < 2 ? [255, 0, 0] : [0, 255, 0]) : (x < 2 ? [0, 0, 255] : [255, 255, 255])
        }
    }
    let image = w.stream("/Type /XObject /Subtype /Image /Width 4 /Height 4 /ColorSpace /DeviceRGB /BitsPerComponent 8",
                         pixels)
    let kids = pages.map { _ in w.reserve() }
    func resolved(_ text: String) -> String {
        var text = text
        for (i, kid) in kids.enumerated().reversed() { text = text.replacingOccurrences(of: "PAGE(\(i + 1))", with: "\(kid) 0 R") }
        return text
    }
    for (page, kid) in zip(pages, kids) {
        let content = w.stream("", Array(page.content.utf8))
        let extra = page.extraResources.replacingOccurrences(of: "IMAGE", with: "\(image) 0 R")
        let annots = page.annotations.map { w.add(resolved($0)) }
        let annotsEntry = annots.isEmpty ? "" : "/Annots [\(annots.map { "\($0) 0 R" }.joined(separator: " "))]"
        w.set(kid, """
            << /Type /Page /Parent \(tree) 0 R /MediaBox [0 0 \(page.width) \(page.height)] /Rotate \(page.rotate) \
            /Contents \(content) 0 R /Resources << /Font << /F1 \(font) 0 R >> \(extra) >> \(annotsEntry) >>
            """)
    }
    w.set(root, "<< /Type /Catalog /Pages \(tree) 0 R \(resolved(catalog)) >>")
    w.set(tree, "<< /Type /Pages /Kids [\(kids.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(kids.count) >>")
    let entries = [title.map { "/Title \(pdfTextString($0))" }, info.isEmpty ? nil : info].compactMap { $0 }
    let infoObject = entries.isEmpty ? nil : w.add("<< \(entries.joined(separator: " ")) >>")
    return w.bytes(root: root, info: infoObject)
}

/// The standard test book: body text, vector art, an image, an A5 page and a landscape spread (A3 landscape,
/// made by rotating a portrait MediaBox), five pages, titled "Test Book".
public func standardPDFBook() -> [UInt8] {
    pdfBook([
        .text(["The quick brown fox jumps over the lazy dog.", "Pack my box with five dozen liquor jugs.",
               "Sphinx of black quartz, judge my vow."]),
        .vectorArt(),
        .image(),
        .text(["A smaller page"], width: 420, height: 595),
        .text(["A landscape spread across two pages"], width: 842, height: 1190, rotate: 90),
    ], title: "Test Book")
}

/// A PDF text string: a literal for ASCII, else UTF-16BE with its byte order mark (how PDFs carry other scripts).
func pdfTextString(_ text: String) -> String {
    guard !text.unicodeScalars.allSatisfy(\.isASCII) else { return "(\(text))" }
    return "<FEFF" + text.utf16.map { String(format: "%04X", $0) }.joined() + ">"
}

/// A five-page book whose first page is a table of contents of links: to page 3 by an explicit destination, to
/// page 4 by a name object, to a web address, to the last page by a named action, a JavaScript
/// link, a link half off the page to page 2, a name no destination has, and to page 5 by a name in the /Names
/// tree. Page 2 has a NextPage link in its bottom-left corner; page 4 is turned by /Rotate 90 and links back to
/// page 1. Each link's area is filled grey, so a screenshot shows where it is.
public func linkedPDFBook() -> [UInt8] {
    func box(_ r: (Double, Double, Double, Double)) -> String { "0.85 g \(r.0) \(r.1) \(r.2 - r.0) \(r.3 - r.1) re f 0 g\n" }
    let contents: [((Double, Double, Double, Double), String)] = [
        ((72, 700, 272, 730), "/Dest [PAGE(3) /Fit]"),
        ((72, 650, 272, 680), "/Dest /chapter4"),
        ((72, 600, 272, 630), "/A << /S /URI /URI (https://example.org/) >>"),
        ((72, 550, 272, 580), "/A << /S /Named /N /LastPage >>"),
        ((72, 500, 272, 530), "/A << /S /JavaScript /JS (app.alert\\(1\\)) >>"),
        ((500, -20, 700, 20), "/Dest [PAGE(2) /Fit]"),
        ((300, 700, 500, 730), "/Dest /nowhere"),
        ((72, 450, 272, 480), "/Dest (chapter5)"),
    ]
    var first = PDFTestPage.text(["Contents"])
    first.content = contents.map { box($0.0) }.joined() + first.content
    first.annotations = contents.map { PDFTestPage.link($0.0, $0.1) }
    var second = PDFTestPage.text(["Chapter 1"])
    second.content = box((0, 0, 100, 100)) + second.content
    second.annotations = [PDFTestPage.link((0, 0, 100, 100), "/A << /S /Named /N /NextPage >>")]
    var rotated = PDFTestPage.text(["Chapter 3, turned"], rotate: 90)
    rotated.content = box((100, 200, 150, 400)) + rotated.content
    rotated.annotations = [PDFTestPage.link((100, 200, 150, 400), "/Dest [PAGE(1) /Fit]")]
    return pdfBook([first, second, .text(["Chapter 2"]), rotated, .text(["Chapter 4"])], title: "Linked Book",
                   catalog: "/Names << /Dests << /Names [(chapter4) [PAGE(4) /XYZ 0 842 0] (chapter5) [PAGE(5) /Fit]] >> >>")
}

/// Five pages with an outline: "Introduction" (page 2), "Part One" (page 3) holding "Chapter 1" (page 4), all by
/// named destinations, and a web link in the outline that leads to no page; page 1 links to page 4.
public func outlinedPDFBook() -> [UInt8] {
    var w = PDFWriter()
    let root = w.reserve(), intro = w.reserve(), part = w.reserve(), chapter = w.reserve(), web = w.reserve()
    w.set(root, "<< /Type /Outlines /First \(intro) 0 R /Last \(part) 0 R /Count 4 >>")
    w.set(intro, "<< /Title (Introduction) /Parent \(root) 0 R /Next \(part) 0 R /Dest (intro) >>")
    w.set(part, "<< /Title <FEFF0050006100720074002000D40020004F006E0065> /Parent \(root) 0 R /Prev \(intro) 0 R "
          + "/First \(chapter) 0 R /Last \(web) 0 R /Count 2 /Dest (part1) >>")
    w.set(chapter, "<< /Title (Chapter 1) /Parent \(part) 0 R /Next \(web) 0 R /Dest (ch1) >>")
    w.set(web, "<< /Title (A web page) /Parent \(part) 0 R /Prev \(chapter) 0 R /A << /S /URI /URI (https://example.org/) >> >>")
    var first = PDFTestPage.text(["Contents"])
    first.annotations = [PDFTestPage.link((72, 700, 272, 730), "/Dest (ch1)")]
    return pdfBook([first, .text(["Introduction"]), .text(["Part One"]), .text(["Chapter 1"]), .text(["The end"])],
                   title: "Outlined Book", prefix: w,
                   catalog: "/Outlines \(root) 0 R /Names << /Dests << /Names [(ch1) [PAGE(4) /Fit] (intro) [PAGE(2) /Fit] "
                       + "(part1) [PAGE(3) /Fit]] >> >>")
}
