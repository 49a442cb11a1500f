import CFuzzDriver
import FuzzSupport
import Glibc
import Pages

/// libFuzzer entry: the bytes are one ComicInfo.xml, read for a book of 12 pages. Asserted: parsing never traps
/// and ends (libFuzzer's -timeout reports a hang); the cover and the double pages are pages of the book; a title
/// is never empty nor longer than a title and number may be; a file read in full reports no problem; parsing is
/// deterministic.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : count))
    let metadata = ComicInfo.parse(bytes, pageCount: 12)
    guard metadata.coverPage.map({ (1...12).contains($0) }) ?? true,
          metadata.doublePages.allSatisfy({ (1...12).contains($0) }) else { fail("pages outside the book: \(metadata)") }
    if let title = metadata.title, title.isEmpty || title.count > 2003 { fail("title of \(title.count) characters") }
    guard metadata.problem == nil else { fail("parse reported a problem: \(metadata)") }
    guard ComicInfo.parse(bytes, pageCount: 12) == metadata else { fail("two parses differ") }
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzz))
