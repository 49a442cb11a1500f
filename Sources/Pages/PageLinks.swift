import Book
import PDF
import Posix

extension PageSource {
    /// Whether the book's pages can have links (a PDF's).
    public var hasLinks: Bool { provider is PDFSource }

    /// The links of `page` that lead to another page of the book, in the page's order; [] for a book without
    /// links, a page without any, or one whose links cannot be read (the page itself says why when drawn).
    /// May block (the PDF helper): call it off the frame loop.
    public func links(of page: Int) -> [PageLink] {
        guard page >= 1, page <= pageCount, let pdf = provider as? PDFSource else { return [] }
        return pdf.links(of: page)
    }
}

extension PDFSource {
    func links(of page: Int) -> [PageLink] {
        let size = pageSizes[page - 1]
        guard size.isUsable, let links = try? document.links(page: page) else { return [] }
        return links.prefix(PageLink.maxPerPage).compactMap { link in
            guard case .page(let target) = link.target, target != page else { return nil }
            let r = link.rect
            return PageLink(rect: .init(x: r.x / size.width, y: r.y / size.height,
                                        width: r.width / size.width, height: r.height / size.height), target: target)
        }
    }
}
