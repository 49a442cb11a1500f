/// A page's size in points (1/72 inch) as displayed: after its CropBox and /Rotate.
public struct PDFPageSize: Sendable, Hashable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Whether the page can be rendered at all: finite, positive sides.
    public var isUsable: Bool { width.isFinite && height.isFinite && width > 0 && height > 0 }
    /// Width over height, the one thing of a page's size in points that leaves the PDF modules before the page is
    /// rendered (pixels come from rendering at a size asked for); 0 for an unusable page.
    public var aspect: Double { isUsable ? width / height : 0 }
}

/// One entry of a document's outline: its title, the page it opens (from 1), how deep it is nested (0: top).
public struct PDFOutlineEntry: Sendable, Hashable {
    public var title: String
    public var page: Int
    public var level: Int

    public init(title: String, page: Int, level: Int) {
        self.title = title
        self.page = page
        self.level = level
    }
}

/// A rectangle in points of a displayed page, origin at its top left.
public struct PDFRect: Sendable, Hashable {
    public var x: Double, y: Double, width: Double, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// What opening a document tells up front.
public struct PDFInfo: Sendable, Equatable {
    /// Page sizes in reading order (pages are numbered from 1: page N is `pageSizes[N - 1]`). A page that
    /// cannot be loaded has size 0 × 0 and fails when rendered.
    public var pageSizes: [PDFPageSize]
    /// Page labels in reading order ("i", "ii", "1", ...), nil when the document labels its pages only by number.
    public var labels: [String]?
    /// The document's title from its metadata, nil when it has none.
    public var title: String?
    /// The document's language (the Catalog's `/Lang`, else its XMP `dc:language`; BCP 47, "en-GB"), nil when
    /// it states none: the voice speech mode reads its pages in.
    public var language: String? = nil

    public var pageCount: Int { pageSizes.count }
}

/// The sandbox checks the helper runs on request (hidden; for tests).
public enum PDFSelfTest: UInt32, Sendable {
    case openForWriting = 1, socket = 2, exec = 3, readOutsideFonts = 4, landlockABI = 5
    /// A harmless call the policy names nowhere: refused with ENOSYS, and remembered.
    case unlistedCall = 6
}

/// A link on a page: where it sits (points of the page as displayed, origin top left) and where it leads.
public struct PDFLink: Sendable, Hashable {
    public enum Target: Sendable, Hashable {
        /// A page of this document, from 1.
        case page(Int)
        /// A web address, another file or a program: never followed on a kiosk.
        case outside
    }
    public var rect: PDFRect
    public var target: Target

    public init(rect: PDFRect, target: Target) {
        self.rect = rect
        self.target = target
    }
}
