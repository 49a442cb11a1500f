/// A page's own text for speech: a sidecar file beside an image page (`page4.png` → `page4.txt`), UTF-8,
/// whitespace runs collapsed. Nil when the book has no such file for the page (or is not a folder of files).
extension PageSource {
    /// Longest sidecar read; a page's text is a few KB.
    public static let maxPageTextBytes = 64 << 10

    public func text(of page: Int) -> String? {
        guard page >= 1, page <= pageCount else { return nil }
        let imagePath: String
        switch provider {
        case let d as DirectorySource: imagePath = d.root + "/" + d.name(of: page)
        case let s as SingleImageSource: imagePath = s.path
        default: return nil
        }
        // A link out of the book is not followed: the text is read with the same care as the page.
        guard let bytes = try? PosixFiles.read(Self.sidecar(of: imagePath), name: "text", limit: Self.maxPageTextBytes,
                                               noFollow: true).bytes else { return nil }
        let text = Self.collapsed(String(decoding: bytes, as: UTF8.self))
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
            if c == " " || c == "\t" || c == "\n" || c == "\r" || c.value < 0x20 {
                space = !out.isEmpty
            } else {
                if space { out += " " }
                space = false
                out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
