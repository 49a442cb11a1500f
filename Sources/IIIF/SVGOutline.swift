import Geometry

/// The outline an SVG selector draws, as points in its own units: the first `polygon`/`polyline`'s points, a
/// `path`'s M/L/H/V/Z (curves by their end points), or a `rect`.
enum SVGOutline {
    static func points(_ document: String) -> [Vec2] {
        if let list = attribute("points", of: ["polygon", "polyline"], in: document) {
            let n = numbers(list)
            return stride(from: 0, to: n.count - 1, by: 2).map { Vec2(n[$0], n[$0 + 1]) }
        }
        if let d = attribute("d", of: ["path"], in: document) { return path(d) }
        if let x = attribute("x", of: ["rect"], in: document).flatMap({ numbers($0).first }),
           let y = attribute("y", of: ["rect"], in: document).flatMap({ numbers($0).first }),
           let w = attribute("width", of: ["rect"], in: document).flatMap({ numbers($0).first }),
           let h = attribute("height", of: ["rect"], in: document).flatMap({ numbers($0).first }) {
            return [Vec2(x, y), Vec2(x + w, y), Vec2(x + w, y + h), Vec2(x, y + h)]
        }
        return []
    }

    private static func attribute(_ name: String, of elements: [String], in document: String) -> String? {
        for element in elements {
            guard let start = document.firstRange(of: "<" + element) else { continue }
            let tag = document[start.upperBound...].prefix { $0 != ">" }
            for quote: Character in ["\"", "'"] {
                for space in [" ", "\n", "\t"] {
                    guard let a = tag.firstRange(of: space + name + "=" + String(quote)) else { continue }
                    return String(tag[a.upperBound...].prefix { $0 != quote })
                }
            }
        }
        return nil
    }

    private static func numbers(_ text: some StringProtocol) -> [Double] {
        var out: [Double] = [], current = ""
        func flush() {
            if let v = Double(current) { out.append(v) }
            current = ""
        }
        for c in text {
            if c.isNumber || c == "." || ((c == "-" || c == "+") && current.isEmpty) || c == "e" {
                current.append(c)
            } else if c == "-" {
                flush()
                current = "-"
            } else {
                flush()
            }
        }
        flush()
        return out
    }

    private static func path(_ d: String) -> [Vec2] {
        var out: [Vec2] = [], at = Vec2(0, 0), start = Vec2(0, 0)
        var command: Character = "M"
        var pending: [Double] = []
        func take(_ count: Int) -> [Double]? {
            guard pending.count >= count else { return nil }
            defer { pending.removeFirst(count) }
            return Array(pending.prefix(count))
        }
        func run() {
            let relative = command.isLowercase
            let base = relative ? at : Vec2(0, 0)
            switch command.uppercased().first! {
            case "M", "L", "T":
                while let v = take(2) {
                    at = base + Vec2(v[0], v[1])
                    if command.uppercased() == "M", out.isEmpty || out.last != at { start = at }
                    out.append(at)
                }
            case "H": while let v = take(1) { at = Vec2(relative ? at.x + v[0] : v[0], at.y); out.append(at) }
            case "V": while let v = take(1) { at = Vec2(at.x, relative ? at.y + v[0] : v[0]); out.append(at) }
            case "C": while let v = take(6) { at = (relative ? at : Vec2(0, 0)) + Vec2(v[4], v[5]); out.append(at) }
            case "S", "Q": while let v = take(4) { at = (relative ? at : Vec2(0, 0)) + Vec2(v[2], v[3]); out.append(at) }
            case "A": while let v = take(7) { at = (relative ? at : Vec2(0, 0)) + Vec2(v[5], v[6]); out.append(at) }
            case "Z": at = start
            default: pending = []
            }
        }
        var number = ""
        for c in d {
            if c.isLetter, c != "e" {
                pending += numbersOf(number); number = ""
                run()
                command = c
                pending = []
                if c == "Z" || c == "z" { run() }
                if out.count > 4096 { break }
            } else {
                number.append(c)
            }
        }
        pending += numbersOf(number)
        run()
        return out
    }

    private static func numbersOf(_ text: String) -> [Double] { numbers(text) }
}
