/*
 * recto-test-seat: the text commands (see recto-test-seat.c for the protocol).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "recto-test-seat.h"

static struct weston_output *
first_output(struct test_seat *ts)
{
	struct weston_output *output;

	wl_list_for_each(output, &ts->compositor->output_list, link)
		if (output->enabled && output->current_mode)
			return output;
	return NULL;
}

/* Output framebuffer pixels to global (logical, compositor-space) coordinates. */
static int
to_global(struct test_seat *ts, double px, double py, double *gx, double *gy)
{
	struct weston_output *output = first_output(ts);

	if (!output)
		return -1;
	weston_output_transform_coordinate(output, px, py, gx, gy);
	return 0;
}

static struct weston_view *
view_at(struct test_seat *ts, double px, double py)
{
	double gx, gy;
	wl_fixed_t sx, sy;

	if (to_global(ts, px, py, &gx, &gy) < 0)
		return NULL;
	return weston_compositor_pick_view(ts->compositor, wl_fixed_from_double(gx),
					   wl_fixed_from_double(gy), &sx, &sy);
}

/*
 * weston 10's default touch grab ignores notify_touch_cancel, so clients would
 * never see wl_touch.cancel: send it to the focused client ourselves, then let
 * weston reset its grab and touch-point count.
 */
static void
touch_cancel(struct test_seat *ts)
{
	struct weston_touch *touch = weston_seat_get_touch(&ts->seat);
	struct wl_resource *resource;

	if (touch)
		wl_resource_for_each(resource, &touch->focus_resource_list)
			wl_touch_send_cancel(resource);
	notify_touch_cancel(ts->touch_device);
}

/*
 * The headless backend has no switch_mode. Its disable/enable hooks free and
 * re-create the renderer buffer from current_mode, which is all a mode switch
 * needs; weston_output_mode_set_native then tells clients and shells.
 */
static int
headless_switch_mode(struct weston_output *output, struct weston_mode *mode)
{
	struct timespec now;

	output->current_mode = mode;
	if (output->disable(output) < 0 || output->enable(output) < 0)
		return -1;
	/* disable() dropped the timer that would have finished a frame in flight. */
	if (output->repaint_status == REPAINT_AWAITING_COMPLETION) {
		weston_compositor_read_presentation_clock(output->compositor, &now);
		weston_output_finish_frame(output, &now, 0);
	}
	return 0;
}

static int
output_resize(struct test_seat *ts, int width, int height, char *reply, size_t n)
{
	struct weston_output *output = first_output(ts);
	struct weston_mode *mode;
	int old_w, old_h, ret;

	if (!output)
		return snprintf(reply, n, "err no output");
	if (width <= 0 || height <= 0 || width % output->current_scale ||
	    height % output->current_scale)
		return snprintf(reply, n, "err size must be a positive multiple of the scale");
	mode = output->current_mode;
	old_w = mode->width;
	old_h = mode->height;
	mode->width = width;
	mode->height = height;
	output->switch_mode = headless_switch_mode;
	ret = weston_output_mode_set_native(output, mode, output->current_scale);
	output->switch_mode = NULL;
	if (ret < 0) {
		mode->width = old_w;
		mode->height = old_h;
		return snprintf(reply, n, "err mode switch failed");
	}
	return snprintf(reply, n, "ok %d %d", width, height);
}

static int
describe_surface(struct weston_view *view, char *reply, size_t n)
{
	struct weston_surface *surface;
	int32_t scale;

	if (!view || !view->surface->resource)
		return snprintf(reply, n, "ok none");
	surface = view->surface;
	scale = surface->buffer_viewport.buffer.scale;
	/* The pixman renderer may already have released an shm buffer, so the
	 * buffer size comes from what weston derived from it at commit. */
	return snprintf(reply, n, "ok %d %d %d %d %d", surface->width, surface->height,
			surface->width_from_buffer * scale,
			surface->height_from_buffer * scale, scale);
}

static int
describe_client(struct weston_view *view, char *reply, size_t n)
{
	pid_t pid;
	uid_t uid;
	gid_t gid;

	if (!view || !view->surface->resource)
		return snprintf(reply, n, "ok none");
	wl_client_get_credentials(wl_resource_get_client(view->surface->resource),
				  &pid, &uid, &gid);
	return snprintf(reply, n, "ok %d", (int)pid);
}

/*
 * Whether the seat's pointer shows a cursor: weston keeps the sprite view a
 * client gave with wl_pointer.set_cursor, and drops it on a NULL surface.
 * Replies with the pid of the client owning the sprite, or none.
 */
static int
describe_cursor(struct test_seat *ts, char *reply, size_t n)
{
	struct weston_pointer *pointer = weston_seat_get_pointer(&ts->seat);

	if (!pointer)
		return snprintf(reply, n, "err no pointer");
	return describe_client(pointer->sprite, reply, n);
}

/*
 * Moves an event time by offset_ms, wrapped into what the protocol carries
 * (32-bit milliseconds): weston sends tv_sec * 1000 + tv_nsec / 10^6 mod 2^32.
 */
static void
shift_clock(struct timespec *t, int64_t offset_ms)
{
	const int64_t wrap = (int64_t)1 << 32;
	int64_t ms = (int64_t)t->tv_sec * 1000 + t->tv_nsec / 1000000 + offset_ms;
	long sub_ms = t->tv_nsec % 1000000;

	ms = ((ms % wrap) + wrap) % wrap;
	t->tv_sec = ms / 1000;
	t->tv_nsec = (ms % 1000) * 1000000 + sub_ms;
}

static void
output_frame(struct wl_listener *listener, void *data)
{
	struct test_seat *ts = wl_container_of(listener, ts, frame_listener);

	ts->frames++;
}

/*
 * Replies with the count of finished repaints of the output. Counting starts
 * with the first call (the listener is added then, when the output exists);
 * headless weston repaints only for damage, so the count moves when a client
 * commits a frame.
 */
static int
count_frames(struct test_seat *ts, char *reply, size_t n)
{
	struct weston_output *output = first_output(ts);

	if (!output)
		return snprintf(reply, n, "err no output");
	if (!ts->frame_listener.notify) {
		ts->frame_listener.notify = output_frame;
		wl_signal_add(&output->frame_signal, &ts->frame_listener);
	}
	return snprintf(reply, n, "ok %u", ts->frames);
}

void
run_command(struct test_seat *ts, char *line, char *reply, size_t n)
{
	struct weston_seat *seat = &ts->seat;
	struct weston_output *output;
	struct timespec now;
	char cmd[32], axis_name[8];
	double x, y, gx, gy, value;
	int id, code, state, discrete, w, h, args;

	/* CLOCK_MONOTONIC, as libinput stamps real devices: clients can compare
	 * event times with their own monotonic clock. (weston_compositor_get_time
	 * is CLOCK_REALTIME in weston 10, the presentation clock MONOTONIC_RAW.) */
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (ts->clock_held)
		now = ts->held_time;
	shift_clock(&now, ts->clock_offset_ms);
	args = sscanf(line, "%31s", cmd);
	if (args != 1) {
		snprintf(reply, n, "err empty command");
		return;
	}

	if (!strcmp(cmd, "ping")) {
		snprintf(reply, n, "ok pong");
	} else if (!strcmp(cmd, "clock-offset")) {
		long long offset;

		if (sscanf(line, "%*s %lld", &offset) != 1) {
			snprintf(reply, n, "err usage: clock-offset MS");
		} else {
			ts->clock_offset_ms = offset;
			snprintf(reply, n, "ok");
		}
	} else if (!strcmp(cmd, "clock-hold")) {
		clock_gettime(CLOCK_MONOTONIC, &ts->held_time);
		ts->clock_held = 1;
		snprintf(reply, n, "ok");
	} else if (!strcmp(cmd, "clock-advance")) {
		long long ms;

		if (sscanf(line, "%*s %lld", &ms) != 1 || ms < 0 || !ts->clock_held) {
			snprintf(reply, n, "err usage: clock-advance MS (after clock-hold)");
		} else {
			ts->held_time.tv_sec += ms / 1000;
			ts->held_time.tv_nsec += (ms % 1000) * 1000000;
			if (ts->held_time.tv_nsec >= 1000000000) {
				ts->held_time.tv_sec += 1;
				ts->held_time.tv_nsec -= 1000000000;
			}
			snprintf(reply, n, "ok");
		}
	} else if (!strcmp(cmd, "clock-release")) {
		ts->clock_held = 0;
		snprintf(reply, n, "ok");
	} else if (!strcmp(cmd, "output")) {
		output = first_output(ts);
		if (!output)
			snprintf(reply, n, "err no output");
		else
			snprintf(reply, n, "ok %d %d %d %u", output->current_mode->width,
				 output->current_mode->height, output->current_scale,
				 output->transform);
	} else if (!strcmp(cmd, "touch-down") || !strcmp(cmd, "touch-motion")) {
		if (sscanf(line, "%*s %d %lf %lf", &id, &x, &y) != 3)
			snprintf(reply, n, "err usage: %s ID X Y", cmd);
		else if (to_global(ts, x, y, &gx, &gy) < 0)
			snprintf(reply, n, "err no output");
		else {
			notify_touch_normalized(ts->touch_device, &now, id, gx, gy, NULL,
						cmd[6] == 'd' ? WL_TOUCH_DOWN : WL_TOUCH_MOTION);
			snprintf(reply, n, "ok");
		}
	} else if (!strcmp(cmd, "touch-up")) {
		if (sscanf(line, "%*s %d", &id) != 1)
			snprintf(reply, n, "err usage: touch-up ID");
		else {
			notify_touch_normalized(ts->touch_device, &now, id, 0, 0, NULL,
						WL_TOUCH_UP);
			snprintf(reply, n, "ok");
		}
	} else if (!strcmp(cmd, "touch-frame")) {
		notify_touch_frame(ts->touch_device);
		snprintf(reply, n, "ok");
	} else if (!strcmp(cmd, "touch-cancel")) {
		touch_cancel(ts);
		snprintf(reply, n, "ok");
	} else if (!strcmp(cmd, "pointer-motion")) {
		if (sscanf(line, "%*s %lf %lf", &x, &y) != 2)
			snprintf(reply, n, "err usage: pointer-motion X Y");
		else if (to_global(ts, x, y, &gx, &gy) < 0)
			snprintf(reply, n, "err no output");
		else {
			notify_motion_absolute(seat, &now, gx, gy);
			notify_pointer_frame(seat);
			snprintf(reply, n, "ok");
		}
	} else if (!strcmp(cmd, "button")) {
		if (sscanf(line, "%*s %d %d", &code, &state) != 2)
			snprintf(reply, n, "err usage: button CODE 1|0");
		else {
			notify_button(seat, &now, code, state ?
				      WL_POINTER_BUTTON_STATE_PRESSED :
				      WL_POINTER_BUTTON_STATE_RELEASED);
			notify_pointer_frame(seat);
			snprintf(reply, n, "ok");
		}
	} else if (!strcmp(cmd, "axis")) {
		/* axis V|H VALUE [DISCRETE]: a DISCRETE count makes it a wheel click. */
		struct weston_pointer_axis_event ev = { 0 };

		args = sscanf(line, "%*s %7s %lf %d", axis_name, &value, &discrete);
		if (args < 2 || (strcmp(axis_name, "V") && strcmp(axis_name, "H"))) {
			snprintf(reply, n, "err usage: axis V|H VALUE [DISCRETE]");
		} else {
			ev.axis = axis_name[0] == 'V' ? WL_POINTER_AXIS_VERTICAL_SCROLL :
				WL_POINTER_AXIS_HORIZONTAL_SCROLL;
			ev.value = value;
			ev.has_discrete = args == 3;
			ev.discrete = args == 3 ? discrete : 0;
			notify_axis_source(seat, args == 3 ? WL_POINTER_AXIS_SOURCE_WHEEL :
					   WL_POINTER_AXIS_SOURCE_FINGER);
			notify_axis(seat, &now, &ev);
			notify_pointer_frame(seat);
			snprintf(reply, n, "ok");
		}
	} else if (!strcmp(cmd, "key")) {
		if (sscanf(line, "%*s %d %d", &code, &state) != 2)
			snprintf(reply, n, "err usage: key CODE 1|0");
		else {
			notify_key(seat, &now, code, state ? WL_KEYBOARD_KEY_STATE_PRESSED :
				   WL_KEYBOARD_KEY_STATE_RELEASED, STATE_UPDATE_AUTOMATIC);
			snprintf(reply, n, "ok");
		}
	} else if (!strcmp(cmd, "hit") || !strcmp(cmd, "surface-size")) {
		if (sscanf(line, "%*s %lf %lf", &x, &y) != 2)
			snprintf(reply, n, "err usage: %s X Y", cmd);
		else if (cmd[0] == 'h')
			describe_client(view_at(ts, x, y), reply, n);
		else
			describe_surface(view_at(ts, x, y), reply, n);
	} else if (!strcmp(cmd, "frames")) {
		count_frames(ts, reply, n);
	} else if (!strcmp(cmd, "cursor")) {
		describe_cursor(ts, reply, n);
	} else if (!strcmp(cmd, "output-resize")) {
		if (sscanf(line, "%*s %d %d", &w, &h) != 2)
			snprintf(reply, n, "err usage: output-resize W H");
		else
			output_resize(ts, w, h, reply, n);
	} else {
		snprintf(reply, n, "err unknown command %s", cmd);
	}
}
