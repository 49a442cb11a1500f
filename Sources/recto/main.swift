import ArgumentParser
import Glibc

// A synchronous main: the Wayland/EGL loop must run on the process's main thread (an async main would
// put MainActor code on a dispatch worker).
RectoLog.bootstrap()
do {
    var command = try Recto.parseAsRoot()
    try command.run()
} catch let exit as RectoExit {
    if !exit.message.isEmpty { printError(exit.message) }
    Glibc.exit(exit.code.rawValue)
} catch {
    let code = Recto.exitCode(for: error)
    if code == .success {
        writeAll(1, Recto.fullMessage(for: error) + "\n")
        Glibc.exit(0)
    }
    printError(Recto.fullMessage(for: error))
    Glibc.exit(ExitStatus.usage.rawValue)
}
