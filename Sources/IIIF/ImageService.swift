import Geometry

extension PixelSize {
    /// Width × height, saturating: sizes here come from strangers' JSON.
    var area: Int { width.multipliedReportingOverflow(by: height).overflow ? .max : width * height }
}

/// The Image API version a service speaks: its URL syntax differs (2's canonical size is `w,`, 3's `w,h`).
public enum ImageAPIVersion: Int, Sendable, Hashable { case two = 2, three = 3 }

/// An image service as a manifest names it, before its info.json is read.
public struct ImageServiceReference: Sendable, Hashable {
    public var id: ResourceURL
    public var version: ImageAPIVersion
    /// The compliance level the manifest claims (0 when it says nothing: assume the least).
    public var level: Int

    public init(id: ResourceURL, version: ImageAPIVersion, level: Int) {
        self.id = id
        self.version = version
        self.level = level
    }

    public var infoURL: ResourceURL { id.appending("info.json") }
}

/// One tile grid of a service: tiles `width`×`height` in pyramid pixels at each of `scaleFactors`.
public struct TileGrid: Sendable, Hashable {
    public var width: Int
    public var height: Int
    public var scaleFactors: [Int]
}
