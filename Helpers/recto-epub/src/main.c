// recto-epub: draws the text pages of one fixed-layout EPUB for `recto`, sandboxed. AGPL (it links MuPDF);
// see README.md. Speaks recto-pdf's protocol (recto_pdf_protocol.h): OPEN, RENDER, LANGUAGE and SELFTEST.
#define _GNU_SOURCE
#include <stddef.h>
#include <stdlib.h>
#include <unistd.h>

#include "helper.h"
#include "recto_pdf_wire.h"

static void send_reply(const struct rpdf_reply *reply, int fd) {
    if (rpdf_send(RPDF_SOCKET_FD, reply, offsetof(struct rpdf_reply, text) + reply->text_length, fd, 0) < 0)
        _exit(1);  // recto is gone
}

// Usage: recto-epub [MEGABYTES]: the address space it may use (default 1024).
int main(int argc, char **argv) {
    limit_process(argc > 1 ? atol(argv[1]) : 0);
    book_warm_up();
    // MuPDF's fonts are built in and the book comes as a descriptor: the helper reads no file at all.
    enter_sandbox(NULL);
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
            attached = book_open(fd, &reply);
            fd = -1;  // the book's stream owns it now
        } else if (request.op == RPDF_OP_RENDER) {
            attached = book_render(&request, &reply);
        } else if (request.op == RPDF_OP_LANGUAGE) {
            // recto reads the language from the package document itself.
        } else if (request.op == RPDF_OP_SELFTEST) {
            sandbox_selftest(request.arg, &reply);
        } else {
            reply.status = RPDF_ERR_BAD_REQUEST;
            reply_text(&reply, "recto-epub does not answer request %u", request.op);
        }
        if (fd >= 0) close(fd);
        send_reply(&reply, attached);
        if (attached >= 0) close(attached);
    }
}
