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
        return Manifest(
            version: .two,
            title: title?.text ?? "Untitled",
            attribution: attribution,
            rights: rights,
            rightToLeft: direction?.lowercased() == "right-to-left",
            paged: hints.contains("paged"),
            canvases: canvasItems.map(canvas),
            language: title?.language)
    }

    func canvas(_ json: JSONValue) -> Manifest.Canvas {
        Manifest.Canvas(json, hints: json["viewingHint"]?.hints ?? [], label: labels.text(json["label"])?.text,
                        summary: labels.text(json["description"])?.text, image: image(of: json))
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
