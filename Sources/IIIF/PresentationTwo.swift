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
        let hints = json["viewingHint"]?.hints ?? []
        var size: SourcePixels?
        if let w = json["width"]?.integer, let h = json["height"]?.integer, w > 0, h > 0 {
            size = SourcePixels(width: w, height: h)
        }
        return Manifest.Canvas(
            label: labels.text(json["label"])?.text,
            size: size,
            facingPages: hints.contains("facing-pages"),
            nonPaged: hints.contains("non-paged"),
            image: image(of: json),
            summary: labels.text(json["description"])?.text)
    }

    func image(of canvas: JSONValue) -> Result<Manifest.PageImage, Manifest.PageImageFailure> {
        guard let annotation = canvas["images"]?.list.first, var resource = annotation["resource"] else {
            return .failure(.init(reason: "the canvas has no image"))
        }
        if resource["@type"]?.string == "oa:Choice", let first = resource["default"] { resource = first }
        let service = (resource["service"]?.list ?? []).lazy.compactMap(serviceReference).first
        var imageURL: ResourceURL?
        var failure: String?
        if let id = resource["@id"]?.string {
            do { imageURL = try ResourceURL(id, relativeTo: url) } catch { failure = error.description }
        }
        guard service != nil || imageURL != nil else {
            return .failure(.init(reason: failure ?? "the image has neither a URL nor an image service"))
        }
        var size: SourcePixels?
        if let w = resource["width"]?.integer, let h = resource["height"]?.integer, w > 0, h > 0 {
            size = SourcePixels(width: w, height: h)
        }
        return .success(Manifest.PageImage(service: service, url: imageURL, size: size))
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
