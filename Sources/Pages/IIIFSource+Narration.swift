import Fetch
import Glibc
import IIIF
import Posix

/// A IIIF canvas's narration: its accompanying canvas's recording in the visitor's language and its WebVTT
/// captions, fetched like tiles (through the disk cache: a book once heard plays offline) and kept as plain files
/// the player opens. A manifest read from disk (a baked book) names files that are used where they lie.
extension IIIFSource {
    /// Largest recording fetched: an hour of speech is 30–60 MB.
    static let maxRecordingBytes = 128 << 20

    func narration(of page: Int, language: String?) -> PageNarration? {
        guard manifest.pages.indices.contains(page - 1), let narration = manifest.pages[page - 1].narration,
              let (recording, captions) = narration.chosen(language: language) else { return nil }
        let audio: String
        do { audio = try localFile(recording.url, limit: Self.maxRecordingBytes) } catch {
            return PageNarration(audio: recording.url.description, failure: "the recording cannot be fetched: \(error)")
        }
        let vtt = captions.flatMap { try? localFile($0.url, limit: PageNarration.maxCaptionBytes) }
        return PageNarration(audio: audio, captions: vtt)
    }

    /// Every recording and captions file of the canvas, in every language, as local files (what `recto bake`
    /// copies); those that cannot be fetched are left out.
    func narrationTracks(of page: Int) -> [NarrationTrack] {
        guard manifest.pages.indices.contains(page - 1), let narration = manifest.pages[page - 1].narration else { return [] }
        let recordings = narration.recordings.compactMap { t in
            (try? localFile(t.url, limit: Self.maxRecordingBytes)).map { NarrationTrack(captions: false, language: t.language, path: $0) }
        }
        let captions = narration.captions.compactMap { t in
            (try? localFile(t.url, limit: PageNarration.maxCaptionBytes)).map { NarrationTrack(captions: true, language: t.language, path: $0) }
        }
        return recordings.isEmpty ? [] : recordings + captions
    }

    /// A `file:` URL's path, or the fetched body written once to the narration directory under a name made from
    /// the URL (its extension kept: some decoders go by it).
    private func localFile(_ url: ResourceURL, limit: Int) throws(FetchError) -> String {
        if let path = url.filePath { return path }
        let name = url.description
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in name.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        let last = url.path.split(separator: "/").last ?? ""
        let ext = last.split(separator: ".").count > 1 ? last.split(separator: ".").last.map { "." + $0.prefix(8) } ?? "" : ""
        let clean = ext.allSatisfy { $0.isLetter || $0.isNumber || $0 == "." } ? ext : ""
        let directory = Self.narrationDirectory
        let final = directory + "/" + String(h, radix: 16) + clean
        if PosixFiles.status(final, follow: false) != nil { return final }
        let body = try fetcher.fetch(name, limits: network.bounded(limit), policy: .cacheFirst)
        let temp = final + ".tmp.\(getpid()).\(UInt32.random(in: 0 ... .max))"
        guard case .success(let fd) = systemCall({ open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600) }) else {
            throw .file("cannot be written", path: final)
        }
        let written = body.withUnsafeBytes { writeAll($0, to: fd) }
        let closed = closeDescriptor(fd)
        guard case .success = written, case .success = closed, case .success = systemCall({ rename(temp, final) }) else {
            _ = systemCall { unlink(temp) }
            throw .file("cannot be written", path: final)
        }
        return final
    }

    /// Beside the web cache (`…/recto/narration`), else a private directory in /tmp.
    static let narrationDirectory: String = {
        var environment: [String: String] = [:]
        for key in ["XDG_CACHE_HOME", "HOME"] { if let value = getenv(key) { environment[key] = String(cString: value) } }
        let web = FetchCache.defaultDirectory(environment: environment)
        let directory = web.map { String($0.dropLast("/http".count)) + "/narration" } ?? "/tmp/recto-narration-\(getuid())"
        var path = ""
        for part in directory.split(separator: "/") {
            path += "/" + part
            _ = systemCall { mkdir(path, 0o700) }
        }
        return directory
    }()
}
