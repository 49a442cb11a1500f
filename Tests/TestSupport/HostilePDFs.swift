import Foundation

/// PDFs built to hurt a renderer, each a book with good pages around the bad one (page 2 unless told).
public enum HostilePDF {
    static let good = PDFTestPage.text(["A good page."])

    /// Page 2 draws a form that draws the next form twice, `depth` times: 2^depth leaf rectangles, so it
    /// renders for hours. Poppler has no limit on this (it only caps nesting depth at 100).
    public static func slowPage(depth: Int = 28) -> [UInt8] {
        var forms = ["0 0 1 1 re f"]
        for _ in 0..<depth { forms.append("/F Do 0.5 0 0 0.5 1 1 cm /F Do") }
        return withPage2(PDFTestPage(content: "/F Do", extraResources: "/XObject << /F FORM >>"), forms: forms)
    }

    /// Page 2 draws an image declared 30000 × 30000 (3.6 GB decoded) from 30 bytes of data: past the helper's
    /// 1 GiB of address space.
    public static func memoryBomb() -> [UInt8] {
        var w = PDFWriter()
        let image = w.stream("/Type /XObject /Subtype /Image /Width 30000 /Height 30000 /ColorSpace /DeviceRGB "
                             + "/BitsPerComponent 8", Array(repeating: 0x80, count: 30))
        return pdfBook([good, PDFTestPage(content: "q 500 0 0 500 50 50 cm /Im9 Do Q",
                                          extraResources: "/XObject << /Im9 \(image) 0 R >>"), good], prefix: w)
    }

    /// Page 2's MediaBox is 10^6 points a side.
    public static func hugeMediaBox() -> [UInt8] {
        pdfBook([good, PDFTestPage.text(["Huge"], width: 1_000_000, height: 1_000_000), good])
    }

    /// Page 2's resources hold an array nested `depth` deep.
    public static func deeplyNested(depth: Int = 100_000) -> [UInt8] {
        let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        return pdfBook([good, PDFTestPage(content: "0 0 1 rg 10 10 50 50 re f", extraResources: "/Deep \(nested)"), good])
    }

    /// Page 2 paints a shading whose colour is a PostScript (Type 4) function of `depth` nested blocks `{{{…}}}`:
    /// poppler parses one block per level of recursion, with no limit but the stack (about 120 bytes a level).
    public static func deepFunction(depth: Int = 1_000_000) -> [UInt8] {
        var w = PDFWriter()
        let code = Array("{ ".utf8) + Array(repeating: UInt8(ascii: "{"), count: depth)
            + Array(repeating: UInt8(ascii: "}"), count: depth) + Array(" pop 0 0 }".utf8)
        let function = w.stream("/FunctionType 4 /Domain [0 1] /Range [0 1 0 1 0 1]", code)
        let shading = w.add("<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 0 100 0] /Function \(function) 0 R >>")
        return pdfBook([good, PDFTestPage(content: "0 0 1 rg 10 10 50 50 re f /Sh0 sh",
                                          extraResources: "/Shading << /Sh0 \(shading) 0 R >>"), good], prefix: w)
    }

    /// Page 2 has a link whose action is followed by `length` more through /Next, each its own object: poppler
    /// reads the chain with one level of recursion per action (a few hundred bytes of stack each).
    public static func longActionChain(length: Int = 60_000) -> [UInt8] {
        var w = PDFWriter()
        let first = w.objects.count + 1
        for i in 0..<length {
            let next = i + 1 < length ? " /Next \(first + i + 1) 0 R" : ""
            w.add("<< /S /URI /URI (https://example.org/\(i))\(next) >>")
        }
        let page = PDFTestPage(content: "0 0 1 rg 10 10 50 50 re f", annotations: [PDFTestPage.link((72, 650, 300, 720), "/A \(first) 0 R")])
        return pdfBook([good, page, good], prefix: w)
    }

    /// Page 2 draws a form that draws itself.
    public static func selfReferencingForm() -> [UInt8] {
        withPage2(PDFTestPage(content: "/F Do", extraResources: "/XObject << /F FORM >>"), forms: ["SELF"])
    }

    /// The standard book cut at `fraction` of its length (no xref, no trailer, the last pages incomplete).
    public static func truncated(_ fraction: Double = 0.8) -> [UInt8] {
        let whole = standardPDFBook()
        return Array(whole.prefix(Int(Double(whole.count) * fraction)))
    }

    /// Page 2's content stream declares 5000 bytes but ends after a few, mid-operator.
    public static func cutStream() -> [UInt8] {
        var w = PDFWriter()
        let stream = w.add("<< /Length 5000 >>\nstream\n0 0 1 rg 10 10 50 50 re f BT /F1 12 Tf (Cut")
        return pdfBook([good, PDFTestPage(content: "q /F Do Q", extraResources: "/XObject << /F \(stream) 0 R >>"), good],
                       prefix: w)
    }

    /// The standard book with every xref offset pointing at the wrong place.
    public static func brokenXref() -> [UInt8] {
        var bytes = standardPDFBook()
        let text = String(decoding: bytes, as: UTF8.self)
        guard let xref = text.range(of: "xref\n") else { return bytes }
        var i = text.utf8.distance(from: text.startIndex, to: xref.upperBound)
        while i < bytes.count, bytes[i] != 0x74 {  // up to "trailer"
            if bytes[i] == 0x30 { bytes[i] = 0x37 }  // every 0 digit becomes 7
            i += 1
        }
        return bytes
    }

    /// Three pages, page 2 given; `forms` are form XObject contents, each drawing the one before it as /F
    /// (the first draws nothing else; "SELF" makes a form that draws itself). FORM names the last.
    private static func withPage2(_ page: PDFTestPage, forms: [String]) -> [UInt8] {
        var w = PDFWriter()
        var previous = 0
        for content in forms {
            let number = w.objects.count + 1
            let target = content == "SELF" ? number : previous
            let body = content == "SELF" ? "/F Do" : content
            let resources = target > 0 ? "/Resources << /XObject << /F \(target) 0 R >> >>" : ""
            previous = w.stream("/Type /XObject /Subtype /Form /BBox [0 0 1000 1000] \(resources)", Array(body.utf8))
        }
        var hostile = page
        hostile.extraResources = hostile.extraResources.replacingOccurrences(of: "FORM", with: "\(previous) 0 R")
        return pdfBook([good, hostile, good], prefix: w)
    }
}
