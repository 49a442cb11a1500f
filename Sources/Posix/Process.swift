import Glibc

/// The calling process's working directory (getcwd), or errno as a typed error (ENOENT when it was removed).
public func currentDirectory() -> Result<String, SystemError> {
    systemPointer { getcwd(nil, 0) }.map { path in
        defer { free(path) }
        return String(cString: path)
    }
}

/// What the process (RUSAGE_SELF: every thread) or its waited-for children (RUSAGE_CHILDREN) have used so far:
/// CPU time, peak memory, faults (getrusage).
public func resourceUsage(_ who: __rusage_who_t = __rusage_who_t(RUSAGE_SELF.rawValue)) -> Result<rusage, SystemError> {
    var usage = rusage()
    return systemCall { getrusage(who, &usage) }.map { _ in usage }
}

/// Blocks `signals` in the calling thread (sigprocmask SIG_BLOCK; threads it starts later inherit the mask), so
/// they wait for a signalfd instead of interrupting whatever runs; returns them as the set a signalfd takes.
@discardableResult
public func blockSignals(_ signals: [Int32]) -> sigset_t {
    var mask = sigset_t()
    sigemptyset(&mask)
    for signal in signals { sigaddset(&mask, signal) }
    sigprocmask(SIG_BLOCK, &mask, nil)
    return mask
}
