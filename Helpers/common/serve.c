// SPDX-License-Identifier: Apache-2.0
// The request loop both helpers run once sandboxed (on the large stack of stack.c): one reply per request, the
// self-tests answered here.
#define _GNU_SOURCE
#include <stddef.h>
#include <unistd.h>

#include "helper_common.h"
#include "recto_pdf_wire.h"

static void send_reply(const struct rpdf_reply *reply, int fd) {
    if (rpdf_send(RPDF_SOCKET_FD, reply, offsetof(struct rpdf_reply, text) + reply->text_length, fd, 0) < 0)
        _exit(1);  // recto is gone
}

int serve_requests_here(int (*answer)(const struct rpdf_request *request, int *fd, struct rpdf_reply *reply)) {
    for (;;) {
        struct rpdf_request request;
        int fd;
        ssize_t n = rpdf_receive(RPDF_SOCKET_FD, &request, sizeof request, &fd, 0);  // blocks until recto asks
        if (n == 0) return 0;
        if (n < 0) return 1;
        struct rpdf_reply reply = { .status = RPDF_OK };
        int attached = -1;
        if (n != sizeof request) {
            reply.status = RPDF_ERR_BAD_REQUEST;
            reply_text(&reply, "request of %zd bytes, expected %zu", n, sizeof request);
        } else if (request.op == RPDF_OP_SELFTEST) {
            sandbox_selftest(request.arg, &reply);
        } else {
            attached = answer(&request, &fd, &reply);
        }
        if (fd >= 0) close(fd);
        send_reply(&reply, attached);
        if (attached >= 0) close(attached);
        helper_stack_release();
    }
}
