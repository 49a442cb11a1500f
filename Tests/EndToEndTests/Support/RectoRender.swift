import Decoding
import Foundation

/// `recto render` and other display-less runs of the binary, with the machine's config files ignored.
enum RectoRender {
    /// The test's environment without any display.
    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["WAYLAND_DISPLAY", "WAYLAND_SOCKET", "DISPLAY", "WAYLAND_DEBUG"] { environment[name] = nil }
        return environment.merging(GPUProfile.fromEnvironment) { $1 }
    }

    /// `recto render --no-config ARGUMENTS --out <scratch>.png`, decoded, with what it wrote on stderr.
    /// Throws unless it exits 0.
    /// `profile` entries are added to the environment (GPUProfile).
    static func image(_ arguments: [String], profile: [String: String] = [:]) throws
        -> (image: RGBAImage, url: URL, stderr: String) {
        let out = try Scratch.makeDirectory("render").appendingPathComponent("render.png")
        let run = try runRecto(["render", "--no-config"] + arguments + ["--out", out.path],
                               environment: environment.merging(profile) { $1 })
        guard run.termination == .exited(0) else {
            throw HarnessError.failed("recto render \(arguments) ended with \(run.termination)", detail: run.stderr)
        }
        return (try ImageDecoder.decode(contentsOf: out.path), out, run.stderr)
    }

    /// Runs recto with `arguments` under GNU time and returns how it ended, its stderr and its peak resident set
    /// size in KiB (VmHWM, as the kernel reports it at exit). Throws `missingProgram` without /usr/bin/time.
    static func measured(_ arguments: [String], timeout: Duration = .seconds(30)) throws
        -> (termination: ChildProcess.Termination, stderr: String, maxRSSKiB: Int) {
        let time = try findProgram("/usr/bin/time")
        let report = try Scratch.makeDirectory("rss").appendingPathComponent("time.txt")
        let recto = try RectoBinary.locate().path
        let child = try ChildProcess(time, arguments: ["-f", "%M", "-o", report.path, recto] + arguments,
                                     environment: environment)
        let ended = try child.waitForExit(timeout: timeout)
        try child.stderr?.waitForEnd(timeout: .seconds(5))
        let text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
        // GNU time puts "Command exited with non-zero status N" before the figure when the command fails.
        guard let rss = text.split(separator: "\n").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) else {
            throw HarnessError.failed("no max RSS from /usr/bin/time: \(text)", detail: child.stderr?.text ?? "")
        }
        return (ended, child.stderr?.text ?? "", rss)
    }
}
