import ArgumentParser
import Config
import Diagnostics
import Glibc
import Invocation

// A synchronous main: the Wayland/EGL loop must run on the process's main thread (an async main would
// put MainActor code on a dispatch worker).
RectoLog.bootstrap()
do {
    let flags: SettingFlags
    switch CommandLineSettings.parsed {
    case .success(let parsed): flags = parsed
    case .failure(let error): throw RectoExit(.usage, error.description)
    }
    var command = try Recto.parseAsRoot(flags.rest)
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
