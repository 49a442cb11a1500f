import Glibc

/// A page's own text for speech, from wherever its book keeps one: a sidecar file beside an image
/// page (`page4.png` → `page4.txt`, in a folder or inside a CBZ), a PDF page's text layer (through the helper),
/// a IIIF canvas's `summary`/`description`, a ComicInfo `<Summary>` for the cover. Whitespace runs collapsed;
/// nil when there is none. May block (a file, an archive entry, the PDF helper): call it off the frame loop.
extension PageSource {
    /// Longest page text read; a page's text is a few KB.
    public static let maxPageTextBytes = 64 << 10

    public func text(of page: Int) -> String? {
        guard page >= 1, page <= pageCount, let raw = provider.text(of: page) else { return nil }
        let text = Self.collapsed(raw)
        return text.isEmpty ? nil : text
    }

    /// `dir/page4.png` → `dir/page4.txt`; a name without an extension gets `.txt` added.
    static func sidecar(of path: String) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        guard let dot = path[slash...].lastIndex(of: "."), dot > slash else { return path + ".txt" }
        return String(path[..<dot]) + ".txt"
    }

    /// Line breaks and runs of spaces become single spaces: a page's layout means nothing spoken.
    static func collapsed(_ s: String) -> String {
        var out = ""
        var space = false
        for c in s.unicodeScalars {
            if c == " " || c == "\t" || c == "\n" || c == "\r" || c.value < 0x20 || c == "\u{A0}" {
                space = !out.isEmpty
            } else {
                if space { out += " " }
                space = false
                out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// The sidecar beside `imagePath` on disk; a link out of the book is not followed (the text is read with
    /// the same care as the page).
    static func sidecarText(beside imagePath: String) -> String? {
        guard let bytes = try? PosixFiles.read(sidecar(of: imagePath), name: "text", limit: maxPageTextBytes,
                                               noFollow: true).bytes else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension DirectorySource {
    /// The sidecar beside the page's file, else ComicInfo's summary for the cover.
    func text(of page: Int) -> String? {
        guard page >= 1, page <= pageCount else { return nil }
        if let text = PageSource.sidecarText(beside: root + "/" + name(of: page)) { return text }
        return page == (metadata.coverPage ?? 1) ? metadata.summary : nil
    }
}

extension SingleImageSource {
    func text(of page: Int) -> String? { page == 1 ? PageSource.sidecarText(beside: path) : nil }
}

extension IIIFSource {
    /// The canvas's `summary` (3.0) or `description` (2.1), in the manifest's best language.
    func text(of page: Int) -> String? {
        manifest.pages.indices.contains(page - 1) ? manifest.pages[page - 1].summary : nil
    }
}

extension PDFSource {
    /// The page's text layer from the helper; nil when it has none or the helper cannot give it.
    public func text(of page: Int) -> String? {
        guard let text = try? document.text(page: page), !text.isEmpty else { return nil }
        return text
    }
}
