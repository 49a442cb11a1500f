import ArgumentParser

struct Recto: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recto",
        abstract: "A touch-first page reader for Wayland kiosks and tablets.",
        discussion: """
        Exit statuses: 0 quit; 2 bad arguments, configuration or book; 3 no Wayland display or the \
        display was lost; 4 no usable EGL/OpenGL ES 2.
        """,
        subcommands: [Open.self, Render.self, Bench.self],
        defaultSubcommand: Open.self)
}
