import Glibc
import Posix

/// The sandboxed helpers recto draws documents with: `recto-pdf` (poppler) for PDFs, `recto-epub` (MuPDF's HTML
/// engine) for the text pages of fixed-layout EPUBs. Both speak the protocol of `recto_pdf_protocol.h`.
public enum DocumentHelper: String, Sendable {
    case pdf = "recto-pdf"
    case epub = "recto-epub"

    /// The environment variable naming the executable, over the places looked in.
    public var variable: String { self == .pdf ? "RECTO_PDF_HELPER" : "RECTO_EPUB_HELPER" }
}

/// Where a helper is: its variable (`$RECTO_PDF_HELPER`, `$RECTO_EPUB_HELPER`), else next to the running
/// executable (build folders), else `../lib/recto/<helper>` relative to it (an installed prefix).
public enum HelperLocation {
    public static func candidates(environment: [String: String], executable: String = "/proc/self/exe",
                                  helper: DocumentHelper = .pdf) -> [String] {
        if let path = environment[helper.variable], !path.isEmpty { return [path] }
        guard case .success(let resolved) = systemPointer({ realpath(executable, nil) }) else { return [] }
        defer { free(resolved) }
        let path = String(cString: resolved)
        let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return [directory + "/" + helper.rawValue, directory + "/../lib/recto/" + helper.rawValue]
    }

    public static func find(environment: [String: String], helper: DocumentHelper = .pdf) throws(PDFError) -> String {
        let searched = candidates(environment: environment, helper: helper)
        let executable = { (path: String) in (try? systemCall({ access(path, X_OK) }).get()) != nil }
        guard let found = searched.first(where: executable) else { throw .helperNotFound(searched: searched, helper: helper) }
        return found
    }
}
