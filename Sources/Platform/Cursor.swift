import CWaylandClient
import CWaylandCursor

/// The pointer's arrow from the cursor theme (libwayland-cursor falls back to its built-in theme when
/// none is installed). wp_cursor_shape_v1 is not in this system's wayland-protocols (1.31), so the theme
/// is the way here.
@MainActor final class Cursor {
    unowned let display: WaylandDisplay
    private var theme: OpaquePointer?
    private var surface: OpaquePointer?
    private var hotspot: (Int32, Int32) = (0, 0)
    private var loaded = false

    init(display: WaylandDisplay) { self.display = display }

    private func load() {
        loaded = true
        guard let shm = display.shm, let compositor = display.compositor,
              let theme = wl_cursor_theme_load(nil, 24, shm),
              let cursor = wl_cursor_theme_get_cursor(theme, "left_ptr") ?? wl_cursor_theme_get_cursor(theme, "default"),
              cursor.pointee.image_count > 0, let image = cursor.pointee.images[0],
              let buffer = wl_cursor_image_get_buffer(image),
              let surface = wl_compositor_create_surface(compositor) else { return }
        self.theme = theme
        self.surface = surface
        hotspot = (Int32(image.pointee.hotspot_x), Int32(image.pointee.hotspot_y))
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage(surface, 0, 0, Int32(image.pointee.width), Int32(image.pointee.height))
        wl_surface_commit(surface)
    }

    /// Shows the arrow (or nothing, `visible` false) for the pointer that entered with `serial`.
    func apply(to pointer: OpaquePointer, serial: UInt32, visible: Bool) {
        guard visible else {
            wl_pointer_set_cursor(pointer, serial, nil, 0, 0)
            return
        }
        if !loaded { load() }
        wl_pointer_set_cursor(pointer, serial, surface, hotspot.0, hotspot.1)
    }
}
