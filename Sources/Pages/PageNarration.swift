import Book
import Glibc

/// A page's recorded narration: the audio file to play and, where there is one, its WebVTT captions.
public struct PageNarration: Sendable, Equatable {
    /// The recording's path on disk.
    public var audio: String
    /// Its captions' path on disk; nil: none.
    public var captions: String?
    /// Why the page's recording cannot be had (a IIIF recording that cannot be fetched); nil: it is at `audio`.
    public var failure: String?

    public init(audio: String, captions: String? = nil, failure: String? = nil) {
        self.audio = audio; self.captions = captions; self.failure = failure
    }

    /// Containers whose audio the player decodes (libsndfile: Ogg Opus and Vorbis, MP3, FLAC, WAV), in the
    /// order a page's files are looked for.
    public static let audioExtensions = ["opus", "ogg", "oga", "mp3", "flac", "wav"]
}

/// One file of a page's narration in one language: a recording, or its captions.
public struct NarrationTrack: Sendable, Equatable {
    public var captions: Bool
    public var language: String?
    /// Where it lies on disk.
    public var path: String
}

extension PageSource {
    /// Every recording and captions file of `page`, in every language (a IIIF canvas's; what `recto bake` copies).
    /// May fetch: call it off the frame loop.
    public func narrationTracks(of page: Int) -> [NarrationTrack] {
        guard page >= 1, page <= pageCount, let iiif = provider as? IIIFSource else { return [] }
        return iiif.narrationTracks(of: page)
    }

    /// The recording for `page` in `language` (a BCP 47 tag; its primary subtag is tried too), else the one
    /// without a language; nil when the page has none. Looks on disk: call it off the frame loop.
    public func narration(of page: Int, language: String?) -> PageNarration? {
        guard page >= 1, page <= pageCount else { return nil }
        return provider.narration(of: page, language: language)
    }

    /// Files beside the image at `imagePath`: `page-003.de.opus` (the language's), else `page-003.opus`; the
    /// captions the same way (`page-003.de.vtt`, `page-003.vtt`), those of the recording's language first.
    /// Links are not followed out of the book, as for the page itself.
    static func sidecarNarration(beside imagePath: String, language: String?) -> PageNarration? {
        let slash = imagePath.lastIndex(of: "/").map { imagePath.index(after: $0) } ?? imagePath.startIndex
        let stem = imagePath[slash...].lastIndex(of: ".").map { $0 > slash ? String(imagePath[..<$0]) : imagePath }
            ?? imagePath
        var tags: [String] = []
        if let language = language?.lowercased(), !language.isEmpty, language.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) {
            tags.append(language)
            if let primary = language.split(separator: "-").first, String(primary) != language { tags.append(String(primary)) }
        }
        func file(_ name: String) -> String? {
            guard let info = PosixFiles.status(name, follow: false), PosixFiles.isRegular(info) else { return nil }
            return name
        }
        for tag in tags + [""] {
            let base = tag.isEmpty ? stem : stem + "." + tag
            for ext in PageNarration.audioExtensions {
                guard let audio = file(base + "." + ext) else { continue }
                let captions = file(base + ".vtt") ?? (tag.isEmpty ? nil : file(stem + ".vtt"))
                return PageNarration(audio: audio, captions: captions)
            }
        }
        return nil
    }
}

extension DirectorySource {
    func narration(of page: Int, language: String?) -> PageNarration? {
        PageSource.sidecarNarration(beside: root + "/" + name(of: page), language: language)
    }
}

extension SingleImageSource {
    func narration(of page: Int, language: String?) -> PageNarration? {
        page == 1 ? PageSource.sidecarNarration(beside: path, language: language) : nil
    }
}

extension PageNarration {
    /// Largest captions file read: a page's cues are a few KB; more is not a page's captions.
    public static let maxCaptionBytes = 1 << 20

    /// The captions, read and parsed (blocks: off the frame loop); with what was wrong with them, if anything
    /// (captions that cannot be shown are nil, and the recording plays without them).
    public func readCaptions() -> (captions: Captions?, problem: String?) {
        guard let path = captions else { return (nil, nil) }
        let bytes: [UInt8]
        do {
            bytes = try PosixFiles.read(path, name: "captions", limit: Self.maxCaptionBytes, noFollow: true).bytes
        } catch {
            return (nil, "\(error)")
        }
        do {
            let parsed = try Captions.parse(String(decoding: bytes, as: UTF8.self))
            return (parsed, parsed.problems.isEmpty ? nil : parsed.problems.joined(separator: "; "))
        } catch {
            return (nil, error.description)
        }
    }
}
