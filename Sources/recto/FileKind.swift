import Foundation

/// Small file-system questions the app asks about the book's path.
typealias ObjCBoolLike = Bool

enum FileKind {
    static func isDirectory(_ path: String, _ result: inout Bool) -> Bool {
        var isDir: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDir)
        result = exists && isDir.boolValue
        return result
    }

    static func parent(of path: String) -> String {
        (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
    }
}
