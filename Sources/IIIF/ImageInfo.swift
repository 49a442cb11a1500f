import Geometry

/// A service's info.json: what sizes and tiles it serves.
public struct ImageInfo: Sendable, Hashable {
    public var service: ImageServiceReference
    public var size: PixelSize
    /// Whole-image sizes a level 0 server has pre-made (smallest first).
    public var sizes: [PixelSize]
    public var tiles: [TileGrid]
    public var maxWidth: Int?
    public var maxHeight: Int?
    public var maxArea: Int?

    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case notJSON(JSONError)
        case notImageInfo(String)

        public var description: String {
            switch self {
            case .notJSON(let e): "the image service's info.json is \(e)"
            case .notImageInfo(let why): "the image service's info.json is not usable: \(why)"
            }
        }
    }

    /// The largest image any server can be asked for: a claim beyond it (a canvas of 10⁹ × 10⁹) is a lie or a bomb.
    public static let maxSide = 1_000_000

    public init(service: ImageServiceReference, size: PixelSize, sizes: [PixelSize], tiles: [TileGrid],
                maxWidth: Int? = nil, maxHeight: Int? = nil, maxArea: Int? = nil) {
        self.service = service
        self.size = size
        self.sizes = sizes
        self.tiles = tiles
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maxArea = maxArea
    }

    /// Reads an info.json fetched from `url`; the `id` it declares is used (servers behind proxies rewrite it),
    /// resolved against `url`, else the URL it came from minus `/info.json`.
    public static func parse(_ bytes: [UInt8], from url: ResourceURL) throws(Failure) -> ImageInfo {
        let json: JSONValue
        do { json = try JSONValue.parse(bytes) } catch { throw .notJSON(error) }
        guard case .object = json else { throw .notImageInfo("not a JSON object") }
        let declared = json["id"]?.string ?? json["@id"]?.string
        let context = json["@context"].map(contextStrings) ?? []
        let version: ImageAPIVersion
        if context.contains(where: { $0.contains("/image/3") }) || json["type"]?.string == "ImageService3" {
            version = .three
        } else if context.contains(where: { $0.contains("/image/2") }) || json["@id"] != nil {
            version = .two
        } else {
            throw .notImageInfo("no Image API 2 or 3 context")
        }
        guard let width = json["width"]?.integer, let height = json["height"]?.integer else {
            throw .notImageInfo("no width and height")
        }
        guard (1...maxSide).contains(width), (1...maxSide).contains(height) else {
            throw .notImageInfo("it claims \(width)×\(height) pixels")
        }
        var id = url
        if url.path.hasSuffix("/info.json") {
            id = ResourceURL(scheme: url.scheme, authority: url.authority,
                             path: String(url.path.dropLast("/info.json".count)), query: nil)
        }
        // A relative id in an info.json has no agreed base: the URL it was fetched from is the service.
        if let declared, let parsed = try? ResourceURL(declared) { id = parsed }
        let level = profileLevel(json["profile"]) ?? 0
        let sizes = (json["sizes"]?.list ?? []).compactMap { entry -> PixelSize? in
            guard let w = entry["width"]?.integer, let h = entry["height"]?.integer,
                  (1...maxSide).contains(w), (1...maxSide).contains(h) else { return nil }
            return PixelSize(width: w, height: h)
        }.sorted { $0.area < $1.area }
        let tiles = (json["tiles"]?.list ?? []).compactMap { entry -> TileGrid? in
            guard let w = entry["width"]?.integer, (1...65_536).contains(w) else { return nil }
            let h = entry["height"]?.integer ?? w
            guard (1...65_536).contains(h) else { return nil }
            let factors = (entry["scaleFactors"]?.list ?? []).compactMap(\.integer)
                .filter { (1...65_536).contains($0) }
            return TileGrid(width: w, height: h, scaleFactors: Array(Set(factors.isEmpty ? [1] : factors)).sorted())
        }
        return ImageInfo(service: ImageServiceReference(id: id, version: version, level: level),
                         size: PixelSize(width: width, height: height), sizes: sizes, tiles: tiles,
                         maxWidth: json["maxWidth"]?.integer, maxHeight: json["maxHeight"]?.integer,
                         maxArea: json["maxArea"]?.integer)
    }

    static func contextStrings(_ value: JSONValue) -> [String] {
        value.list.compactMap(\.string)
    }

    /// `level0`/`level1`/`level2` (3), or `http://iiif.io/api/image/2/level1.json` (2, alone or first of a list).
    static func profileLevel(_ profile: JSONValue?) -> Int? {
        guard let profile else { return nil }
        for item in profile.list {
            guard let text = item.string?.lowercased() else { continue }
            for level in 0...2 where text.hasSuffix("level\(level)") || text.hasSuffix("level\(level).json") {
                return level
            }
        }
        return nil
    }
}
