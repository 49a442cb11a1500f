import Geometry
import Gestures

/// A book on the shelf, as the shell found it.
public struct ShelfBook: Sendable, Equatable {
    public var path: String
    /// ComicInfo's or the PDF's title, else the file or folder name without its extension.
    public var title: String
    /// Why the book cannot be opened (its cover says so); nil when it can.
    public var problem: String?
    /// The attribution the book requires shown (IIIF's `requiredStatement` and rights), under its title.
    public var attribution: [String]

    public init(path: String, title: String, problem: String? = nil, attribution: [String] = []) {
        self.path = path
        self.title = title
        self.problem = problem
        self.attribution = attribution
    }
}

/// The shelf's state: shown or not, which page of covers, a stroke dragging it, the book being opened. The
/// recognizer hands it the strokes on the shelf (`Control.shelf`) and decides what is a tap and what a drag: a
/// tap on a cover opens its book; a drag pages the shelf by its horizontal motion (it settles on the nearest
/// page, or the next one past an eighth of the window). The wheel and the arrow keys page it too.
struct ShelfPolicy: Sendable {
    static let settleDuration = 250.0
    static let openDuration = 300.0
    /// How long a book's first pages may take to arrive before it grows from its cover without them.
    static let openWait = 1000.0

    enum Action: Equatable { case none, open(Int) }

    /// The library's books as the shell last read them (`AppEvent.shelf`, `libraryRead`).
    var books: [ShelfBook]
    var coverSizes: [Int: PixelSize] = [:]
    var visible = true
    /// The book being read (its index), once one was opened.
    var current: Int?
    /// The book the shell is opening.
    var pending: Int?
    /// The page of covers at rest (0-based) and how far the shelf is scrolled (px).
    private(set) var page = 0
    private(set) var scroll = 0.0
    private var settle: (from: Double, start: Double)?
    /// The scroll when the stroke on the shelf went down, while it is down.
    private var held: Double?
    /// A book growing from its cover: when asked, and when its growth began (nil: waiting for its pages).
    var opening: (book: Int, requested: Double, start: Double?)?

    init(books: [ShelfBook]) { self.books = books }

    /// Changes seen in the library's directory and not yet read: when the first and the last came.
    var libraryChanges: (first: Double, last: Double)?

    /// When the opening book grows without its pages.
    var openDeadline: Double? { opening.flatMap { $0.start == nil ? $0.requested + Self.openWait : nil } }

    /// The shelf's next deadline: the opening book's, or the library's read once it is `quiet` (ms).
    func deadline(quiet: Double) -> Double? { [openDeadline, libraryDue(quiet: quiet)].compactMap { $0 }.min() }

    /// The shelf's scroll at `now` (settling toward its page), and whether it is still moving.
    func scroll(at now: Double, layout: ShelfLayout) -> (x: Double, moving: Bool) {
        let target = Double(page) * layout.width
        guard let s = settle, held == nil else { return (held == nil ? target : scroll, false) }
        let t = (now - s.start) / Self.settleDuration
        guard t < 1 else { return (target, false) }
        let e = 1 - (1 - max(0, t)) * (1 - max(0, t)) * (1 - max(0, t))
        return (s.from + (target - s.from) * e, true)
    }

    /// Shows shelf page `page` (clamped), sliding there unless `animated` is false.
    mutating func show(page newPage: Int, layout: ShelfLayout, now: Double, animated: Bool) {
        let from = scroll(at: now, layout: layout).x
        page = max(0, min(layout.pageCount - 1, newPage))
        scroll = Double(page) * layout.width
        held = nil
        settle = animated && from != scroll ? (from, now) : nil
    }

    /// What a step of a stroke on the shown shelf does.
    mutating func stroke(_ stroke: ControlStroke, layout: ShelfLayout, now: Double, animated: Bool) -> Action {
        if stroke.phase == .down {
            scroll = scroll(at: now, layout: layout).x
            settle = nil
            held = scroll
            return .none
        }
        guard let from = held else { return .none }
        switch stroke.phase {
        case .down, .move: return .none
        case .drag:
            // A little give past either end, so a drag there is seen to reach the end.
            let give = layout.width / 10
            scroll = min(layout.maxScroll + give, max(-give, from - (stroke.position.x - stroke.start.x)))
            return .none
        case .tap:
            held = nil
            guard let book = layout.book(at: stroke.start, scroll: from), books[book].problem == nil else { return .none }
            return .open(book)
        case .lift:
            held = nil
            let moved = scroll - from, before = Int((from / layout.width).rounded())
            let next = abs(moved) > layout.width / 8 ? before + (moved > 0 ? 1 : -1) : before
            settle = (scroll, now)
            page = max(0, min(layout.pageCount - 1, next))
            if !animated { settle = nil; scroll = Double(page) * layout.width }
            return .none
        case .cancel:
            show(page: page, layout: layout, now: now, animated: animated)
            return .none
        }
    }

    /// Speech mode took the stroke's tap (it focused a cover): the shelf lets go of it as of a press that never
    /// moved.
    mutating func letGo() { held = nil }

    /// What a key or the wheel does to the shown shelf (nothing while a stroke is on it).
    mutating func keyOrWheel(_ input: InputEvent, layout: ShelfLayout, now: Double, animated: Bool) -> Action {
        guard held == nil else { return .none }
        switch input {
        case let .pointerAxis(_, value, steps?, _) where steps != 0:
            return step(value > 0 ? 1 : -1, layout: layout, now: now, animated: animated)
        case let .key(keysym, true, _, _):
            switch keysym {
            case Keysym.Right, Keysym.Down, Keysym.Page_Down, Keysym.KP_Right, Keysym.KP_Next:
                return step(1, layout: layout, now: now, animated: animated)
            case Keysym.Left, Keysym.Up, Keysym.Page_Up, Keysym.KP_Left, Keysym.KP_Prior:
                return step(-1, layout: layout, now: now, animated: animated)
            default: return .none
            }
        default: return .none
        }
    }

    private mutating func step(_ by: Int, layout: ShelfLayout, now: Double, animated: Bool) -> Action {
        show(page: page + by, layout: layout, now: now, animated: animated)
        return .none
    }
}
