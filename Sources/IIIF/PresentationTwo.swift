import Book
import Geometry

/// Presentation API 2.1: `sequences[0].canvases`, each with `images` whose `resource` may carry a `service`.
/// Most large libraries still export this version.
struct PresentationTwo {
    let url: ResourceURL
    let labels: LanguageChooser
    let three: PresentationThree

    init(url: ResourceURL, languages: [String]) {
        self.url = url
        self.labels = LanguageChooser(languages: languages)
        self.three = PresentationThree(url: url, languages: languages)
    }

    func manifest(_ json: JSONValue) throws(Manifest.Failure) -> Manifest {
        guard let sequence = json["sequences"]?.list.first else { throw .noCanvases }
        let canvasItems = sequence["canvases"]?.list ?? []
        guard canvasItems.count <= Manifest.maxCanvases else {
            throw .tooManyCanvases(canvasItems.count, limit: Manifest.maxCanvases)
        }
        guard !canvasItems.isEmpty else { throw .noCanvases }
        let title = labels.text(json["label"])
        let direction = sequence["viewingDirection"]?.string ?? json["viewingDirection"]?.string
        let hints = (sequence["viewingHint"]?.hints ?? []) + (json["viewingHint"]?.hints ?? [])
        let attribution = labels.text(json["attribution"]).map { ["Attribution: \($0.text)"] } ?? []
        let rights = json["license"]?.list.first?.string ?? json["license"]?.string
        var manifest = Manifest(
            version: .two,
            title: title?.text ?? "Untitled",
            attribution: attribution,
            rights: rights,
            rightToLeft: direction?.lowercased() == "right-to-left",
            paged: hints.contains("paged"),
            canvases: canvasItems.map(canvas),
            language: title?.language)
        (manifest.sections, manifest.sectionProblems) = sectionsAndProblems(json["structures"]?.list ?? [])
        manifest.about = ManifestAbout(labels: labels, base: url).two(json)
        if let value = labels.localized(json["attribution"]) {
            manifest.statements = [Manifest.Statement(label: LocalizedText(entries: [("none", "Attribution")]), value: value)]
        }
        return manifest
    }

    /// 2.1's flat list of ranges, nested by their `ranges` (or by `within`): the roots are those no other range
    /// names; a `top` range holding the others is left out for its children.
    func sections(_ ranges: [JSONValue]) -> [Manifest.Section] { sectionsAndProblems(ranges).sections }

    /// The sections, and the ranges left out: one found again inside itself (a cycle), or nested past 32 levels.
    func sectionsAndProblems(_ ranges: [JSONValue]) -> (sections: [Manifest.Section], problems: [String]) {
        var problems: [String] = []
        var byID: [String: JSONValue] = [:], named = Set<String>()
        for range in ranges {
            if let id = range["@id"]?.string { byID[id] = range }
            for child in range["ranges"]?.list ?? [] { if let id = child.string { named.insert(id) } }
            if let parent = range["within"]?.string, byID[parent] != nil || ranges.contains(where: { $0["@id"]?.string == parent }),
               let id = range["@id"]?.string { named.insert(id) }
        }
        var out: [Manifest.Section] = [], seen = Set<String>()
        func walk(_ range: JSONValue, level: Int) {
            let id = range["@id"]?.string ?? ""
            guard level < 32 else {
                problems.append("range \(id) nested deeper than 32 levels left out")
                return
            }
            guard out.count < Manifest.maxCanvases else { return }
            guard seen.insert(id).inserted || id.isEmpty else {
                problems.append("range \(id) comes again (inside itself, or in a second place): left out there")
                return
            }
            let children = (range["ranges"]?.list ?? []).compactMap { $0.string.flatMap { byID[$0] } }
                + ranges.filter { $0["within"]?.string == id && !id.isEmpty }
            let top = (range["viewingHint"]?.hints ?? []).contains("top")
            if !top, let title = labels.text(range["label"])?.text,
               let canvas = range["canvases"]?.list.first?.string ?? children.lazy.compactMap({ $0["canvases"]?.list.first?.string }).first {
                out.append(Manifest.Section(title: title, canvas: canvas, level: level))
            }
            for child in children { walk(child, level: top ? level : level + 1) }
        }
        for range in ranges where !named.contains(range["@id"]?.string ?? "") { walk(range, level: 0) }
        let unreached = ranges.compactMap { $0["@id"]?.string }.filter { !seen.contains($0) }
        if !unreached.isEmpty {
            problems.append("\(unreached.count) ranges inside one another in a circle, under no top range, left out: \(unreached.prefix(3).joined(separator: ", "))")
        }
        return (out, problems)
    }

    func canvas(_ json: JSONValue) -> Manifest.Canvas {
        var canvas = Manifest.Canvas(json, hints: json["viewingHint"]?.hints ?? [], label: labels.text(json["label"])?.text,
                                     summary: labels.text(json["description"])?.text, image: image(of: json))
        canvas.labels = labels.localized(json["label"])
        var notes = AnnotationReader(base: url, canvasSize: canvas.size ?? (try? canvas.image.get())?.size)
        notes.readPages(json["otherContent"]?.list ?? [])
        canvas.notes = notes.result
        return canvas
    }

    func image(of canvas: JSONValue) -> Result<Manifest.PageImage, Manifest.PageImageFailure> {
        guard let annotation = canvas["images"]?.list.first, var resource = annotation["resource"] else {
            return .failure(.init(reason: "the canvas has no image"))
        }
        if resource["@type"]?.string == "oa:Choice", let first = resource["default"] { resource = first }
        let service = (resource["service"]?.list ?? []).lazy.compactMap(serviceReference).first
        return Manifest.PageImage.from(resource, id: resource["@id"]?.string, service: service, base: url)
    }

    /// 2.1 services name their version by `@context` and their level by a profile URI.
    func serviceReference(_ json: JSONValue) -> ImageServiceReference? {
        if let reference = three.serviceReference(json) { return reference }
        let profile = json["profile"]?.list.first?.string ?? ""
        guard profile.contains("iiif.io/api/image/2"), let id = json["@id"]?.string,
              let parsed = try? ResourceURL(id, relativeTo: url) else { return nil }
        return ImageServiceReference(id: parsed, version: .two, level: ImageInfo.profileLevel(json["profile"]) ?? 0)
    }
}
