/*
 * Shared by the recto-test-seat weston module's files (see recto-test-seat.c).
 */
#ifndef RECTO_TEST_SEAT_H
#define RECTO_TEST_SEAT_H

#include <sys/un.h>
#include <libweston/libweston.h>

/*
 * weston 10 keeps these in private headers (libweston/backend.h and
 * libweston-internal.h) that libweston-10-dev does not install. They are
 * exported from libweston-10.so.0 (checked with nm -D); the prototypes below
 * match weston 10.0's declarations, which pass global coordinates as doubles.
 */
void weston_seat_init(struct weston_seat *seat, struct weston_compositor *ec,
		      const char *seat_name);
void weston_seat_init_pointer(struct weston_seat *seat);
int weston_seat_init_keyboard(struct weston_seat *seat, struct xkb_keymap *keymap);
void weston_seat_init_touch(struct weston_seat *seat);
struct weston_touch_device *
weston_touch_create_touch_device(struct weston_touch *touch, const char *syspath,
				 void *backend_data,
				 const struct weston_touch_device_ops *ops);
void weston_compositor_read_presentation_clock(
	const struct weston_compositor *compositor, struct timespec *ts);
void weston_output_transform_coordinate(struct weston_output *output,
					double device_x, double device_y,
					double *x, double *y);
int weston_output_mode_set_native(struct weston_output *output,
				  struct weston_mode *mode, int32_t scale);
void weston_output_finish_frame(struct weston_output *output,
				const struct timespec *stamp,
				uint32_t presented_flags);
void notify_touch_normalized(struct weston_touch_device *device,
			     const struct timespec *time, int touch_id,
			     double x, double y,
			     const struct weston_point2d_device_normalized *norm,
			     int touch_type);
void notify_touch_frame(struct weston_touch_device *device);
void notify_touch_cancel(struct weston_touch_device *device);
void notify_motion_absolute(struct weston_seat *seat, const struct timespec *time,
			    double x, double y);
void notify_button(struct weston_seat *seat, const struct timespec *time,
		   int32_t button, enum wl_pointer_button_state state);
void notify_axis(struct weston_seat *seat, const struct timespec *time,
		 struct weston_pointer_axis_event *event);
void notify_axis_source(struct weston_seat *seat, uint32_t source);
void notify_pointer_frame(struct weston_seat *seat);
void notify_key(struct weston_seat *seat, const struct timespec *time, uint32_t key,
		enum wl_keyboard_key_state state,
		enum weston_key_state_update update_state);

struct test_seat {
	struct weston_compositor *compositor;
	struct weston_seat seat;
	struct weston_touch_device *touch_device;
	int listen_fd;
	struct wl_event_source *listen_source;
	struct wl_list clients;
	struct wl_listener destroy_listener;
	char path[sizeof(((struct sockaddr_un *)0)->sun_path)];
	/* Added to CLOCK_MONOTONIC in the input it injects (ms, any sign): input on
	 * another clock base, as virtual and remote input devices stamp it. */
	int64_t clock_offset_ms;
	/* While held, input is stamped with held_time (before the offset), which
	 * moves only by "clock-advance": a stroke's times are the test's, not what
	 * a loaded machine made of its sleeps. */
	int clock_held;
	struct timespec held_time;
	/* Repaints of the output that finished since the first "frames" command:
	 * a test paces its input on frames shown, not on the wall clock. */
	uint32_t frames;
	struct wl_listener frame_listener;
};

/* Runs one command line; writes one reply line (no newline) into reply[n]. */
void run_command(struct test_seat *ts, char *line, char *reply, size_t n);

#endif
