import CSndFile

/// A recording opened for streaming with libsndfile (LGPL, opened on first use): Ogg Opus and Vorbis, MP3,
/// FLAC and WAV, read as 32-bit float frames a chunk at a time, never whole.
final class AudioFile {
    let rate: Int
    let channels: Int
    /// Its length (ms) as its header says.
    let durationMS: Double
    private let file: OpaquePointer
    private let sndfile: recto_sndfile_api

    /// Most channels a page's recording may have (7.1).
    static let maxChannels = 8
    /// Longest recording of one page: an hour. A header claiming more is a broken file, or not a page's.
    static let maxSeconds = 3600.0

    /// Throws a reason fit for the log when the file cannot be read or is not a page's recording.
    init(path: String) throws(SoundError) {
        guard let sndfile = recto_sndfile()?.pointee else { throw .unreadable(String(cString: recto_sndfile_failure())) }
        var info = SF_INFO()
        guard let file = sndfile.sf_open(path, Int32(SFM_READ), &info) else {
            throw .unreadable(errorText(sndfile.sf_strerror(nil)))
        }
        guard info.channels >= 1, Int(info.channels) <= Self.maxChannels else {
            _ = sndfile.sf_close(file)
            throw .unreadable("\(info.channels) channels (at most \(Self.maxChannels))")
        }
        guard info.samplerate >= 8000, info.samplerate <= 192_000 else {
            _ = sndfile.sf_close(file)
            throw .unreadable("a sample rate of \(info.samplerate) Hz (8000–192000)")
        }
        let seconds = Double(info.frames) / Double(info.samplerate)
        guard info.frames > 0, seconds <= Self.maxSeconds else {
            _ = sndfile.sf_close(file)
            throw .unreadable(info.frames <= 0 ? "no audio in it" : "\(Int(seconds)) s long (at most \(Int(Self.maxSeconds)) s)")
        }
        self.file = file
        self.sndfile = sndfile
        rate = Int(info.samplerate)
        channels = Int(info.channels)
        durationMS = seconds * 1000
    }

    deinit { _ = sndfile.sf_close(file) }

    /// Goes to frame `frame` (a pause's place); a recording that cannot seek goes on from where it is.
    func seek(toFrame frame: Int) {
        _ = sndfile.sf_seek(file, sf_count_t(max(0, frame)), 0)
    }

    /// Reads up to `frames` frames into `buffer` (interleaved); returns the frames read, 0 at the end (or where
    /// the file is cut short).
    func read(into buffer: inout [Float], frames: Int) -> Int {
        if buffer.count < frames * channels { buffer = [Float](repeating: 0, count: frames * channels) }
        let n = buffer.withUnsafeMutableBufferPointer { sndfile.sf_readf_float(file, $0.baseAddress, sf_count_t(frames)) }
        return max(0, Int(n))
    }
}

/// A C library's message (one whose pointer is opened at run time, and so comes without nullability).
func errorText(_ message: UnsafePointer<CChar>?) -> String {
    message.map { String(cString: $0) } ?? "unknown error"
}

/// Why a recording does not play.
enum SoundError: Error, Sendable {
    case unreadable(String)
    case server(String)

    var reason: String {
        switch self {
        case .unreadable(let r), .server(let r): r
        }
    }
}
