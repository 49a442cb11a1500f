import TestSupport

/// PDFs for the sandbox sweep whose pages make poppler load things late: fonts it substitutes per name, CJK
/// fonts through predefined CMaps, form fields and annotations without appearance streams (poppler draws them
/// with fonts of its choosing).
enum SweepPDF {
    /// The standard 14 and a few TrueType names, none embedded: each asks fontconfig for a substitute.
    static func fourteenFonts() -> [UInt8] {
        var w = PDFWriter()
        let type1 = ["Times-Roman", "Times-Bold", "Times-Italic", "Times-BoldItalic", "Helvetica", "Helvetica-Bold",
                     "Helvetica-Oblique", "Helvetica-BoldOblique", "Courier", "Courier-Bold", "Courier-Oblique",
                     "Courier-BoldOblique", "Symbol", "ZapfDingbats"]
        let trueType = ["Arial-BoldMT", "Georgia", "Verdana-Italic", "MinionPro-Regular"]
        let fonts = type1.map { w.add("<< /Type /Font /Subtype /Type1 /BaseFont /\($0) >>") }
            + trueType.map { w.add("<< /Type /Font /Subtype /TrueType /BaseFont /\($0) /Encoding /WinAnsiEncoding >>") }
        var ops = "BT 14 TL 72 770 Td\n"
        for (index, name) in (type1 + trueType).enumerated() { ops += "/G\(index) 12 Tf (\(name): The quick brown fox) Tj T*\n" }
        let resources = fonts.enumerated().map { "/G\($0.offset) \($0.element) 0 R" }.joined(separator: " ")
        let form = w.stream("/Type /XObject /Subtype /Form /BBox [0 0 595 842] /Resources << /Font << \(resources) >> >>",
                            Array((ops + "ET").utf8))
        return pdfBook([PDFTestPage(content: "/Fm Do", extraResources: "/XObject << /Fm \(form) 0 R >>")], prefix: w)
    }

    /// Chinese, Japanese and Korean lines in non-embedded CID fonts through Adobe's UCS-2 CMaps.
    static func cjk() -> [UInt8] {
        var w = PDFWriter()
        let scripts = [("STSong-Light", "GB1", "UniGB-UCS2-H", "4E2D65875B57"),
                       ("KozMinPr6N-Regular", "Japan1", "UniJIS-UCS2-H", "65E5672C8A9E"),
                       ("HYSMyeongJo-Medium", "Korea1", "UniKS-UCS2-H", "D55CAD6DC5B4")]
        var resources = "", ops = "BT 30 TL 72 770 Td\n"
        for (index, (name, ordering, cmap, text)) in scripts.enumerated() {
            let descriptor = w.add("""
                << /Type /FontDescriptor /FontName /\(name) /Flags 4 /FontBBox [0 -200 1000 900] /ItalicAngle 0 \
                /Ascent 880 /Descent -120 /CapHeight 880 /StemV 80 >>
                """)
            let cid = w.add("""
                << /Type /Font /Subtype /CIDFontType0 /BaseFont /\(name) /CIDSystemInfo << /Registry (Adobe) \
                /Ordering (\(ordering)) /Supplement 2 >> /FontDescriptor \(descriptor) 0 R /DW 1000 >>
                """)
            let font = w.add("<< /Type /Font /Subtype /Type0 /BaseFont /\(name)-\(cmap) /Encoding /\(cmap) /DescendantFonts [\(cid) 0 R] >>")
            resources += "/C\(index) \(font) 0 R "
            ops += "/C\(index) 24 Tf <\(text)> Tj T*\n"
        }
        let form = w.stream("/Type /XObject /Subtype /Form /BBox [0 0 595 842] /Resources << /Font << \(resources)>> >>",
                            Array((ops + "ET").utf8))
        return pdfBook([PDFTestPage(content: "/Fm Do", extraResources: "/XObject << /Fm \(form) 0 R >>")], prefix: w)
    }

    /// One page with a text field, a check box and a list (an AcroForm that needs appearances), a sticky note,
    /// a free-text note, a link, a highlight, a square and ink, none with an appearance stream.
    static func formAndAnnotations() -> [UInt8] {
        var w = PDFWriter()
        let root = w.reserve(), tree = w.reserve(), page = w.reserve()
        let helvetica = w.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        let fields = [
            "/FT /Tx /T (name) /V (Ada Lovelace) /DA (/Helv 12 Tf 0 g) /Rect [72 700 300 720]",
            "/FT /Btn /T (agree) /V /Yes /AS /Yes /Rect [72 660 90 678] /MK << /CA (4) >>",
            "/FT /Ch /Ff 131072 /T (colour) /Opt [(Red) (Green)] /V (Green) /DA (/Helv 10 Tf 0 g) /Rect [72 620 200 640]",
        ].map { w.add("<< /Type /Annot /Subtype /Widget /F 4 /P \(page) 0 R \($0) >>") }
        let notes = [
            "/Subtype /Text /Rect [400 700 420 720] /Contents (A sticky note) /Name /Comment",
            "/Subtype /FreeText /Rect [300 500 550 560] /Contents (A free-text note in Helvetica) /DA (/Helv 14 Tf 1 0 0 rg)",
            "/Subtype /Link /Rect [72 400 300 420] /Border [0 0 1] /Dest [\(page) 0 R /XYZ 0 842 0]",
            "/Subtype /Highlight /Rect [72 380 300 398] /QuadPoints [72 398 300 398 72 380 300 380] /C [1 1 0]",
            "/Subtype /Square /Rect [320 300 420 380] /C [0 0 1] /IC [0.8 0.8 1]",
            "/Subtype /Ink /Rect [72 200 300 300] /InkList [[80 210 150 290 220 210 290 290]] /C [0 0.5 0]",
        ].map { w.add("<< /Type /Annot \($0) /F 4 >>") }
        let content = w.stream("", Array("BT /F1 12 Tf 72 780 Td (A form with notes) Tj ET".utf8))
        w.set(page, """
            << /Type /Page /Parent \(tree) 0 R /MediaBox [0 0 595 842] /Contents \(content) 0 R \
            /Resources << /Font << /F1 \(helvetica) 0 R >> >> /Annots [\((fields + notes).map { "\($0) 0 R" }.joined(separator: " "))] >>
            """)
        w.set(tree, "<< /Type /Pages /Kids [\(page) 0 R] /Count 1 >>")
        w.set(root, """
            << /Type /Catalog /Pages \(tree) 0 R /AcroForm << /Fields [\(fields.map { "\($0) 0 R" }.joined(separator: " "))] \
            /NeedAppearances true /DR << /Font << /Helv \(helvetica) 0 R >> >> /DA (/Helv 0 Tf 0 g) >> >>
            """)
        return w.bytes(root: root)
    }
}
