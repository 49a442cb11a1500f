import CFuzzDriver
import Config
import Glibc

/// libFuzzer entry: the bytes are one recto.toml. They go through `ConfigFile.read(path:)` exactly as a file on
/// disk would (size and UTF-8 checks, TOML parse, key lines, value checks) and, when they are UTF-8,
/// through `KeyLines.scan` directly (it must not trap even on text TOML rejects); see `ConfigChecks`.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    ConfigChecks.run(UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : count))
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzz))
