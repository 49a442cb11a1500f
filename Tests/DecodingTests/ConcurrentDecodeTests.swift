import Decoding
import Dispatch
import Geometry
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
        let agreed = Flags(count: rounds * inputs.count)
        DispatchQueue.concurrentPerform(iterations: rounds * inputs.count) { k in
            // Interleave files so neighbouring iterations use different codecs.
            let i = (k * 7) % inputs.count
            agreed.set(k, Self.outcome(inputs[i]) == expected[i])
        }
        #expect(agreed.all)
    }

    /// The same through the file-reading entry point, as the page loader calls it.
    @Test func concurrentFileDecodes() {
        let paths = Self.files.map { Fixture.path($0) }
        let expected = paths.map { path in
            Result { () throws(DecodeError) -> RGBAImage in try ImageDecoder.decode(contentsOf: path) }
        }
        let agreed = Flags(count: 4 * paths.count)
        DispatchQueue.concurrentPerform(iterations: 4 * paths.count) { k in
            let i = k % paths.count
            let got = Result { () throws(DecodeError) -> RGBAImage in try ImageDecoder.decode(contentsOf: paths[i]) }
            agreed.set(k, got == expected[i])
        }
        #expect(agreed.all)
    }
}

/// One flag per iteration, each written by its own iteration only; read after `concurrentPerform` returns.
/// No lock on purpose: Synchronization.Mutex hands contended locks over inside the kernel on Linux, which
/// ThreadSanitizer cannot see, so a Mutex here would make the test report races that are not there.
private final class Flags: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<Bool>

    init(count: Int) { storage = .allocate(capacity: count); storage.initialize(repeating: false) }
    deinit { storage.deallocate() }

    func set(_ i: Int, _ value: Bool) { storage[i] = value }
    var all: Bool { storage.allSatisfy { $0 } }
}
