import CFuzzDriver
import Glibc
import FuzzSupport

/// libFuzzer entry: the bytes are one WebP file (seeds in Fuzz/Corpus/WebPDecoder); see `DecodeChecks`.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    DecodeChecks.run(UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : count))
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzz))
