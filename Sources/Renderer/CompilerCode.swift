import Posix

extension SceneRenderer {
    /// Gives back the resident code of the GL driver's shader compiler. Mesa compiles with LLVM, one 100 MiB
    /// library whose static constructors and first compiles leave about 48 MiB of its code mapped (touched here and
    /// there, and mapped 64 KiB at a time around each touch). Only a shader variant not compiled yet runs it again:
    /// after the start-up warm-up, and between visitors, it would otherwise lie unused for the weeks a kiosk runs,
    /// and mapped executable pages are the last the kernel reclaims. Handed back, the reader's proportional set
    /// size falls by about a third; a later compile reads what it needs from the file again. Takes a few
    /// milliseconds (5 ms for 26 MiB here): off the frame loop's thread.
    public static func releaseCompilerCode() {
        pageOutCode(ofLibrariesNamed: "libLLVM")
    }

    /// The same on a short thread of its own, for the frame loop's thread.
    public static func releaseCompilerCodeInTheBackground() {
        startThread(name: "recto.release") { releaseCompilerCode() }
    }
}
