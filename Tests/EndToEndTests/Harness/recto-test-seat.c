/*
 * recto-test-seat: a test-only weston 10 module for Recto's end-to-end tests.
 *
 * The headless backend creates no seat, so kiosk-shell never maps a client and
 * nothing can deliver input. This module adds one seat ("recto-test") with
 * touch, pointer and keyboard, and injects events on command from a UNIX
 * stream socket at $RECTO_TEST_CONTROL (created by the module).
 *
 * Protocol: one command per line; exactly one reply line each, "ok ..." or
 * "err <reason>". X Y are output framebuffer pixels of the first output (as a
 * touchscreen on that panel reports them); event times are CLOCK_MONOTONIC plus
 * the clock offset (0 at start).
 *   ping                      -> ok pong
 *   clock-offset MS           (later input is stamped MS ms off CLOCK_MONOTONIC)
 *   clock-hold | clock-advance MS | clock-release
 *                             (input stamped at a held time that moves only by
 *                              clock-advance; released: the clock again)
 *   output                    -> ok W H SCALE TRANSFORM   (err until enabled)
 *   touch-down ID X Y | touch-motion ID X Y | touch-up ID | touch-frame
 *   touch-cancel              (really sends wl_touch.cancel, then resets)
 *   pointer-motion X Y | button CODE 1|0 | axis V|H VALUE [DISCRETE]
 *   key CODE 1|0              (evdev codes; modifiers follow automatically)
 *   hit X Y                   -> ok PID | ok none   (client owning the surface)
 *   surface-size X Y          -> ok SW SH BW BH SCALE | ok none
 *   cursor                    -> ok PID | ok none   (client whose cursor sprite shows)
 *   output-resize W H         -> ok W H   (framebuffer pixels, multiple of scale)
 *
 * Built by the tests (Support/WestonModule.swift): cc -shared -fPIC *.c
 *     $(pkg-config --cflags --libs libweston-10 wayland-server xkbcommon)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "recto-test-seat.h"

#define MAX_LINE 256

struct control_client {
	struct wl_list link;
	struct test_seat *owner;
	int fd;
	struct wl_event_source *source;
	char buf[MAX_LINE];
	size_t len;
};

static void
client_destroy(struct control_client *c)
{
	wl_event_source_remove(c->source);
	close(c->fd);
	wl_list_remove(&c->link);
	free(c);
}

static int
write_all(int fd, const char *data, size_t len)
{
	while (len > 0) {
		ssize_t w = write(fd, data, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		data += w;
		len -= (size_t)w;
	}
	return 0;
}

static int
on_client_data(int fd, uint32_t mask, void *data)
{
	struct control_client *c = data;
	char reply[MAX_LINE + 2];
	char *newline;
	ssize_t r;

	r = read(fd, c->buf + c->len, sizeof c->buf - 1 - c->len);
	if (r <= 0) {
		if (r < 0 && (errno == EINTR || errno == EAGAIN))
			return 0;
		client_destroy(c);
		return 0;
	}
	c->len += (size_t)r;
	c->buf[c->len] = '\0';
	while ((newline = strchr(c->buf, '\n'))) {
		*newline = '\0';
		run_command(c->owner, c->buf, reply, MAX_LINE);
		strcat(reply, "\n");
		c->len -= (size_t)(newline + 1 - c->buf);
		memmove(c->buf, newline + 1, c->len + 1);
		if (write_all(fd, reply, strlen(reply)) < 0) {
			client_destroy(c);
			return 0;
		}
	}
	if (c->len == sizeof c->buf - 1) {
		write_all(fd, "err line too long\n", 18);
		client_destroy(c);
	}
	return 0;
}

static int
on_connect(int fd, uint32_t mask, void *data)
{
	struct test_seat *ts = data;
	struct wl_event_loop *loop = wl_display_get_event_loop(ts->compositor->wl_display);
	struct control_client *c;
	int cfd = accept4(fd, NULL, NULL, SOCK_CLOEXEC);

	if (cfd < 0)
		return 0;
	c = zalloc(sizeof *c);
	if (!c) {
		close(cfd);
		return 0;
	}
	c->owner = ts;
	c->fd = cfd;
	c->source = wl_event_loop_add_fd(loop, cfd, WL_EVENT_READABLE, on_client_data, c);
	wl_list_insert(&ts->clients, &c->link);
	return 0;
}

static void
on_compositor_destroy(struct wl_listener *listener, void *data)
{
	struct test_seat *ts = wl_container_of(listener, ts, destroy_listener);
	struct control_client *c, *next;

	wl_list_for_each_safe(c, next, &ts->clients, link)
		client_destroy(c);
	wl_event_source_remove(ts->listen_source);
	close(ts->listen_fd);
	unlink(ts->path);
	wl_list_remove(&ts->destroy_listener.link);
	/* The seat itself is left to process exit: weston 10 has no safe
	 * teardown order for a module-owned seat at this point. */
}

static int
listen_on(struct test_seat *ts, const char *path)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };

	if (strlen(path) >= sizeof addr.sun_path) {
		weston_log("recto-test-seat: control path too long: %s\n", path);
		return -1;
	}
	strcpy(addr.sun_path, path);
	strcpy(ts->path, path);
	unlink(path);
	ts->listen_fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (ts->listen_fd < 0 ||
	    bind(ts->listen_fd, (struct sockaddr *)&addr, sizeof addr) < 0 ||
	    listen(ts->listen_fd, 8) < 0) {
		weston_log("recto-test-seat: cannot listen on %s: %s\n", path,
			   strerror(errno));
		if (ts->listen_fd >= 0)
			close(ts->listen_fd);
		return -1;
	}
	return 0;
}

WL_EXPORT int
wet_module_init(struct weston_compositor *compositor, int *argc, char *argv[])
{
	const char *path = getenv("RECTO_TEST_CONTROL");
	struct test_seat *ts;

	if (!path || !*path) {
		weston_log("recto-test-seat: RECTO_TEST_CONTROL is not set\n");
		return -1;
	}
	ts = zalloc(sizeof *ts);
	if (!ts)
		return -1;
	ts->compositor = compositor;
	wl_list_init(&ts->clients);

	/* A failure here makes weston exit, which is all the tests need to know. */
	weston_seat_init(&ts->seat, compositor, "recto-test");
	weston_seat_init_pointer(&ts->seat);
	if (weston_seat_init_keyboard(&ts->seat, NULL) < 0) {
		weston_log("recto-test-seat: no keyboard (xkb keymap failed)\n");
		return -1;
	}
	weston_seat_init_touch(&ts->seat);
	ts->touch_device = weston_touch_create_touch_device(
		weston_seat_get_touch(&ts->seat), "recto-test-touch", NULL, NULL);
	if (!ts->touch_device)
		return -1;
	/* Listen last: once the socket exists, every command works. */
	if (listen_on(ts, path) < 0)
		return -1;

	ts->listen_source = wl_event_loop_add_fd(
		wl_display_get_event_loop(compositor->wl_display), ts->listen_fd,
		WL_EVENT_READABLE, on_connect, ts);
	ts->destroy_listener.notify = on_compositor_destroy;
	wl_signal_add(&compositor->destroy_signal, &ts->destroy_listener);
	weston_log("recto-test-seat: seat \"recto-test\" ready, control at %s\n", path);
	return 0;
}
