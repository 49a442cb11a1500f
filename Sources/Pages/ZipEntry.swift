import CZlibSystem
import Glibc
import Posix

/// One member of a ZIP archive, as its central directory lists it.
struct ZipEntry: Sendable, Hashable {
    enum Kind: Sendable, Hashable { case file, directory, symlink }
    let path: String
    let kind: Kind
    /// 0 stored, 8 deflated; others are listed but cannot be read.
    let method: UInt16
    let flags: UInt16
    let checksum: UInt32
    let compressedSize: UInt64
    let uncompressedSize: UInt64
    let localHeaderOffset: UInt64

    var isCompressed: Bool { method != 0 }
}
