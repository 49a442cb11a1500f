import Book
import Geometry

/// Presentation API 3.0: `items` of Canvases, each with an AnnotationPage of `painting` Annotations.
struct PresentationThree {
    let url: ResourceURL
    let labels: LanguageChooser

    init(url: ResourceURL, languages: [String]) {
        self.url = url
        self.labels = LanguageChooser(languages: languages)
    }

    func manifest(_ json: JSONValue) throws(Manifest.Failure) -> Manifest {
        let items = json["items"]?.list ?? []
        let canvasItems = items.filter { $0["type"]?.string == "Canvas" }
        guard canvasItems.count <= Manifest.maxCanvases else {
            throw .tooManyCanvases(canvasItems.count, limit: Manifest.maxCanvases)
        }
        guard !canvasItems.isEmpty else { throw .noCanvases }
        let title = labels.text(json["label"])
        var attribution: [String] = []
        if let statement = json["requiredStatement"] {
            let label = labels.text(statement["label"])?.text
            if let value = labels.text(statement["value"])?.text {
                attribution.append(label.map { "\($0): \(value)" } ?? value)
            }
        }
        let hints = json["behavior"]?.hints ?? []
        var manifest = Manifest(
            version: .three,
            title: title?.text ?? "Untitled",
            attribution: attribution,
            rights: json["rights"]?.string,
            rightToLeft: json["viewingDirection"]?.string?.lowercased() == "right-to-left",
            paged: hints.contains("paged"),
            canvases: canvasItems.map(canvas),
            language: title?.language)
        manifest.sections = sections(json["structures"]?.list ?? [])
        manifest.about = ManifestAbout(labels: labels, base: url).three(json)
        if let statement = json["requiredStatement"], let value = labels.localized(statement["value"]) {
            manifest.statements = [Manifest.Statement(label: labels.localized(statement["label"]), value: value)]
        }
        return manifest
    }

    /// The ranges in order, depth first; one top range holding the others (a "Table of Contents" wrapper) is
    /// left out for its children; `no-nav` ranges and ranges without a label or a canvas are left out.
    func sections(_ ranges: [JSONValue]) -> [Manifest.Section] {
        var out: [Manifest.Section] = []
        func firstCanvas(_ range: JSONValue, depth: Int) -> String? {
            guard depth < 32 else { return nil }
            for item in range["items"]?.list ?? [] {
                switch item["type"]?.string {
                case "Canvas": if let id = item["id"]?.string { return id }
                case "SpecificResource":
                    if let id = item["source"]?.string ?? item["source"]?["id"]?.string { return id }
                case "Range": if let id = firstCanvas(item, depth: depth + 1) { return id }
                default: break
                }
            }
            return nil
        }
        func walk(_ range: JSONValue, level: Int) {
            guard level < 32, out.count < Manifest.maxCanvases, !(range["behavior"]?.hints ?? []).contains("no-nav") else { return }
            if let title = labels.text(range["label"])?.text, let canvas = firstCanvas(range, depth: 0) {
                out.append(Manifest.Section(title: title, canvas: canvas, level: level))
            }
            for child in range["items"]?.list ?? [] where child["type"]?.string == "Range" { walk(child, level: level + 1) }
        }
        let top = ranges.filter { $0["type"]?.string == "Range" }
        if top.count == 1, let only = top.first, (only["items"]?.list ?? []).contains(where: { $0["type"]?.string == "Range" }) {
            for child in only["items"]?.list ?? [] where child["type"]?.string == "Range" { walk(child, level: 0) }
        } else {
            for range in top { walk(range, level: 0) }
        }
        return out
    }

    func canvas(_ json: JSONValue) -> Manifest.Canvas {
        var canvas = Manifest.Canvas(json, hints: json["behavior"]?.hints ?? [], label: labels.text(json["label"])?.text,
                                     summary: labels.text(json["summary"])?.text, image: image(of: json))
        canvas.narration = narration(of: json)
        canvas.labels = labels.localized(json["label"])
        var notes = AnnotationReader(base: url, canvasSize: canvas.size ?? (try? canvas.image.get())?.size)
        notes.readPages(json["annotations"]?.list ?? [])
        canvas.notes = notes.result
        // An audio canvas shown by the picture of its accompanying canvas (the Cookbook's accompanying-canvas
        // recipe) is that picture's size.
        if canvas.size == nil, let accompanying = json["accompanyingCanvas"] { canvas.size = accompanying.pixelSize }
        return canvas
    }

    /// The first painting annotation's body; a `Choice` gives its first item. A canvas that paints sound is
    /// shown by its accompanying canvas's picture.
    func image(of canvas: JSONValue, depth: Int = 0) -> Result<Manifest.PageImage, Manifest.PageImageFailure> {
        let annotations = (canvas["items"]?.list ?? []).flatMap { $0["items"]?.list ?? [] }
        let paintings = annotations.filter { $0["motivation"]?.hints.contains("painting") ?? false }
        if depth == 0, let accompanying = canvas["accompanyingCanvas"],
           !paintings.isEmpty, paintings.allSatisfy({ Self.paintsSound($0["body"]) }) {
            return image(of: accompanying, depth: 1)
        }
        guard let painting = paintings.first, var body = painting["body"] else {
            return .failure(.init(reason: "the canvas paints no image"))
        }
        if case .array(let bodies) = body, let first = bodies.first { body = first }
        if body["type"]?.string == "Choice", let first = body["items"]?.list.first { body = first }
        guard body["type"]?.string == "Image" else {
            return .failure(.init(reason: "the canvas paints \(body["type"]?.string ?? "something") rather than an image"))
        }
        let service = (body["service"]?.list ?? []).lazy.compactMap { serviceReference($0) }.first
        return Manifest.PageImage.from(body, id: body["id"]?.string, service: service, base: url)
    }

    static func paintsSound(_ body: JSONValue?) -> Bool {
        guard var body else { return false }
        if case .array(let bodies) = body, let first = bodies.first { body = first }
        if body["type"]?.string == "Choice", let first = body["items"]?.list.first { body = first }
        return body["type"]?.string == "Sound" || body["type"]?.string == "Audio"
    }

    func serviceReference(_ json: JSONValue) -> ImageServiceReference? {
        let type = json["type"]?.string ?? json["@type"]?.string ?? ""
        let version: ImageAPIVersion
        switch type {
        case "ImageService3": version = .three
        case "ImageService2", "iiif:ImageProfile": version = .two
        default:
            let context = json["@context"].map(ImageInfo.contextStrings) ?? []
            if context.contains(where: { $0.contains("/image/3") }) { version = .three }
            else if context.contains(where: { $0.contains("/image/2") }) { version = .two }
            else { return nil }
        }
        guard let id = json["id"]?.string ?? json["@id"]?.string,
              let parsed = try? ResourceURL(id, relativeTo: url) else { return nil }
        return ImageServiceReference(id: parsed, version: version, level: ImageInfo.profileLevel(json["profile"]) ?? 0)
    }
}
