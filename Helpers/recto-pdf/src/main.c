// recto-pdf: renders the pages of one PDF for `recto`, sandboxed. GPL (it links poppler); see README.md.
// Reads requests from the socket at RPDF_SOCKET_FD, answers each with one reply and, for bulk data, a memfd.
#include <stdlib.h>

#include "helper.h"

static int answer(const struct rpdf_request *request, int *fd, struct rpdf_reply *reply) {
    switch (request->op) {
    case RPDF_OP_OPEN:
        if (*fd < 0) break;
        int attached = document_open(*fd, reply);
        *fd = -1;  // poppler owns it now
        return attached;
    case RPDF_OP_RENDER: return document_render(request, reply);
    case RPDF_OP_TEXT: return document_text(request, reply);
    case RPDF_OP_LINKS: return document_links(request, reply);
    case RPDF_OP_OUTLINE: return document_outline(reply);
    case RPDF_OP_LANGUAGE: document_language(reply); return -1;
    case RPDF_OP_INFO: return document_info(reply);
    default: break;
    }
    reply->status = RPDF_ERR_BAD_REQUEST;
    reply_text(reply, "unknown request %u", request->op);
    return -1;
}

// Usage: recto-pdf [MEGABYTES]: the address space it may use (default 1024).
int main(int argc, char **argv) {
    limit_process(argc > 1 ? atol(argv[1]) : 0);
    warm_up();
    enter_sandbox(readable_directories());
    return serve_requests(answer);
}
