// Hand-written: Swift cannot take the address of the `extern const struct wl_interface` globals
// (`&wl_compositor_interface` does not compile, and withUnsafePointer hands libwayland a copy), so
// these functions return the real addresses.
#pragma once
#include <wayland-client.h>

const struct wl_interface *recto_wl_compositor_interface(void);
const struct wl_interface *recto_wl_seat_interface(void);
const struct wl_interface *recto_wl_output_interface(void);
const struct wl_interface *recto_wl_shm_interface(void);
const struct wl_interface *recto_wl_callback_interface(void);
const struct wl_interface *recto_wl_region_interface(void);
const struct wl_interface *recto_xdg_wm_base_interface(void);
const struct wl_interface *recto_wp_viewporter_interface(void);
const struct wl_interface *recto_wp_fractional_scale_manager_v1_interface(void);
const struct wl_interface *recto_wp_presentation_interface(void);
const struct wl_interface *recto_zwp_pointer_gestures_v1_interface(void);
