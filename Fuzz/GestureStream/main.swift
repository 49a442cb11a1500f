import CFuzzDriver
import Glibc

/// libFuzzer entry: the bytes are a stream of input events (`EventReader`) fed to one `GestureRecognizer`.
///
/// Asserted, crashing on violation: intents keep the bracket contract (at most one open, updates only inside
/// their own, every bracket closed) and are finite for positions within Wayland's fixed-point range; the
/// recognizer's touch count matches the fingers actually down; whenever no finger, button or pinch is held it is
/// idle with no bracket open; and after the stream, lifting everything (ups or a cancel, then a release and a
/// pinch end) leaves it idle with nothing pending.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    Stats.registerReport()
    var run = StreamRun(EventReader(UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : count)))
    run.play()
    return 0
}

/// Events fed across all inputs of this process, printed at exit for `scripts/fuzz.sh`.
enum Stats {
    nonisolated(unsafe) static var events = 0
    nonisolated(unsafe) static var inputs = 0
    nonisolated(unsafe) static var registered = false
    /// `FUZZ_TRACE=1 GestureStream input.bin` prints every event and intent (to read a crash input).
    static let trace = getenv("FUZZ_TRACE") != nil

    static func registerReport() {
        inputs += 1
        guard !registered else { return }
        registered = true
        atexit {
            // print() may be unavailable this late; a plain write is enough.
            let line = "gesture events fed: \(Stats.events) in \(Stats.inputs) inputs\n"
            _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        }
    }
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzz))
