import Decoding
import Dispatch
import Synchronization
import Testing

/// The reader decodes pages on a concurrent dispatch queue (recto's PageLoader). `ImageDecoder` promises that
/// every call owns its libpng/TurboJPEG state; here many threads decode good and bad files at once and must get
/// exactly what one thread gets. Meant above all for scripts/sanitizers.sh: under ThreadSanitizer a shared
/// codec state or a racy cache in Decoding shows up as a report even when the pixels happen to agree.
@Suite struct ConcurrentDecodeTests {
    static let files = [
        "rgb8.png", "rgba16.png", "adam7_rgb8.png", "palette4.png", "grey1.png", "baseline.jpg", "progressive.jpg",
        "cmyk.jpg", "grey.jpg", "truncated.png", "bad_crc.png", "truncated.jpg", "garbage_after_soi.jpg",
        "huge_header.png", "huge_header.jpg", "wrong_magic.png",
    ]

    /// What one thread gets: the image (or error) per file, decoded whole and fitted into a small box.
    static func outcome(_ bytes: [UInt8]) -> [Result<RGBAImage, DecodeError>] {
        [
            Result { () throws(DecodeError) -> RGBAImage in try ImageDecoder.decode(bytes) },
            Result { () throws(DecodeError) -> RGBAImage in
                try ImageDecoder.decode(bytes, fitting: PixelSize(width: 5, height: 4))
            },
        ]
    }

    @Test func manyThreadsAgreeWithOne() {
        let inputs = Self.files.map { Fixture.bytes($0) }
        let expected = inputs.map(Self.outcome)
        #expect(expected.contains { if case .success = $0[0] { true } else { false } })
        #expect(expected.contains { if case .failure = $0[0] { true } else { false } })

        let rounds = 8
        let mismatches = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: rounds * inputs.count) { k in
            // Interleave files so neighbouring iterations use different codecs.
            let i = (k * 7) % inputs.count
            if Self.outcome(inputs[i]) != expected[i] {
                mismatches.withLock { $0.append(Self.files[i]) }
            }
        }
        #expect(mismatches.withLock { $0 }.isEmpty)
    }

    /// The same through the file-reading entry point, as the page loader calls it.
    @Test func concurrentFileDecodes() {
        let paths = Self.files.map { Fixture.path($0) }
        let expected = paths.map { path in
            Result { () throws(DecodeError) -> RGBAImage in try ImageDecoder.decode(contentsOf: path) }
        }
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 4 * paths.count) { k in
            let i = k % paths.count
            let got = Result { () throws(DecodeError) -> RGBAImage in try ImageDecoder.decode(contentsOf: paths[i]) }
            if got != expected[i] { mismatches.withLock { $0 += 1 } }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }
}
