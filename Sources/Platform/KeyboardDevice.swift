import CWaylandClient
import CXKBCommon
import Glibc
import Posix
import Gestures

/// wl_keyboard → keysyms and modifiers through the compositor's xkb keymap.
@MainActor final class KeyboardDevice {
    let proxy: OpaquePointer
    unowned let seat: Seat
    private var listener: ListenerBox<wl_keyboard_listener>?
    private let context: OpaquePointer?
    private var keymap: OpaquePointer?
    private var state: OpaquePointer?

    init(proxy: OpaquePointer, seat: Seat) {
        self.proxy = proxy
        self.seat = seat
        context = xkb_context_new(XKB_CONTEXT_NO_FLAGS)
        let l = ListenerBox(wl_keyboard_listener(
            keymap: { data, _, format, fd, size in
                withOwner(data, KeyboardDevice.self) { $0.keymap(format: format, fd: fd, size: size) }
            },
            enter: { _, _, _, _, _ in },
            leave: { data, _, _, _ in
                // Keys released elsewhere never reach us: forget held modifiers.
                withOwner(data, KeyboardDevice.self) { $0.seat.display.deliver(.modifiers([])) }
            },
            key: { data, _, _, time, key, state in
                withOwner(data, KeyboardDevice.self) {
                    $0.key(code: key, pressed: state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue, time: time)
                }
            },
            modifiers: { data, _, _, depressed, latched, locked, group in
                withOwner(data, KeyboardDevice.self) {
                    guard let s = $0.state else { return }
                    xkb_state_update_mask(s, depressed, latched, locked, 0, 0, group)
                    $0.seat.display.deliver(.modifiers($0.currentModifiers()))
                }
            },
            repeat_info: { _, _, _, _ in }))
        listener = l
        wl_keyboard_add_listener(proxy, l.pointer, opaque(self))
    }

    private func keymap(format: UInt32, fd: Int32, size: UInt32) {
        defer { closeDescriptor(fd) }
        guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, let context, size > 0 else { return }
        guard case .success(let map) = mapMemory(length: Int(size), protection: PROT_READ, flags: MAP_PRIVATE, fd: fd)
        else { return }
        defer { unmapMemory(map, length: Int(size)) }
        guard let km = xkb_keymap_new_from_string(context, map.assumingMemoryBound(to: CChar.self),
                                                  XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS) else { return }
        if let state { xkb_state_unref(state) }
        if let keymap { xkb_keymap_unref(keymap) }
        keymap = km
        state = xkb_state_new(km)
    }

    private func key(code: UInt32, pressed: Bool, time: UInt32) {
        guard let state else { return }
        // Wayland sends evdev codes; xkb's are offset by 8.
        let sym = xkb_state_key_get_one_sym(state, code + 8)
        seat.display.deliver(.key(keysym: sym, pressed: pressed, modifiers: currentModifiers(), time: seat.display.time(time)))
    }

    private func currentModifiers() -> Modifiers {
        guard let state else { return [] }
        var mods: Modifiers = []
        func active(_ name: String) -> Bool { xkb_state_mod_name_is_active(state, name, XKB_STATE_MODS_EFFECTIVE) > 0 }
        if active("Shift") { mods.insert(.shift) }
        if active("Control") { mods.insert(.ctrl) }
        if active("Mod1") { mods.insert(.alt) }
        if active("Mod4") { mods.insert(.logo) }
        return mods
    }

    func release() {
        if seat.version >= 3 { wl_keyboard_release(proxy) } else { wl_keyboard_destroy(proxy) }
        if let state { xkb_state_unref(state) }
        if let keymap { xkb_keymap_unref(keymap) }
        if let context { xkb_context_unref(context) }
        state = nil; keymap = nil
    }
}
