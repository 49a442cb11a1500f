/// Where a reader's control socket lives and how `recto ctl` finds it, as plain string work.
public enum SocketName {
    static let prefix = "recto-"
    static let suffix = ".sock"

    /// `$XDG_RUNTIME_DIR/recto-<display>-<pid>.sock`; the display's name is made file-safe (`wayland-1`, or a
    /// path's last component for an absolute WAYLAND_DISPLAY). Nil without a runtime directory.
    public static func defaultPath(runtimeDirectory: String?, waylandDisplay: String?, pid: Int32) -> String? {
        guard let dir = runtimeDirectory, dir.hasPrefix("/") else { return nil }
        let display = (waylandDisplay ?? "").split(separator: "/").last.map(String.init) ?? ""
        let safe = String(display.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "_" })
        let name = prefix + (safe.isEmpty ? "display" : safe) + "-\(pid)" + suffix
        return (dir.hasSuffix("/") ? dir : dir + "/") + name
    }

    /// The pid in a socket file name made by `defaultPath`, or nil for any other name.
    public static func pid(inFileName name: String) -> Int32? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
        let core = name.dropFirst(prefix.count).dropLast(suffix.count)
        guard let dash = core.lastIndex(of: "-") else { return nil }
        return Int32(core[core.index(after: dash)...])
    }

    /// The one socket `recto ctl` should use among the runtime directory's `files`, given which pids are alive;
    /// an error that says what to do when there is none or more than one.
    public static func choose(files: [String], directory: String, isAlive: (Int32) -> Bool) -> Result<String, ControlError> {
        let live = files.filter { pid(inFileName: $0).map(isAlive) ?? false }.sorted()
        switch live.count {
        case 1: return .success((directory.hasSuffix("/") ? directory : directory + "/") + live[0])
        case 0: return .failure(ControlError("no running reader has a control socket in \(directory) (give --socket PATH)"))
        default:
            return .failure(ControlError("\(live.count) readers are running (\(live.joined(separator: ", "))); choose one with --socket PATH"))
        }
    }
}
