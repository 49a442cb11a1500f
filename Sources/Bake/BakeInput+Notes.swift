import ArgumentParser
import Book
import Decoding
import Diagnostics
import Geometry
import Glibc
import IIIF
import Pages
import Posix

extension String {
    /// "0007": page folders sort in order in a file manager too.
    init(format4 value: Int) {
        let digits = String(value)
        self = String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
    }
}

extension BakeInput {
    /// A page's notes: a manifest canvas's (its annotation pages fetched), or the files beside a scan.
    func notes(of index: Int) -> [PageNote] {
        let read: PageNotesRead
        switch kind {
        case .manifest(let book): read = book.notes(of: index + 1)
        case .files(let paths): read = PageSource.sidecarNotes(beside: paths[index])
        }
        for problem in read.problems { print("page \(index + 1): notes left out: \(problem)") }
        return read.notes
    }

    /// A manifest page's recordings and captions, every language, copied into `folder/narration/` (named by
    /// language: `de.ogg`, `de.vtt`; `none.…` without one); their paths relative to the book.
    func copyNarration(of index: Int, into folder: String) throws -> [BakedTrack] {
        guard case .manifest(let book) = kind else { return [] }
        let tracks = book.narrationTracks(of: index + 1)
        guard !tracks.isEmpty else { return [] }
        let directory = folder + "/narration"
        if case .failure(let e) = systemCall({ mkdir(directory, 0o755) }), e.code != EEXIST {
            throw ValidationError("cannot make \(directory): \(e)")
        }
        var out: [BakedTrack] = []
        for (i, track) in tracks.enumerated() {
            let language = track.language.flatMap { $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } ? $0 : nil }
            let source = track.path.split(separator: "/").last ?? ""
            let ext = track.captions ? "vtt" : (source.split(separator: ".").count > 1 ? String(source.split(separator: ".").last!) : "audio")
            let name = "\(language ?? "none")-\(i).\(ext)"
            guard case .success(let bytes) = readWholeFile(track.path, limit: 128 << 20) else { continue }
            try writeFile(directory + "/" + name, bytes)
            out.append(BakedTrack(captions: track.captions, language: language, file: folder.split(separator: "/").last.map(String.init)! + "/narration/" + name))
        }
        return out
    }
}

func writeFile(_ path: String, _ bytes: [UInt8]) throws {
    if case .failure(let e) = writeWholeFile(path, bytes) { throw ValidationError("cannot write \(path): \(e)") }
}
