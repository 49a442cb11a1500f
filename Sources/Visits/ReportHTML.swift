import Reader


/// The report as one HTML file: inline CSS, SVG charts drawn here, thumbnails as data: URIs. Narrow screens get
/// one column and charts that scale with the width.
extension VisitReport {
    /// Up to this many zooms a heat map draws one dot each; beyond, a grid of counts.
    static let dotLimit = 400
    static let colours = ["#1f6fb2", "#d9822b", "#2e9e5b", "#b8336a", "#7a5cc2", "#8c6d1f", "#3a9fb0", "#c23b22"]

    public func html() -> String {
        let s = summary
        let names = s.kiosks.map(\.kiosk)
        var out = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title.html)</title>
        <style>
        body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;margin:0 auto;max-width:60rem;
        padding:1rem;color:#222;background:#fff;line-height:1.4}
        h1{font-size:1.6rem;margin:.2rem 0}h2{font-size:1.25rem;margin:1.6rem 0 .4rem;border-bottom:1px solid #ddd}
        h3{font-size:1.05rem;margin:1rem 0 .3rem}
        table{border-collapse:collapse;width:100%;font-size:.95rem;margin:.3rem 0}
        th,td{padding:.25rem .45rem;border-bottom:1px solid #eee;text-align:right}th:first-child,td:first-child{text-align:left}
        thead th{background:#f4f4f4}.wrap{overflow-x:auto}
        svg{width:100%;height:auto;display:block}svg text{font-size:11px;fill:#444}
        .key span{display:inline-block;margin-right:1rem}.key i{display:inline-block;width:.8rem;height:.8rem;margin-right:.3rem;vertical-align:-1px}
        .maps{display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:1rem}.maps figure{margin:0}
        figcaption{font-size:.9rem;color:#555}.note{color:#666;font-size:.9rem}td{white-space:nowrap}
        @media (max-width:40rem){body{padding:.6rem}svg text{font-size:20px}.bar{display:none}table{font-size:.85rem}}
        </style></head><body>
        <h1>\(title.html)</h1>
        <p class="note">\(s.totalVisits) visits on \(names.count) kiosk\(names.count == 1 ? "" : "s")\(dateRange(s)). Nothing personal is recorded: no images, no identifiers, no touch positions.</p>

        """
        if names.count > 1 {
            out += "<p class=\"key\">" + names.enumerated().map {
                "<span><i style=\"background:\(Self.colours[$0.offset % Self.colours.count])\"></i>\($0.element.html)</span>"
            }.joined() + "</p>\n"
        }
        out += "<h2>Kiosks</h2>\n" + kioskTable(s)
        out += "<h2>Visits per day</h2>\n" + bars(labels: s.days.map { String(isoDate(day: $0.day).dropFirst(5)) },
                                                  series: s.days.map(\.counts), names: names)
        out += "<h2>Visits by hour of the day</h2>\n" + bars(labels: (0..<24).map { "\($0)" }, series: s.hours, names: names)
        let bounds = ReportSummary.lengthBounds
        let lengthLabels = bounds.map { "<" + duration(seconds: $0).replacingAll(" ", "") } + ["≥" + duration(seconds: bounds.last!).replacingAll(" ", "")]
        out += "<h2>Visit length</h2>\n<p class=\"note\">From the first to the last touch; the idle timeout's wait is not counted.</p>\n"
            + bars(labels: lengthLabels, series: s.lengths, names: names)
        out += "<h2>Attract mode</h2>\n" + attractTable(s)
        out += "<h2>Pages by time spent</h2>\n"
        for (book, pages) in s.books { out += pageTable(book: book, pages: pages, names: names) }
        if !s.zoomedPages.isEmpty {
            out += "<h2>Where visitors zoom</h2>\n<p class=\"note\">Each dot is one zoom: the point at the centre of the screen, drawn over the page.</p>\n<div class=\"maps\">\n"
            for (i, z) in s.zoomedPages.enumerated() { out += heatMap(z, id: "hot\(i)") }
            out += "</div>\n"
        }
        return out + "</body></html>\n"
    }

    private func dateRange(_ s: ReportSummary) -> String {
        guard let first = s.days.first?.day, let last = s.days.last?.day else { return "" }
        return first == last ? ", \(isoDate(day: first))" : ", \(isoDate(day: first)) to \(isoDate(day: last))"
    }

    private func header(_ first: String, _ names: [String]) -> String {
        "<thead><tr><th>\(first.html)</th>" + names.map { "<th>\($0.html)</th>" }.joined()
            + (names.count > 1 ? "<th>All</th>" : "") + "</tr></thead>"
    }

    private func row(_ label: String, _ values: [String], total: String?) -> String {
        "<tr><td>\(label.html)</td>" + values.map { "<td>\($0)</td>" }.joined()
            + (values.count > 1 ? "<td>\(total ?? "")</td>" : "") + "</tr>\n"
    }

    private func kioskTable(_ s: ReportSummary) -> String {
        let k = s.kiosks
        func ints(_ label: String, _ f: (ReportSummary.KioskTotals) -> Int) -> String {
            row(label, k.map { "\(f($0))" }, total: "\(k.reduce(0) { $0 + f($1) })")
        }
        var out = "<div class=\"wrap\"><table>" + header("", k.map(\.kiosk)) + "<tbody>\n"
        out += ints("Visits", \.visits)
        out += row("Median visit", k.map { duration(seconds: $0.medianActiveMS / 1000) }, total: nil)
        out += row("Time with visitors", k.map { duration(seconds: $0.activeMS / 1000) },
                   total: duration(seconds: k.reduce(0) { $0 + $1.activeMS } / 1000))
        for kind in TurnKind.allCases { out += ints("Turns: \(kind.rawValue)", { $0.turns[kind] ?? 0 }) }
        out += ints("Zooms", \.zooms)
        out += ints("Page overlay shown", \.overlayUses)
        out += ints("Scrubber jumps", \.scrubberUses)
        out += ints("Narrations begun", \.narrations)
        out += row("Narration heard", k.map { duration(seconds: $0.narrationHeardMS / 1000) },
                   total: duration(seconds: k.reduce(0) { $0 + $1.narrationHeardMS } / 1000))
        out += ints("Narrations with captions", \.captionedNarrations)
        out += ints("Layers switched", \.layerSwitches)
        out += ints("Notes opened", \.notesOpened)
        out += ints("Contents opened", \.contentsOpened)
        out += ints("About this book opened", \.aboutOpened)
        for language in Set(k.flatMap(\.languages.keys)).sorted() {
            out += ints("Visits in \(language)", { $0.languages[language] ?? 0 })
        }
        return out + "</tbody></table></div>\n"
    }

    private func attractTable(_ s: ReportSummary) -> String {
        let k = s.kiosks
        let runs = k.reduce(0) { $0 + $1.attractRuns }, visits = k.reduce(0) { $0 + $1.attractVisits }
        func percent(_ c: Double?) -> String { c.map { "\(Int(($0 * 100).rounded())) %" } ?? "–" }
        var out = "<div class=\"wrap\"><table>" + header("", k.map(\.kiosk)) + "<tbody>\n"
        out += row("Attract mode began", k.map { "\($0.attractRuns)" }, total: "\(runs)")
        out += row("Visits it began", k.map { "\($0.attractVisits)" }, total: "\(visits)")
        out += row("Conversion", k.map { percent($0.conversion) }, total: percent(runs > 0 ? Double(visits) / Double(runs) : nil))
        return out + "</tbody></table></div>\n"
    }

    private func pageTable(book: String, pages: [ReportSummary.PageRow], names: [String]) -> String {
        let top = pages.prefix(30)
        let most = top.first?.totalMS ?? 1
        var out = "<h3>\(book.html)</h3>\n<div class=\"wrap\"><table><thead><tr><th>Page</th>"
            + (names.count > 1 ? names.map { "<th>\($0.html)</th>" }.joined() : "")
            + "<th>Time</th><th>Visits</th><th class=\"bar\" style=\"width:30%\"></th></tr></thead><tbody>\n"
        for p in top {
            let width = most > 0 ? p.totalMS / most * 100 : 0
            out += "<tr><td>\(p.page)</td>" + (names.count > 1 ? p.ms.map { "<td>\(duration(seconds: $0 / 1000))</td>" }.joined() : "")
                + "<td>\(duration(seconds: p.totalMS / 1000))</td><td>\(p.totalVisits)</td>"
                + "<td class=\"bar\"><svg viewBox=\"0 0 100 6\" preserveAspectRatio=\"none\" style=\"height:.8rem\"><rect width=\"\(number(width))\" height=\"6\" fill=\"\(Self.colours[0])\"/></svg></td></tr>\n"
        }
        if pages.count > top.count { out += "<tr><td colspan=\"9\" class=\"note\">and \(pages.count - top.count) more pages</td></tr>\n" }
        return out + "</tbody></table></div>\n"
    }

    /// Grouped bars: one group per label, one bar per kiosk.
    private func bars(labels: [String], series: [[Int]], names: [String]) -> String {
        guard !labels.isEmpty else { return "<p class=\"note\">No visits.</p>\n" }
        let width = 640.0, height = 220.0, left = 48.0, bottom = 26.0, top = 10.0
        let most = max(1, series.flatMap { $0 }.max() ?? 1)
        let scale = niceCeiling(Double(most))
        let group = (width - left) / Double(labels.count)
        let bar = max(0.5, group * 0.8 / Double(max(1, names.count)))
        var out = "<svg viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\">\n"
        for i in 0...4 {
            let v = scale * Double(i) / 4, y = height - bottom - (height - bottom - top) * Double(i) / 4
            out += "<line x1=\"\(number(left))\" x2=\"\(Int(width))\" y1=\"\(number(y))\" y2=\"\(number(y))\" stroke=\"#e4e4e4\"/>"
                + "<text x=\"\(number(left - 4))\" y=\"\(number(y + 4))\" text-anchor=\"end\">\(number(v))</text>\n"
        }
        // Few enough labels to stay apart at a phone's larger text.
        let every = max(1, Int((Double(labels.count) / 7).rounded(.up)))
        for (i, label) in labels.enumerated() {
            let x0 = left + group * Double(i) + group * 0.1
            for (k, count) in series[i].enumerated() where count > 0 {
                let h = (height - bottom - top) * Double(count) / scale
                out += "<rect x=\"\(number(x0 + bar * Double(k)))\" y=\"\(number(height - bottom - h))\" width=\"\(number(bar))\" height=\"\(number(h))\" fill=\"\(Self.colours[k % Self.colours.count])\"><title>\(names[k].html) \(label.html): \(count)</title></rect>"
            }
            if i % every == 0 {
                out += "<text x=\"\(number(left + group * (Double(i) + 0.5)))\" y=\"\(number(height - 6))\" text-anchor=\"middle\">\(label.html)</text>"
            }
            out += "\n"
        }
        return out + "</svg>\n"
    }

    private func heatMap(_ z: ReportSummary.ZoomedPage, id: String) -> String {
        let thumb = thumbnails[Self.thumbnailKey(book: z.book, page: z.page)]
        let w = 100.0, h = thumb.map { 100 * Double($0.height) / Double(max(1, $0.width)) } ?? 141.4
        var out = "<figure><svg viewBox=\"0 0 \(number(w)) \(number(h))\" role=\"img\" style=\"border:1px solid #ccc\">"
        // Many zooms on one spot add up to red; one alone still shows.
        let opacity = number(max(0.08, min(0.55, 8 / Double(max(1, z.points.count)))))
        out += "<defs><radialGradient id=\"\(id)\"><stop offset=\"0\" stop-color=\"#e0201b\" stop-opacity=\"\(opacity)\"/><stop offset=\"1\" stop-color=\"#e0201b\" stop-opacity=\"0\"/></radialGradient></defs>"
        if let thumb {
            out += "<image href=\"\(thumb.dataURI)\" width=\"\(number(w))\" height=\"\(number(h))\" preserveAspectRatio=\"none\"/>"
        } else {
            out += "<rect width=\"\(number(w))\" height=\"\(number(h))\" fill=\"#f2efe6\"/>"
        }
        if z.points.count <= Self.dotLimit {
            for p in z.points {
                out += "<circle cx=\"\(number(p.x * w))\" cy=\"\(number(p.y * h))\" r=\"9\" fill=\"url(#\(id))\"/>"
                    + "<circle cx=\"\(number(p.x * w))\" cy=\"\(number(p.y * h))\" r=\"1.2\" fill=\"#b00\"/>"
            }
        } else {
            // A year of zooms: counted in cells (a fixed number, whatever the count), shaded by their share.
            let columns = 25, rows = Int((Double(columns) * h / w).rounded())
            var cells = [Int](repeating: 0, count: columns * rows)
            for p in z.points where p.x >= 0 && p.x < 1 && p.y >= 0 && p.y < 1 {
                cells[Int(p.y * Double(rows)) * columns + Int(p.x * Double(columns))] += 1
            }
            let most = Double(cells.max() ?? 1)
            let cw = w / Double(columns), ch = h / Double(rows)
            for (i, n) in cells.enumerated() where n > 0 {
                out += "<rect x=\"\(number(Double(i % columns) * cw))\" y=\"\(number(Double(i / columns) * ch))\" width=\"\(number(cw))\" height=\"\(number(ch))\" fill=\"#e0201b\" fill-opacity=\"\(number(0.1 + 0.6 * Double(n) / most))\"/>"
            }
        }
        return out + "</svg><figcaption>\(z.book.html), page \(z.page): \(z.points.count) zoom\(z.points.count == 1 ? "" : "s")\(z.points.count > Self.dotLimit ? " (shaded by how many)" : "")</figcaption></figure>\n"
    }
}

/// 1, 2, 5 × 10ⁿ at or above `v`.
func niceCeiling(_ v: Double) -> Double {
    var step = 1.0
    while true {
        for m in [1.0, 2.0, 5.0] where step * m >= v { return step * m }
        step *= 10
    }
}

/// "45 s", "3 min 5 s", "2 h 10 min".
func duration(seconds: Double) -> String {
    let s = Int(seconds.rounded())
    if s < 60 { return "\(s) s" }
    if s < 3600 { return s % 60 == 0 ? "\(s / 60) min" : "\(s / 60) min \(s % 60) s" }
    return "\(s / 3600) h \(s % 3600 / 60) min"
}
