/// One caption of a narration: shown from `start` to `end` (ms from the recording's first sample), spoken by
/// `speaker` (a WebVTT `<v>` voice; nil: unnamed), its lines as the file breaks them, markup taken out.
public struct Caption: Sendable, Equatable {
    public var start: Double
    public var end: Double
    public var speaker: String?
    public var lines: [String]

    public init(start: Double, end: Double, speaker: String? = nil, lines: [String]) {
        self.start = start; self.end = end; self.speaker = speaker; self.lines = lines
    }
}

/// A recording's captions, read from WebVTT: cues in start order, with what was wrong in the file (cues left
/// out, cues sorted) for one log line.
public struct Captions: Sendable, Equatable {
    public private(set) var cues: [Caption]
    /// What the file got wrong that was mended or left out; empty for a clean file.
    public private(set) var problems: [String]

    /// Most cues kept: a narration of a page has a few dozen; a file of millions is not captions.
    public static let maxCues = 10_000
    /// Longest text of one cue (characters), the rest cut: a caption band holds a few lines.
    public static let maxCueCharacters = 1_000

    public init(cues: [Caption], problems: [String] = []) {
        self.cues = cues.sorted { $0.start < $1.start }
        self.problems = problems
    }

    /// The cues on screen `ms` after the recording's first sample, in start order.
    public func showing(at ms: Double) -> [Caption] {
        cues.filter { $0.start <= ms && ms < $0.end }
    }

    /// The first time after `ms` when the cues on screen change (one starts or ends); nil when none will.
    public func nextChange(after ms: Double) -> Double? {
        var next: Double?
        for cue in cues {
            for t in [cue.start, cue.end] where t > ms { next = min(next ?? t, t) }
            if cue.start > ms, let n = next, cue.start >= n { break }
        }
        return next
    }

    /// Reads WebVTT text (the W3C format, a subset: cue timings, identifiers, NOTE/STYLE/REGION blocks skipped,
    /// `<v Speaker>`, other tags and timestamps taken out, the five entities). Throws when the text is not
    /// WebVTT at all (no `WEBVTT` signature); a broken cue is left out and said in `problems`.
    public static func parse(_ text: String) throws(CaptionError) -> Captions {
        var body = Substring(text)
        if body.hasPrefix("\u{FEFF}") { body = body.dropFirst() }
        guard body.hasPrefix("WEBVTT") else { throw .notWebVTT }
        let afterSignature = body.dropFirst(6).first
        guard afterSignature == nil || afterSignature == " " || afterSignature == "\t" || afterSignature == "\n"
                || afterSignature == "\r" || afterSignature == "\r\n" else { throw .notWebVTT }
        let lines = body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
        var blocks: [[Substring]] = [], block: [Substring] = []
        for line in lines.dropFirst() {
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                if !block.isEmpty { blocks.append(block); block = [] }
            } else {
                block.append(line)
            }
        }
        if !block.isEmpty { blocks.append(block) }
        var cues: [Caption] = [], broken = 0, tooMany = false, outOfOrder = false
        for block in blocks {
            let first = block[0]
            if first.hasPrefix("NOTE") || first.hasPrefix("STYLE") || first.hasPrefix("REGION") { continue }
            guard let timingIndex = block.prefix(2).firstIndex(where: { $0.contains("-->") }),
                  let (start, end) = timing(block[timingIndex]), end > start else { broken += 1; continue }
            guard cues.count < maxCues else { tooMany = true; break }
            if let last = cues.last, start < last.start { outOfOrder = true }
            let (speaker, text) = payload(block[(timingIndex + 1)...])
            guard !text.isEmpty else { continue }
            cues.append(Caption(start: start, end: end, speaker: speaker, lines: text))
        }
        var problems: [String] = []
        if broken > 0 { problems.append("\(broken) cue\(broken == 1 ? "" : "s") with broken timings left out") }
        if tooMany { problems.append("more than \(maxCues) cues: the rest left out") }
        if outOfOrder { problems.append("cues out of order: sorted by their start") }
        return Captions(cues: cues, problems: problems)
    }

    /// `00:01:02.500 --> 00:01:04.000 align:start` → (62,500, 64,000) ms.
    static func timing(_ line: Substring) -> (Double, Double)? {
        let parts = line.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count >= 3, parts[1] == "-->", let start = timestamp(parts[0]), let end = timestamp(parts[2])
        else { return nil }
        return (start, end)
    }

    /// `hh:mm:ss.ttt` or `mm:ss.ttt` → ms; nil when it is not one (minutes and seconds below 60, three digits
    /// of milliseconds, as the format asks).
    static func timestamp(_ s: Substring) -> Double? {
        let dot = s.split(separator: ".", omittingEmptySubsequences: false)
        guard dot.count == 2, dot[1].count == 3, let ms = Int(dot[1]), dot[1].allSatisfy(\.isASCII) else { return nil }
        let fields = dot[0].split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2 || fields.count == 3,
              fields.allSatisfy({ !$0.isEmpty && $0.count <= 9 && $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return nil }
        let numbers = fields.compactMap { Int($0) }
        let hours = numbers.count == 3 ? numbers[0] : 0
        let minutes = numbers[numbers.count - 2], seconds = numbers[numbers.count - 1]
        guard fields[fields.count - 1].count == 2, fields[fields.count - 2].count >= 2, minutes < 60, seconds < 60
        else { return nil }
        return Double(((hours * 60 + minutes) * 60 + seconds) * 1000 + ms)
    }

    /// The cue's lines with their markup out, and the first voice's name.
    static func payload(_ lines: ArraySlice<Substring>) -> (String?, [String]) {
        var speaker: String?, out: [String] = [], budget = maxCueCharacters
        for line in lines where budget > 0 {
            var text = "", tag: String?
            for c in line {
                if var t = tag {
                    if c == ">" {
                        if t.hasPrefix("v ") || t.hasPrefix("v.") {
                            let name = t.drop(while: { $0 != " " }).trimmingSpaces
                            if speaker == nil, !name.isEmpty { speaker = String(name) }
                        }
                        tag = nil
                    } else {
                        t.append(c)
                        tag = t.count > 200 ? nil : t
                    }
                } else if c == "<" {
                    tag = ""
                } else {
                    text.append(c)
                }
            }
            let clean = String(unescaped(text.trimmingSpaces).prefix(budget))
            budget -= clean.count
            if !clean.isEmpty { out.append(clean) }
        }
        return (speaker, out)
    }

    static func unescaped(_ s: Substring) -> String {
        guard s.contains("&") else { return String(s) }
        var out = String(s)
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&nbsp;", "\u{A0}"), ("&lrm;", "\u{200E}"),
                                    ("&rlm;", "\u{200F}"), ("&amp;", "&")] {
            out = out.replacing(entity, with: character)
        }
        return out
    }
}

/// Why a file is not captions at all.
public enum CaptionError: Error, Sendable, Equatable, CustomStringConvertible {
    case notWebVTT

    public var description: String {
        switch self {
        case .notWebVTT: "not a WebVTT file (it does not begin with WEBVTT)"
        }
    }
}

extension StringProtocol {
    var trimmingSpaces: Substring {
        let s = self[...]
        guard let first = s.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        let last = s.lastIndex(where: { $0 != " " && $0 != "\t" })!
        return Substring(s[first...last])
    }
}
