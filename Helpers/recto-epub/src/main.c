// recto-epub: draws the text pages of one fixed-layout EPUB for `recto`, sandboxed. AGPL (it links MuPDF);
// see README.md. Speaks recto-pdf's protocol (recto_pdf_protocol.h): OPEN, RENDER, LANGUAGE and SELFTEST.
#include <stdlib.h>

#include "helper.h"

static int answer(const struct rpdf_request *request, int *fd, struct rpdf_reply *reply) {
    switch (request->op) {
    case RPDF_OP_OPEN:
        if (*fd < 0) break;
        int attached = book_open(*fd, reply);
        *fd = -1;  // the book's stream owns it now
        return attached;
    case RPDF_OP_RENDER: return book_render(request, reply);
    case RPDF_OP_LANGUAGE: return -1;  // recto reads the language from the package document itself
    default: break;
    }
    reply->status = RPDF_ERR_BAD_REQUEST;
    reply_text(reply, "recto-epub does not answer request %u", request->op);
    return -1;
}

// Usage: recto-epub [MEGABYTES]: the address space it may use (default 1024).
int main(int argc, char **argv) {
    limit_process(argc > 1 ? atol(argv[1]) : 0);
    book_warm_up();
    // MuPDF's fonts are built in and the book comes as a descriptor: the helper reads no file at all.
    enter_sandbox(NULL);
    return serve_requests(answer);
}
