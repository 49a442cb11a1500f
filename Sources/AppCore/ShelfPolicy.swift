import Geometry
import Gestures

/// A book on the shelf, as the shell found it.
public struct ShelfBook: Sendable, Equatable {
    public var path: String
    /// ComicInfo's or the PDF's title, else the file or folder name without its extension.
    public var title: String
    /// Why the book cannot be opened (its cover says so); nil when it can.
    public var problem: String?

    public init(path: String, title: String, problem: String? = nil) {
        self.path = path
        self.title = title
        self.problem = problem
    }
}

/// The shelf's state: shown or not, which page of covers, a finger or the pointer dragging it, the book being
/// opened. A tap on a cover opens its book; a horizontal drag pages the shelf (it settles on the nearest page,
/// or the next one past an eighth of the window); the wheel and the arrow keys page it too. While a book from
/// the shelf is read, a press that starts on the home control is the control's: its release returns home.
struct ShelfPolicy: Sendable {
    static let settleDuration = 250.0
    static let openDuration = 300.0
    /// How long a book's first pages may take to arrive before it grows from its cover without them.
    static let openWait = 1000.0

    enum Holder: Equatable { case touch(Int32), pointer }
    enum Action: Equatable { case none, redraw, open(Int), home }

    let books: [ShelfBook]
    var coverSizes: [Int: IntSize] = [:]
    var visible = true
    /// The book being read (its index), once one was opened.
    var current: Int?
    /// The book the shell is opening.
    var pending: Int?
    /// The page of covers at rest (0-based) and how far the shelf is scrolled (px).
    private(set) var page = 0
    private(set) var scroll = 0.0
    private var settle: (from: Double, start: Double)?
    private var press: (holder: Holder, start: Vec2, scroll: Double, dragging: Bool)?
    private var pointer: Vec2?
    /// A book growing from its cover: when asked, and when its growth began (nil: waiting for its pages).
    var opening: (book: Int, requested: Double, start: Double?)?

    init(books: [ShelfBook]) { self.books = books }

    /// When the opening book grows without its pages.
    var deadline: Double? { opening.flatMap { $0.start == nil ? $0.requested + Self.openWait : nil } }

    /// The shelf's scroll at `now` (settling toward its page), and whether it is still moving.
    func scroll(at now: Double, layout: ShelfLayout) -> (x: Double, moving: Bool) {
        let target = Double(page) * layout.width
        guard let s = settle, press == nil else { return (press == nil ? target : scroll, false) }
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
        press = nil
        settle = animated && from != scroll ? (from, now) : nil
    }

    /// What `input` does to the shown shelf. `slop`: how far a press moves before it drags (px).
    mutating func input(_ input: InputEvent, layout: ShelfLayout, slop: Double, now: Double,
                        animated: Bool) -> Action {
        if case .pointerMotion(let p, _) = input { pointer = p }
        switch input {
        case let .touchDown(id, p, _) where press == nil: return begin(.touch(id), at: p, layout: layout, now: now)
        case .pointerButton(PointerButton.left, true, _) where press == nil:
            return pointer.map { begin(.pointer, at: $0, layout: layout, now: now) } ?? .none
        case let .touchMotion(id, p, _) where press?.holder == .touch(id): return drag(to: p, layout: layout, slop: slop)
        case let .pointerMotion(p, _) where press?.holder == .pointer: return drag(to: p, layout: layout, slop: slop)
        case let .touchUp(id, _) where press?.holder == .touch(id): return release(layout: layout, now: now, animated: animated)
        case .pointerButton(PointerButton.left, false, _) where press?.holder == .pointer:
            return release(layout: layout, now: now, animated: animated)
        case .touchCancel where press != nil, .pointerLeave where press?.holder == .pointer:
            show(page: page, layout: layout, now: now, animated: animated)
            return .redraw
        case let .pointerAxis(_, value, steps?, _) where steps != 0 && press == nil:
            return step(value > 0 ? 1 : -1, layout: layout, now: now, animated: animated)
        case let .key(keysym, true, _, _) where press == nil:
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

    /// While a book from the shelf is read: whether `input` is the home control's (the reader must not see it),
    /// and whether it returns home now.
    mutating func homeInput(_ input: InputEvent, home: Rect) -> (swallow: Bool, action: Action) {
        if case .pointerMotion(let p, _) = input { pointer = p }
        switch input {
        case let .touchDown(id, p, _) where press == nil && home.contains(p):
            press = (.touch(id), p, scroll, false)
        case .pointerButton(PointerButton.left, true, _) where press == nil && pointer.map(home.contains) == true:
            press = (.pointer, pointer ?? Vec2(0, 0), scroll, false)
        case .touchMotion(let id, _, _) where press?.holder == .touch(id): break
        case .touchUp(let id, _) where press?.holder == .touch(id):
            press = nil
            return (true, .home)
        case .pointerButton(PointerButton.left, false, _) where press?.holder == .pointer:
            press = nil
            return (true, .home)
        case .touchCancel where press != nil, .pointerLeave where press?.holder == .pointer: press = nil
        case .key(Keysym.Escape, true, _, _): return (true, .home)
        default: return (false, .none)
        }
        return (true, .none)
    }

    private mutating func begin(_ holder: Holder, at p: Vec2, layout: ShelfLayout, now: Double) -> Action {
        scroll = scroll(at: now, layout: layout).x
        settle = nil
        press = (holder, p, scroll, false)
        return .none
    }

    private mutating func drag(to p: Vec2, layout: ShelfLayout, slop: Double) -> Action {
        guard var held = press else { return .none }
        let dx = p.x - held.start.x
        if !held.dragging, abs(dx) < slop { return .none }
        held.dragging = true
        press = held
        // A little give past either end, so a drag there is seen to reach the end.
        let give = layout.width / 10
        scroll = min(layout.maxScroll + give, max(-give, held.scroll - dx))
        return .redraw
    }

    private mutating func release(layout: ShelfLayout, now: Double, animated: Bool) -> Action {
        guard let held = press else { return .none }
        press = nil
        guard held.dragging else {
            // A tap: the book under where it went down.
            guard let book = layout.book(at: held.start, scroll: held.scroll), books[book].problem == nil else { return .none }
            return .open(book)
        }
        let moved = scroll - held.scroll, from = Int((held.scroll / layout.width).rounded())
        let next = abs(moved) > layout.width / 8 ? from + (moved > 0 ? 1 : -1) : from
        settle = (scroll, now)
        let target = max(0, min(layout.pageCount - 1, next))
        page = target
        if !animated { settle = nil; scroll = Double(target) * layout.width }
        return .redraw
    }

    private mutating func step(_ by: Int, layout: ShelfLayout, now: Double, animated: Bool) -> Action {
        let before = page
        show(page: page + by, layout: layout, now: now, animated: animated)
        return page == before ? .none : .redraw
    }
}
