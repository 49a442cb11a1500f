// recto-pdf: renders the pages of one PDF for `recto`, sandboxed. GPL (it links poppler); see README.md.
// Reads requests from the socket at RPDF_SOCKET_FD, answers each with one reply and, for bulk data, a memfd.
#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "helper.h"
#include "recto_pdf_wire.h"

static void send_reply(const struct rpdf_reply *reply, int fd) {
    if (rpdf_send(RPDF_SOCKET_FD, reply, offsetof(struct rpdf_reply, text) + reply->text_length, fd, 0) < 0)
        _exit(1);  // recto is gone
}

// Usage: recto-pdf [MEGABYTES]: the address space it may use (default 1024).
int main(int argc, char **argv) {
    limit_process(argc > 1 ? atol(argv[1]) : 0);
    warm_up();
    enter_sandbox(readable_directories());
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
        } else if (request.op == RPDF_OP_OPEN && fd >= 0) {
            attached = document_open(fd, &reply);
            fd = -1;  // poppler owns it now
        } else if (request.op == RPDF_OP_RENDER) {
            attached = document_render(&request, &reply);
        } else if (request.op == RPDF_OP_TEXT) {
            attached = document_text(&request, &reply);
        } else if (request.op == RPDF_OP_LINKS) {
            attached = document_links(&request, &reply);
        } else if (request.op == RPDF_OP_OUTLINE) {
            attached = document_outline(&reply);
        } else if (request.op == RPDF_OP_LANGUAGE) {
            document_language(&reply);
        } else if (request.op == RPDF_OP_SELFTEST) {
            sandbox_selftest(request.arg, &reply);
        } else {
            reply.status = RPDF_ERR_BAD_REQUEST;
            reply_text(&reply, "unknown request %u", request.op);
        }
        if (fd >= 0) close(fd);
        send_reply(&reply, attached);
        if (attached >= 0) close(attached);
    }
}
