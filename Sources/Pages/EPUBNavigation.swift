import XML
import Book

/// An EPUB's own table of contents: the EPUB 3 navigation document's `toc` nav, else the EPUB 2 NCX's `navMap`.
/// Read with the forgiving `XMLScanner`: broken markup yields the entries that could be read.
enum EPUBNavigation {
    struct Link: Equatable {
        var title: String
        /// As written: relative to the document it is in, maybe with a fragment.
        var href: String
        var level: Int
    }

    /// The links of the navigation document's `<nav epub:type="toc">`, in order, each with its `ol` depth.
    static func navDocument(_ xhtml: [UInt8]) -> [Link] {
        var links: [Link] = [], navDepth = 0, listDepth = 0
        var open: Link?
        XMLScanner.scan(xhtml) { event in
            switch event {
            case let .open(name, attributes, selfClosing):
                let element = EPUBPackage.local(name)
                if element == "nav", !selfClosing {
                    if navDepth > 0 {
                        navDepth += 1
                    } else if attributes.contains(where: { EPUBPackage.local($0.name) == "type"
                                                    && $0.value.split(separator: " ").contains("toc") }) {
                        navDepth = 1
                        listDepth = 0
                    }
                }
                guard navDepth > 0 else { return }
                if element == "ol", !selfClosing { listDepth += 1 }
                if element == "a", !selfClosing {
                    let href = attributes.first { EPUBPackage.local($0.name) == "href" }?.value ?? ""
                    open = Link(title: "", href: href, level: max(0, listDepth - 1))
                }
            case .text(let text):
                open?.title += text
            case .close(let name):
                guard navDepth > 0 else { return }
                switch EPUBPackage.local(name) {
                case "nav": navDepth -= 1
                case "ol": listDepth = max(0, listDepth - 1)
                case "a":
                    if let link = open, !link.href.isEmpty { links.append(link) }
                    open = nil
                default: break
                }
            }
        }
        return links
    }

    /// The NCX's `navMap`: each `navPoint`'s label and `content src`, nested points one level deeper.
    static func ncx(_ bytes: [UInt8]) -> [Link] {
        var links: [Link] = [], points: [Int] = [], inMap = false, inText = false
        XMLScanner.scan(bytes) { event in
            switch event {
            case let .open(name, attributes, selfClosing):
                switch EPUBPackage.local(name) {
                case "navMap": inMap = !selfClosing
                case "navPoint" where inMap && !selfClosing:
                    points.append(links.count)
                    links.append(Link(title: "", href: "", level: points.count - 1))
                case "text" where !points.isEmpty: inText = !selfClosing
                case "content" where !points.isEmpty:
                    if let src = attributes.first(where: { $0.name == "src" })?.value, links[points.last!].href.isEmpty {
                        links[points.last!].href = src
                    }
                default: break
                }
            case .text(let text):
                if inText, let point = points.last { links[point].title += text }
            case .close(let name):
                switch EPUBPackage.local(name) {
                case "navMap": inMap = false
                case "navPoint": _ = points.popLast()
                case "text": inText = false
                default: break
                }
            }
        }
        return links.filter { !$0.href.isEmpty }
    }

    /// `links` (found in the document at `documentPath`) as contents entries: each on the first page whose
    /// spine document its href names (fragments point inside a page: the page is what counts).
    static func entries(_ links: [Link], documentPath: String, pagePaths: [String]) -> [ContentsEntry] {
        let folder = documentPath.split(separator: "/").dropLast().joined(separator: "/")
        var pageOf: [String: Int] = [:]
        for (i, path) in pagePaths.enumerated() where pageOf[path] == nil { pageOf[path] = i + 1 }
        return links.compactMap { link in
            pageOf[EPUBPackage.resolve(link.href, against: folder)].map { ContentsEntry(title: link.title, page: $0, level: link.level) }
        }
    }
}
