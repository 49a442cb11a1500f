// swift-tools-version: 6.0
import PackageDescription

// Thin system-library targets: a module map, a relative shim header and pkg-config, nothing else.
func system(_ name: String, _ pkg: String, apt: String) -> Target {
    .systemLibrary(name: name, path: "Sources/\(name)", pkgConfig: pkg, providers: [.apt([apt])])
}

// The document helpers are C programs, but SwiftPM links every executable with the Swift driver, which adds the
// Swift runtime (swiftrt.o, libswiftCore, its rpath): its crash handler then answers a helper's crash by starting
// a process, which the sandbox kills, so a crash read as a forbidden system call. Linked as for Embedded Swift,
// the driver adds none of it (`ldd` lists no libswift*, and a static build pulls in nothing of the runtime): a
// helper that crashes dies of its own signal, which recto reports.
let cHelperLinking: [LinkerSetting] = [.unsafeFlags(["-enable-experimental-feature", "Embedded"])]

let package = Package(
    name: "Recto",
    products: [
        .executable(name: "recto", targets: ["recto"]),
        // GPL: links poppler. A separate program that `recto` talks to over a socket (Helpers/recto-pdf/README.md).
        .executable(name: "recto-pdf", targets: ["recto-pdf"]),
        // AGPL: links MuPDF. A separate program for the text pages of fixed-layout EPUBs (Helpers/recto-epub/README.md).
        .executable(name: "recto-epub", targets: ["recto-epub"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // MIT licence: the tests write CBZ fixtures with it (recto reads them with Pages/ZipArchive.swift).
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.19"),
        // MIT licence; wraps toml++ (MIT). Only the Config target uses it.
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // 1.16 for LogHandler.log(event:).
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
    ],
    targets: [
        system("CWaylandClient", "wayland-client", apt: "libwayland-dev"),
        system("CWaylandEGL", "wayland-egl", apt: "libwayland-dev"),
        system("CWaylandCursor", "wayland-cursor", apt: "libwayland-dev"),
        system("CEGL", "egl", apt: "libegl-dev"),
        system("CGLES2", "glesv2", apt: "libgles-dev"),
        system("CXKBCommon", "xkbcommon", apt: "libxkbcommon-dev"),
        system("CPNG", "libpng", apt: "libpng-dev"),
        system("CTurboJPEG", "libturbojpeg", apt: "libturbojpeg0-dev"),
        // zlib for CBZ entries (Pages/ZipArchive.swift): a ZIP reader of our own, not ZIPFoundation, whose use of
        // the full Foundation links ICU into recto. Not "CZlib": ZIPFoundation (the tests' fixture writer) has one.
        system("CZlibSystem", "zlib", apt: "zlib1g-dev"),
        // libarchive (BSD) for CBR (RAR 4 and 5) and CB7 (7z) comics, read in place (Pages/LibArchiveSource.swift);
        // opened on first use like libcurl below.
        .systemLibrary(name: "CArchive", path: "Sources/CArchive", providers: [.apt(["libarchive-dev"])]),
        // libcurl and libavif are opened on first use, not linked (CLinux/opened_library.h): no pkg-config, whose
        // flags would link them (their headers are on the default paths; libavif.pc's only flag is -DAVIF_DLL,
        // export markup that is empty on Linux and that SwiftPM would refuse with a warning on every build).
        .systemLibrary(name: "CCurl", path: "Sources/CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // The PDF helper's wire protocol and descriptor passing (glibc only).
        .systemLibrary(name: "CPDFWire", path: "Sources/CPDFWire"),
        // libwebpdemux's pkg-config pulls in libwebp; the demuxer decodes the first frame of animations.
        system("CWebP", "libwebpdemux", apt: "libwebp-dev"),
        .systemLibrary(name: "CAVIF", path: "Sources/CAVIF", providers: [.apt(["libavif-dev"])]),
        // Pango (LGPL, opened on first use) drawing with FreeType (HarfBuzz, fontconfig below it); no Cairo: recto
        // uses no library of the PDF stack (poppler, cairo). Its shim declares the calls it makes: no pkg-config,
        // whose flags would link Pango and its ~20 libraries into every start.
        .systemLibrary(name: "CPangoFT2", path: "Sources/CPangoFT2"),
        // Linux-only headers (signalfd, timerfd, inotify) that the Glibc module leaves out; part of glibc.
        .systemLibrary(name: "CLinux", path: "Sources/CLinux"),
        // Committed wayland-scanner output (scripts/gen-protocols.sh) plus interface-address shims.
        .target(name: "CWaylandProtocols", dependencies: ["CWaylandClient"]),

        // The PDF helper (GPL, separate program): poppler-glib and, through its pkg-config, cairo and glib.
        .systemLibrary(name: "CPopplerGlib", path: "Helpers/recto-pdf/CPopplerGlib", pkgConfig: "poppler-glib",
                       providers: [.apt(["libpoppler-glib-dev", "libcairo2-dev"])]),
        .systemLibrary(name: "CSeccomp", path: "Helpers/recto-pdf/CSeccomp", pkgConfig: "libseccomp",
                       providers: [.apt(["libseccomp-dev"])]),
        .systemLibrary(name: "CFontconfig", path: "Helpers/recto-pdf/CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),
        // What both helpers share (Apache-2.0): the sandbox, its system-call policy, and the replies' buffers. The
        // wire protocol's headers are recto's (Sources/CPDFWire/include): the helpers include them.
        .target(name: "HelperCommon", dependencies: ["CSeccomp"], path: "Helpers/common",
                cSettings: [.headerSearchPath("../../Sources/CPDFWire/include"), .unsafeFlags(["-Wall", "-Wextra"])]),
        .executableTarget(name: "recto-pdf", dependencies: ["CPopplerGlib", "CFontconfig", "HelperCommon"],
                          path: "Helpers/recto-pdf/src",
                          cSettings: [.headerSearchPath("../../../Sources/CPDFWire/include"),
                                      .unsafeFlags(["-Wall", "-Wextra"])],
                          linkerSettings: cHelperLinking),
        // The EPUB helper (AGPL, separate program): MuPDF's HTML engine, a static library in Debian.
        .systemLibrary(name: "CMuPDF", path: "Helpers/recto-epub/CMuPDF",
                       providers: [.apt(["libmupdf-dev", "libmujs-dev", "libgumbo-dev", "libopenjp2-7-dev",
                                         "libjbig2dec0-dev", "libjpeg-dev", "libharfbuzz-dev"])]),
        .executableTarget(name: "recto-epub", dependencies: ["CMuPDF", "HelperCommon"],
                          path: "Helpers/recto-epub/src",
                          cSettings: [.headerSearchPath("../../../Sources/CPDFWire/include"),
                                      .unsafeFlags(["-Wall", "-Wextra"])],
                          // Static MuPDF first, then what it was built against, in the order a static link needs.
                          linkerSettings: ["mupdf", "mupdf-third", "mujs", "gumbo", "openjp2", "jbig2dec", "jpeg",
                                           "harfbuzz", "freetype", "z", "m"].map { .linkedLibrary($0) } + cHelperLinking),

        // Pure cores: no C module, testable without a compositor or a GPU.
        .target(name: "Geometry"),
        .target(name: "Curl", dependencies: ["Geometry"]),
        // Input values as the platform decodes them (touch, pointer, keys, their clock) and the one recognizer of
        // every gesture.
        .target(name: "Gestures", dependencies: ["Geometry"]),
        .target(name: "Book", dependencies: ["Geometry"]),
        // IIIF manifests (Presentation 2.1 and 3.0) and image services read as books, and the tiles a view needs.
        .target(name: "IIIF", dependencies: ["Geometry", "Book"]),
        // The reader's state: (state, intent, time) → state + events; turns, zoom view, what to draw.
        .target(name: "Reader", dependencies: ["Geometry", "Curl", "Gestures", "Book"]),
        // What a frame shows over the pages, pure: each panel one value, decided by the core and drawn by the renderer.
        .target(name: "Panels", dependencies: ["Geometry", "Book"]),
        // What happened, as one typed value, with what each case means to the log, speech, visits, metrics and
        // systemd said beside it; pure.
        .target(name: "Occurrences", dependencies: ["Book", "Geometry", "Panels", "Reader"]),
        // The app's policy, pure and clock-injected: events in, effects and frame plans out. The executable
        // is a shell around it.
        .target(name: "AppCore", dependencies: ["Geometry", "Gestures", "Book", "Config", "Reader", "Control", "Localization", "Occurrences", "Panels"]),
        // The control protocol of `recto ctl`, pure, and JSON strings escaped one way (event log, replies, reports).
        .target(name: "Control"),

        // The one choke point for system calls: EINTR retried, errno as a typed error with its text, the
        // clocks, threads and locks, signal masks, close-on-exec pipes. Glibc and CLinux only; the pure cores
        // never import it.
        .target(name: "Posix", dependencies: ["CLinux"]),

        // The settings, pure: one declaration each (SettingTable), the one typed value (Settings), live changes and
        // what the reader's tunables follow from them.
        .target(name: "Config", dependencies: ["Book", "Gestures", "Reader"]),

        // What a visitor reads, in their language: Locales/*.po embedded at build time, chosen by setting or locale.
        .target(name: "Localization", plugins: ["EmbedCatalogues"]),

        // Image decoding behind its own module.
        .target(name: "Decoding", dependencies: ["Geometry", "CPNG", "CTurboJPEG", "CWebP", "CAVIF", "Posix"]),
        // Text shaped and drawn by Pango into RGBA images: the one module that talks Pango and Cairo.
        .target(name: "Text", dependencies: ["CPangoFT2", "Geometry", "Decoding"]),
        // PDF books: talks to the sandboxed recto-pdf helper; links no PDF library.
        .target(name: "PDF", dependencies: ["CPDFWire", "Posix"]),
        // Books: directory, single image, CBZ, PDF, IIIF (fetched through libcurl, cached on disk); the decode cache
        // with its worker pool.
        // HTTP(S) and file URLs through libcurl (opened on first use), the disk cache of what was fetched.
        .target(name: "Fetch", dependencies: ["Posix", "CCurl"]),
        // A forgiving scanner of XML (EPUB packages and navigation, ComicInfo), pure.
        .target(name: "XML"),
        .target(name: "Pages", dependencies: ["Geometry", "Decoding", "Text", "Book", "PDF", "Posix", "CZlibSystem", "CArchive", "IIIF", "Fetch", "XML"]),
        // The page cache: the one owner of the page budget and its LRU, its decoding workers, the disk cache.
        .target(name: "Caching", dependencies: ["Decoding", "Geometry", "Pages", "Posix"]),
        // The one module that talks EGL/GLES.
        .target(name: "Renderer",
                dependencies: ["Geometry", "Book", "Gestures", "Panels", "Reader", "Decoding", "Text", "Posix", "CEGL", "CGLES2", "CWaylandEGL"],
                plugins: ["EmbedShaders"]),
        // The one module that talks libwayland and xkbcommon.
        .target(name: "Platform",
                dependencies: ["Geometry", "Gestures", "Control", "CWaylandClient", "CWaylandCursor", "CWaylandProtocols", "CXKBCommon", "CLinux", "Posix"]),
        // What the window shows from the core's frame plans: composition, the present path, the page textures.
        // What the reader watches on disk: the open book's file or folder, and a library's directory read again.
        .target(name: "Watching", dependencies: ["BookFiles", "Diagnostics", "Fetch", "Pages", "Platform", "Posix"]),
        .target(name: "Presentation", dependencies: ["AppCore", "BookFiles", "Caching", "Decoding", "Diagnostics", "Fetch", "Geometry", "Pages", "Panels", "Platform", "Reader", "Renderer", "Text", "Watching", "Occurrences"]),
        // Speech mode: speech-dispatcher's SSIP protocol, its socket, and the core's cues said through it.
        .target(name: "Speech", dependencies: ["AppCore", "Pages", "Platform", "Posix", "Occurrences"]),
        // Visit statistics: the recorder (what happened on screen in, visits out), visits saved in SQLite (Debian's
        // libsqlite3, its C API) on a worker thread, and the report drawn from them.
        system("CSQLite", "sqlite3", apt: "libsqlite3-dev"),
        // Narration: libsndfile (LGPL) decodes the recordings, libpulse-simple (LGPL) plays them through the session's
        // sound server (PulseAudio, or PipeWire's pipewire-pulse); both opened on first use, like ALSA below.
        .systemLibrary(name: "CSndFile", path: "Sources/CSndFile", providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(name: "CPulseSimple", path: "Sources/CPulseSimple", providers: [.apt(["libpulse-dev"])]),
        // Where no sound server runs, straight to ALSA (libasound, LGPL).
        .systemLibrary(name: "CAlsa", path: "Sources/CAlsa", providers: [.apt(["libasound2-dev"])]),
        .target(name: "Sound", dependencies: ["AppCore", "Book", "Pages", "Posix", "CSndFile", "CPulseSimple", "CAlsa", "Occurrences"]),
        .target(name: "Visits", dependencies: ["AppCore", "Control", "CSQLite", "Posix", "Reader", "Occurrences"]),
        // The command line every subcommand shares: the book argument and the setting flags, the configuration file
        // (TOML), opening a book, exit statuses, the stderr log.
        // What the program tells: exit statuses and the error line, the stderr log, the process's figures.
        .target(name: "Diagnostics", dependencies: ["Config", "Posix", .product(name: "Logging", package: "swift-log")]),
        // The configuration files read (TOML): settings with one message per problem, at its line.
        .target(name: "ConfigFiles", dependencies: ["Config", "Posix", .product(name: "TOMLKit", package: "TOMLKit")]),
        // A book on disk opened as the reader opens it, with its own settings file.
        .target(name: "BookFiles", dependencies: [
            "Book", "Config", "ConfigFiles", "Decoding", "Diagnostics", "Fetch", "Pages", "Posix", "Reader", .product(name: "Logging", package: "swift-log"),
        ]),
        // The command line every subcommand shares.
        .target(name: "Invocation", dependencies: [
            "BookFiles", "Config", "ConfigFiles", "Diagnostics", "Fetch", "Pages", "Posix", "Reader", "Renderer",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // `recto bench`, `bench-zoom` and `render`: offscreen frames, decodes and codecs measured.
        .target(name: "Bench", dependencies: [
            "Book", "BookFiles", "Config", "Control", "Curl", "Decoding", "Diagnostics", "Fetch", "Geometry", "Gestures", "Invocation", "Pages", "Posix", "Reader", "Renderer", "Text",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // `recto bake`: a book made into a static IIIF image pyramid and manifest.
        .target(name: "Bake", dependencies: [
            "Book", "Decoding", "Diagnostics", "Geometry", "IIIF", "Pages", "Posix",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Operations: what the fleet's tools see of a running reader (the event log, the control socket's server
        // side, systemd's notifications and watchdog, the Prometheus metrics file) and the operator's commands
        // (`recto ctl`, `recto report`, `recto bench-visits`).
        .target(name: "Operations", dependencies: [
            "AppCore", "Control", "Decoding", "Diagnostics", "Geometry", "Occurrences", "Pages", "Platform", "Posix", "Reader", "Renderer", "Visits",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "recto", dependencies: [
            "AppCore", "Bake", "Bench", "Book", "BookFiles", "Caching", "Config", "Control", "Decoding", "Diagnostics", "Fetch", "Geometry", "Gestures", "Invocation",
            "Localization", "Occurrences", "Operations", "Pages", "Platform", "Presentation", "Renderer", "Sound", "Speech", "Visits", "Watching",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ], plugins: ["EmbedVersion"]),

        // Build tool: Shaders/*.glsl become Swift string constants, so the binary needs no resource bundle.
        .executableTarget(name: "ShaderEmbedder", path: "Plugins/ShaderEmbedder"),
        .plugin(name: "EmbedShaders", capability: .buildTool(), dependencies: ["ShaderEmbedder"]),
        // Build tool: `RectoVersion.string` from packaging/debian/changelog, the one place the version is written.
        .executableTarget(name: "VersionEmbedder", path: "Plugins/VersionEmbedder"),
        .plugin(name: "EmbedVersion", capability: .buildTool(), dependencies: ["VersionEmbedder"]),
        .plugin(name: "EmbedCatalogues", capability: .buildTool(), dependencies: ["ShaderEmbedder"]),

        // Shared by the test targets only (a deterministic RNG).
        .target(name: "TestSupport", dependencies: ["Gestures", "Geometry"], path: "Tests/TestSupport"),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "CurlTests", dependencies: ["TestSupport", "Curl", "Geometry"]),
        .testTarget(name: "GesturesTests", dependencies: ["TestSupport", "Gestures", "Geometry"], exclude: ["Traces"]),
        .testTarget(name: "DecodingTests", dependencies: ["TestSupport", "Geometry", "Decoding"], exclude: ["Fixtures"]),
        .testTarget(name: "EndToEndTests", dependencies: ["Geometry", "Decoding", "Posix", "TestSupport", "Visits", "AppCore", "Panels", "Reader"], exclude: ["Harness"]),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization", "Pages", "PDF", "Decoding"]),
        .testTarget(name: "TextTests", dependencies: ["Text", "Decoding"]),
        .testTarget(name: "BookTests", dependencies: ["TestSupport", "Book", "Geometry"]),
        .testTarget(name: "IIIFTests", dependencies: ["IIIF", "Book", "Geometry"]),
        .testTarget(name: "FetchTests", dependencies: ["TestSupport", "Fetch"], exclude: ["Fixtures"]),
        .testTarget(name: "PagesTests", dependencies: ["BookFiles", "Caching", "Fetch", "TestSupport", "Geometry", "Pages", "PDF", "Decoding", "Book", "Posix", "Text", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
                    exclude: ["Fixtures"]),
        .testTarget(name: "BenchTests", dependencies: ["Bench"]),
        .testTarget(name: "RendererTests", dependencies: ["TestSupport", "Renderer", "Reader", "Decoding", "Geometry", "Curl", "Gestures", "Book", "Panels", "Text"],
                    exclude: ["Golden"]),
        .testTarget(name: "ConfigTests", dependencies: ["TestSupport", 
            "Config", "ConfigFiles", "Diagnostics", "Invocation", "Curl", "Book", "Gestures", "Reader", .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "ReaderTests", dependencies: ["Reader", "Geometry", "Gestures", "Book"]),
        .testTarget(name: "AppCoreTests", dependencies: ["TestSupport", "AppCore", "Book", "Config", "Reader", "Geometry", "Gestures", "Control", "Localization", "Panels", "Occurrences"]),
        .testTarget(name: "PDFTests", dependencies: ["TestSupport", "PDF"]),
        .testTarget(name: "PlatformTests", dependencies: ["Platform"]),
        .testTarget(name: "PosixTests", dependencies: ["Posix"]),
        // README against Package.swift: no dependencies, it reads the two files.
        .testTarget(name: "RepositoryTests"),
        .testTarget(name: "OperationsTests", dependencies: ["Control", "Operations", "AppCore", "Reader", "Visits", "Occurrences"]),
        .testTarget(name: "VisitsTests", dependencies: ["Visits", "AppCore", "Reader", "Occurrences"]),
        .testTarget(name: "SpeechTests", dependencies: ["Speech", "AppCore", "Localization"]),
        .testTarget(name: "SoundTests", dependencies: ["Sound", "AppCore", "Book", "Config", "Pages", "Posix", "Occurrences"]),
    ],
    swiftLanguageModes: [.v6]
)
