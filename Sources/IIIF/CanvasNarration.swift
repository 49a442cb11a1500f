/// What a canvas says aloud (Presentation 3): the recordings of its `accompanyingCanvas` (its painting
/// annotations whose body is a `Sound`, or a `Choice` of them in several languages) and their WebVTT captions
/// (`supplementing` annotations of format `text/vtt`, on the accompanying canvas or on the canvas itself),
/// shaped as the IIIF Cookbook's accompanying-canvas and caption-file recipes have them.
public struct CanvasNarration: Sendable, Equatable {
    /// A resource in one language (nil: none stated).
    public struct Track: Sendable, Equatable {
        public var url: ResourceURL
        public var language: String?
    }

    public var recordings: [Track]
    public var captions: [Track]

    /// The recording in `language` (or its primary tag), else one in no language, else the first; the captions
    /// the same way, those of the recording's language first.
    public func chosen(language: String?) -> (recording: Track, captions: Track?)? {
        func pick(_ tracks: [Track], _ language: String?) -> Track? {
            let wanted = language?.lowercased()
            let primary = wanted?.split(separator: "-").first.map(String.init)
            func lang(_ t: Track) -> String? { t.language?.lowercased() }
            return tracks.first { wanted != nil && lang($0) == wanted }
                ?? tracks.first { primary != nil && lang($0)?.split(separator: "-").first.map(String.init) == primary }
                ?? tracks.first { $0.language == nil }
        }
        guard let recording = pick(recordings, language) ?? recordings.first else { return nil }
        let captions = pick(captions, recording.language ?? language) ?? (captions.count == 1 ? captions.first : nil)
        return (recording, captions)
    }

    /// At most this many tracks of each kind are kept from one canvas.
    static let maxTracks = 32
}

extension PresentationThree {
    /// The recording is painted on the accompanying canvas of a page, or (the Cookbook's recipe, an audio canvas
    /// shown by its accompanying canvas's picture) on the canvas itself.
    func narration(of canvas: JSONValue) -> CanvasNarration? {
        let accompanying = canvas["accompanyingCanvas"]
        var recordings: [CanvasNarration.Track] = []
        for holder in [accompanying, canvas].compactMap({ $0 }) where recordings.isEmpty {
            for page in holder["items"]?.list ?? [] {
                for annotation in page["items"]?.list ?? [] where annotation["motivation"]?.hints.contains("painting") ?? false {
                    recordings += tracks(annotation["body"], type: "Sound")
                }
            }
        }
        guard !recordings.isEmpty else { return nil }
        var captions: [CanvasNarration.Track] = []
        for holder in [accompanying, canvas].compactMap({ $0 }) {
            for page in holder["annotations"]?.list ?? [] {
                for annotation in page["items"]?.list ?? [] where annotation["motivation"]?.hints.contains("supplementing") ?? false {
                    captions += tracks(annotation["body"], type: "Text")
                }
            }
        }
        return CanvasNarration(recordings: Array(recordings.prefix(CanvasNarration.maxTracks)),
                               captions: Array(captions.prefix(CanvasNarration.maxTracks)))
    }

    /// The bodies of `type` (a `Choice`'s items, an array of bodies), captions only of format `text/vtt`.
    private func tracks(_ body: JSONValue?, type: String) -> [CanvasNarration.Track] {
        guard let body else { return [] }
        let bodies: [JSONValue] = if case .array(let list) = body { list } else { [body] }
        var out: [CanvasNarration.Track] = []
        for b in bodies.prefix(CanvasNarration.maxTracks) {
            if b["type"]?.string == "Choice" {
                out += tracks(b["items"], type: type)
                continue
            }
            guard b["type"]?.string == type, let id = b["id"]?.string, let url = try? ResourceURL(id, relativeTo: self.url),
                  url.scheme != .file || self.url.scheme == .file else { continue }
            if type == "Text", b["format"]?.string?.lowercased() != "text/vtt" { continue }
            let language = b["language"]?.string ?? b["language"]?.list.first?.string
            out.append(CanvasNarration.Track(url: url, language: language))
        }
        return out
    }
}
