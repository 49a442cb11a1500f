#include "CWaylandProtocols.h"

const struct wl_interface *recto_wl_compositor_interface(void) { return &wl_compositor_interface; }
const struct wl_interface *recto_wl_seat_interface(void) { return &wl_seat_interface; }
const struct wl_interface *recto_wl_output_interface(void) { return &wl_output_interface; }
const struct wl_interface *recto_wl_shm_interface(void) { return &wl_shm_interface; }
const struct wl_interface *recto_wl_callback_interface(void) { return &wl_callback_interface; }
const struct wl_interface *recto_wl_region_interface(void) { return &wl_region_interface; }
const struct wl_interface *recto_xdg_wm_base_interface(void) { return &xdg_wm_base_interface; }
const struct wl_interface *recto_wp_viewporter_interface(void) { return &wp_viewporter_interface; }
const struct wl_interface *recto_wp_fractional_scale_manager_v1_interface(void) { return &wp_fractional_scale_manager_v1_interface; }
const struct wl_interface *recto_wp_presentation_interface(void) { return &wp_presentation_interface; }
const struct wl_interface *recto_zwp_pointer_gestures_v1_interface(void) { return &zwp_pointer_gestures_v1_interface; }
