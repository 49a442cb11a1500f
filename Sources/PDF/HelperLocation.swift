import Glibc
import Posix

/// Where the `recto-pdf` helper is: `$RECTO_PDF_HELPER`, else next to the running executable (build folders),
/// else `../lib/recto/recto-pdf` relative to it (an installed prefix).
public enum HelperLocation {
    public static func candidates(environment: [String: String], executable: String = "/proc/self/exe") -> [String] {
        if let path = environment["RECTO_PDF_HELPER"], !path.isEmpty { return [path] }
        guard case .success(let resolved) = systemPointer({ realpath(executable, nil) }) else { return [] }
        defer { free(resolved) }
        let path = String(cString: resolved)
        let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return [directory + "/recto-pdf", directory + "/../lib/recto/recto-pdf"]
    }

    public static func find(environment: [String: String]) throws(PDFError) -> String {
        let searched = candidates(environment: environment)
        let executable = { (path: String) in (try? systemCall({ access(path, X_OK) }).get()) != nil }
        guard let found = searched.first(where: executable) else { throw .helperNotFound(searched: searched) }
        return found
    }
}
