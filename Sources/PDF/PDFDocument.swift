import CPDFWire
import Glibc
import Posix
import Synchronization

/// A PDF rendered by sandboxed `recto-pdf` helpers (or the drawn pages of a fixed-layout EPUB by `recto-epub`
/// ones). The file is opened once, read-only, by recto; each helper gets that descriptor, so a file replaced on
/// disk keeps rendering the version that was opened.
///
/// Thread-safe: up to `Configuration.helpers` pages render at once, one per helper. A helper that crashes, hangs
/// past the time limit or runs out of memory is killed; the request fails with the reason, naming the helper and
/// the signal that ended it (a crash is retried once with a fresh helper, a time-out is not) and the next request
/// starts a new helper.
public final class PDFDocument: Sendable {
    public struct Configuration: Sendable {
        /// The helper's executable (`recto-pdf`, `recto-epub`); its file name is the name failures give.
        public var helperPath: String
        /// Longest wait for a page. Default 10 s. Starting a helper and opening the document wait at least 10 s
        /// (a loaded machine starting a helper is not a hostile page).
        public var timeoutMilliseconds: Int
        /// Helper processes rendering in parallel. Default 2.
        public var helpers: Int
        /// Address space each helper may use (RLIMIT_AS), in MiB. Default 1024.
        public var memoryMegabytes: Int
        /// Variables the helpers get over recto's own environment (a fontconfig file, say). Default none.
        public var helperEnvironment: [String: String]

        public init(helperPath: String, timeoutMilliseconds: Int = 10_000, helpers: Int = 2, memoryMegabytes: Int = 1024,
                    helperEnvironment: [String: String] = [:]) {
            self.helperPath = helperPath
            self.timeoutMilliseconds = timeoutMilliseconds
            self.helpers = helpers
            self.memoryMegabytes = memoryMegabytes
            self.helperEnvironment = helperEnvironment
        }

        /// Finds the helper (see `HelperLocation`) and reads `RECTO_PDF_TIMEOUT_MS` for the time limit.
        public static func standard(environment: [String: String], helper: DocumentHelper = .pdf) throws(PDFError) -> Configuration {
            var configuration = Configuration(helperPath: try HelperLocation.find(environment: environment, helper: helper))
            if let ms = environment["RECTO_PDF_TIMEOUT_MS"].flatMap({ Int($0) }), ms > 0 {
                configuration.timeoutMilliseconds = ms
            }
            return configuration
        }
    }

    public let path: String
    public let info: PDFInfo
    /// Identity of the file as opened (fstat of recto's descriptor).
    public let fileStatus: stat
    private let fd: Int32
    public let configuration: Configuration
    private let slots: [HelperSlot]
    private let next = Atomic<Int>(0)
    private let started = Atomic<Int>(0)

    /// Opens `path` and reads the page table with a first helper. Throws `.unreadable` when recto cannot open
    /// the file, `.needsPassword`, `.damaged`, or the helper's failures.
    public init(path: String, configuration: Configuration) throws(PDFError) {
        let fd = try systemCall { open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY) }
            .mapError { PDFError.unreadable("cannot read \(path): \($0)") }.get()
        let status = (try? Posix.fileStatus(fd).get()) ?? stat()
        self.path = path
        self.fd = fd
        self.fileStatus = status
        self.configuration = configuration
        slots = (0..<max(1, configuration.helpers)).map { _ in HelperSlot() }
        let first: HelperProcess
        do { (first, info) = try Self.start(fd: fd, configuration: configuration) } catch {
            closeDescriptor(fd)
            throw error
        }
        started.add(1, ordering: .relaxed)
        slots[0].helper.withLock { $0 = first }
    }

    deinit {
        for slot in slots { slot.helper.withLock { $0 = nil } }  // kills and reaps
        closeDescriptor(fd)
    }

    /// Renders `rect` (points of the displayed page) of `page` (from 1) into `width` × `height` pixels:
    /// straight RGBA8, rows top-down, opaque. For `recto-epub`, `viewport` is the CSS pixels the page is laid
    /// out in (each side 1...65535), and `rect` is in those pixels.
    public func render(page: Int, rect: PDFRect, width: Int, height: Int,
                       viewport: (width: Int, height: Int)? = nil) throws(PDFError) -> [UInt8] {
        guard page >= 1 && page <= info.pageCount else {
            throw .refused("page \(page) is outside 1...\(info.pageCount)")
        }
        var request = rpdf_request()
        request.op = UInt32(RPDF_OP_RENDER.rawValue)
        request.page = UInt32(page - 1)
        request.width = Int32(clamping: width)
        request.height = Int32(clamping: height)
        (request.x, request.y, request.w, request.h) = (rect.x, rect.y, rect.width, rect.height)
        if let viewport {
            guard (1...0xFFFF).contains(viewport.width), (1...0xFFFF).contains(viewport.height) else {
                throw .refused("a viewport of \(viewport.width) × \(viewport.height) px is out of limits")
            }
            request.arg = UInt32(viewport.width) | UInt32(viewport.height) << 16
        }
        return try perform(request, retry: true, payloadBytes: { _ in width * height * 4 }).payload
    }

    /// The text layer of `page` (from 1) in reading order as poppler finds it, UTF-8, at most 64 KiB; "" when
    /// the page has none (a scan without OCR). Blocks like `render`: call it off the frame loop.
    public func text(page: Int) throws(PDFError) -> String {
        guard page >= 1 && page <= info.pageCount else {
            throw .refused("page \(page) is outside 1...\(info.pageCount)")
        }
        var request = rpdf_request()
        request.op = UInt32(RPDF_OP_TEXT.rawValue)
        request.page = UInt32(page - 1)
        let answer = try perform(request, retry: true, payloadBytes: { Int($0.value) })
        return String(decoding: answer.payload, as: UTF8.self)
    }

    /// The links of `page` (from 1) in the page's annotation order, at most 1024; links that neither move within
    /// the document nor lead out of it (JavaScript, form actions) are left out. Blocks like `render`.
    public func links(page: Int) throws(PDFError) -> [PDFLink] {
        guard page >= 1 && page <= info.pageCount else {
            throw .refused("page \(page) is outside 1...\(info.pageCount)")
        }
        var request = rpdf_request()
        request.op = UInt32(RPDF_OP_LINKS.rawValue)
        request.page = UInt32(page - 1)
        let stride = MemoryLayout<rpdf_link>.stride
        let answer = try perform(request, retry: true,
                                 payloadBytes: { Int(min(max(0, $0.value), Int32(RPDF_LINKS_MAX))) * stride })
        let count = answer.payload.count / stride
        return answer.payload.withUnsafeBytes { raw in
            (0..<count).compactMap { i in
                let link = raw.loadUnaligned(fromByteOffset: i * stride, as: rpdf_link.self)
                let values = [link.x, link.y, link.w, link.h]
                guard values.allSatisfy(\.isFinite), link.w > 0, link.h > 0 else { return nil }
                let rect = PDFRect(x: link.x, y: link.y, width: link.w, height: link.h)
                switch rpdf_link_kind(link.kind) {
                case RPDF_LINK_PAGE:
                    guard link.page >= 0, Int(link.page) < info.pageCount else { return nil }
                    return PDFLink(rect: rect, target: .page(Int(link.page) + 1))
                case RPDF_LINK_OUTSIDE: return PDFLink(rect: rect, target: .outside)
                default: return nil
                }
            }
        }
    }

    /// The document's outline (its bookmarks) that lead to its pages, depth first in document order, at most 2000.
    /// Blocks like `render`.
    public func outline() throws(PDFError) -> [PDFOutlineEntry] {
        var request = rpdf_request()
        request.op = UInt32(RPDF_OP_OUTLINE.rawValue)
        let stride = MemoryLayout<rpdf_outline_entry>.stride
        let answer = try perform(request, retry: true,
                                 payloadBytes: { Int(min(max(0, $0.value), Int32(RPDF_OUTLINE_MAX))) * stride })
        return answer.payload.withUnsafeBytes { raw in
            (0..<(answer.payload.count / stride)).compactMap { i in
                var entry = raw.loadUnaligned(fromByteOffset: i * stride, as: rpdf_outline_entry.self)
                let length = min(Int(entry.title_length), Int(RPDF_OUTLINE_TITLE_MAX))
                let title = withUnsafeBytes(of: &entry.title) { String(decoding: $0.prefix(length), as: UTF8.self) }
                guard entry.page >= 0, Int(entry.page) < info.pageCount, entry.level >= 0 else { return nil }
                return PDFOutlineEntry(title: title, page: Int(entry.page) + 1, level: Int(entry.level))
            }
        }
    }

    /// The document's Info dictionary: author, subject, keywords, the programs that made it, the day it was made.
    /// Blocks like `render`; a helper that does not know the request (recto-epub) refuses it.
    public func documentInfo() throws(PDFError) -> PDFDocumentInfo {
        var request = rpdf_request()
        request.op = UInt32(RPDF_OP_INFO.rawValue)
        let most = Int(RPDF_INFO_FIELDS.rawValue) * (Int(RPDF_INFO_TEXT_MAX) + 1)
        let answer = try perform(request, retry: true, payloadBytes: { min(max(0, Int($0.value)), most) })
        let fields = answer.payload.split(separator: 0, omittingEmptySubsequences: false).map { bytes -> String? in
            bytes.isEmpty ? nil : String(decoding: bytes.prefix(Int(RPDF_INFO_TEXT_MAX)), as: UTF8.self)
        }
        func field(_ which: rpdf_info_field) -> String? {
            let i = Int(which.rawValue)
            return i < fields.count ? fields[i] : nil
        }
        return PDFDocumentInfo(author: field(RPDF_INFO_AUTHOR), subject: field(RPDF_INFO_SUBJECT),
                               keywords: field(RPDF_INFO_KEYWORDS), creator: field(RPDF_INFO_CREATOR),
                               producer: field(RPDF_INFO_PRODUCER), created: field(RPDF_INFO_CREATED))
    }

    /// Runs one of the helper's sandbox self-tests; returns the errno the action was refused with (0: it was
    /// not refused). A helper the sandbox killed throws `.helperFailed`.
    public func selfTest(_ test: PDFSelfTest) throws(PDFError) -> Int32 {
        var request = rpdf_request()
        request.op = UInt32(RPDF_OP_SELFTEST.rawValue)
        request.arg = test.rawValue
        return try perform(request, retry: false, payloadBytes: { _ in 0 }).reply.value
    }

    /// The first system call the helper's sandbox refused because its policy names it nowhere (answered with
    /// ENOSYS, the helper kept running), or nil. Asks one helper: with `helpers` 1, the one that did the work.
    public func firstUnlistedSystemCall() throws(PDFError) -> String? {
        var request = rpdf_request()
        request.op = UInt32(RPDF_OP_SELFTEST.rawValue)
        request.arg = UInt32(RPDF_SELFTEST_REFUSED_CALL.rawValue)
        let reply = try perform(request, retry: false, payloadBytes: { _ in 0 }).reply
        return reply.value != 0 ? Self.text(of: reply) : nil
    }

    /// Process ids of the idle helpers (one busy with a request is not listed), for tests that kill one.
    public var helperProcessIDs: [pid_t] {
        slots.compactMap { slot in slot.helper.withLockIfAvailable { helper in helper.flatMap { $0.isAlive ? $0.pid : nil } } ?? nil }
    }

    /// Helpers started so far, the first included (a restart adds one).
    public var helpersStarted: Int { started.load(ordering: .relaxed) }

    /// Helpers started beyond one per slot of the pool: restarts after a crash, a kill or a time limit (a slot
    /// that first starts after another restarted counts as a restart too; the pool is small, so this is rare).
    public var helperRestarts: Int { max(0, helpersStarted - slots.count) }

    private typealias Answer = (reply: rpdf_reply, payload: [UInt8])

    /// Sends `request` to an idle helper if there is one, else waits for this turn's; reads `payloadBytes` of
    /// the memfd the reply attaches (a count the reply itself may give).
    private func perform(_ request: rpdf_request, retry: Bool,
                         payloadBytes: (rpdf_reply) -> Int) throws(PDFError) -> Answer {
        let index = next.add(1, ordering: .relaxed).oldValue % slots.count
        for i in slots.indices.map({ (index + $0) % slots.count }) {
            if let answer = try slots[i].helper.withLockIfAvailable({ (helper) throws(PDFError) -> Answer in
                try run(request, on: &helper, retry: retry, payloadBytes: payloadBytes)
            }) { return answer }
        }
        return try slots[index].helper.withLock { (helper) throws(PDFError) -> Answer in
            try run(request, on: &helper, retry: retry, payloadBytes: payloadBytes)
        }
    }

    private func run(_ request: rpdf_request, on helper: inout HelperProcess?, retry: Bool,
                     payloadBytes: (rpdf_reply) -> Int) throws(PDFError) -> Answer {
        var attempts = retry ? 2 : 1
        while true {
            attempts -= 1
            do {
                if helper?.isAlive != true {
                    helper = nil
                    helper = try Self.start(fd: fd, configuration: configuration).helper
                    started.add(1, ordering: .relaxed)
                }
                let (reply, fd) = try helper!.send(request, deliberateCall: Self.deliberateCall(of: request),
                                                   timeoutMilliseconds: configuration.timeoutMilliseconds)
                defer { if fd >= 0 { closeDescriptor(fd) } }
                try Self.check(reply)
                let bytes = payloadBytes(reply)
                return (reply, bytes > 0 ? try SharedBuffer.read(fd, bytes: bytes, from: helper!.name) : [])
            } catch {
                guard case .helperFailed = error, attempts > 0 else { throw error }
            }
        }
    }

    /// Starts a helper and opens the document in it. A helper that fails to open it is killed.
    private static func start(fd: Int32, configuration: Configuration) throws(PDFError) -> (helper: HelperProcess, info: PDFInfo) {
        let process = try HelperProcess.spawn(executable: configuration.helperPath,
                                              memoryMegabytes: configuration.memoryMegabytes,
                                              environment: configuration.helperEnvironment)
        var request = rpdf_request()
        request.op = UInt32(RPDF_OP_OPEN.rawValue)
        let (reply, table) = try process.send(request, attaching: fd,
                                              timeoutMilliseconds: max(configuration.timeoutMilliseconds, 10_000))
        defer { if table >= 0 { closeDescriptor(table) } }
        try check(reply)
        let count = Int(reply.page_count), sizesLength = count * 2 * MemoryLayout<Double>.size
        let bytes = try SharedBuffer.read(table, bytes: sizesLength + max(0, Int(reply.value)), from: process.name)
        let sizes = bytes.withUnsafeBytes { raw in
            (0..<count).map { i in
                PDFPageSize(width: raw.loadUnaligned(fromByteOffset: 16 * i, as: Double.self),
                            height: raw.loadUnaligned(fromByteOffset: 16 * i + 8, as: Double.self))
            }
        }
        let labels = bytes[sizesLength...].split(separator: 0, omittingEmptySubsequences: false).dropLast()
            .map { String(decoding: $0, as: UTF8.self) }
        let title = text(of: reply)
        var language = rpdf_request()
        language.op = UInt32(RPDF_OP_LANGUAGE.rawValue)
        let (tag, none) = try process.send(language, timeoutMilliseconds: max(configuration.timeoutMilliseconds, 10_000))
        if none >= 0 { closeDescriptor(none) }
        try check(tag)
        let lang = text(of: tag)
        return (process, PDFInfo(pageSizes: sizes, labels: labels.count == count ? labels : nil,
                                 title: title.isEmpty ? nil : title, language: lang.isEmpty ? nil : lang))
    }

    /// The system call a request makes on purpose: the sandbox self-test that runs a program calls execve, which
    /// the filter kills the helper for.
    private static func deliberateCall(of request: rpdf_request) -> String? {
        request.op == UInt32(RPDF_OP_SELFTEST.rawValue) && request.arg == UInt32(RPDF_SELFTEST_EXEC.rawValue) ? "execve" : nil
    }

    private static func check(_ reply: rpdf_reply) throws(PDFError) {
        let message = text(of: reply)
        switch rpdf_status(reply.status) {
        case RPDF_OK: return
        case RPDF_ERR_PASSWORD: throw .needsPassword
        case RPDF_ERR_DAMAGED: throw .damaged(message)
        case RPDF_ERR_PAGE: throw .page(message)
        default: throw .refused(message)
        }
    }

    private static func text(of reply: rpdf_reply) -> String {
        var reply = reply
        let count = min(Int(reply.text_length), Int(RPDF_TEXT_MAX))
        return withUnsafeBytes(of: &reply.text) { String(decoding: $0.prefix(count), as: UTF8.self) }
    }
}

/// One helper's place in the pool; empty until first used, emptied when its helper is killed.
private final class HelperSlot: Sendable {
    let helper = Mutex<HelperProcess?>(nil)
}
