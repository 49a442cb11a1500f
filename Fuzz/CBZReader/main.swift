import CFuzzDriver
import Decoding
import FuzzSupport
import Glibc
import Pages

/// libFuzzer entry: the bytes are one CBZ file. They are written to a scratch file (tmpfs when there is one) and
/// opened with `PageSource.open`, as the reader opens a book; see `CBZChecks`.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    CBZChecks.run(UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : count))
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzz))
