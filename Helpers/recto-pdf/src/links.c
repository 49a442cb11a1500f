// A page's links, for recto to follow on a tap or a key: where each sits and which page it leads to.
#define _GNU_SOURCE
#include <poppler.h>
#include <string.h>

#include "helper.h"
#include "recto_pdf_wire.h"

// The 0-based page a destination names, or -1 (a named destination the document does not define).
int document_destination_page(PopplerDocument *document, PopplerDest *dest) {
    if (!dest) return -1;
    if (dest->type != POPPLER_DEST_NAMED) return dest->page_num - 1;
    PopplerDest *found = dest->named_dest ? poppler_document_find_dest(document, dest->named_dest) : NULL;
    int page = found && found->type != POPPLER_DEST_NAMED ? found->page_num - 1 : -1;
    if (found) poppler_dest_free(found);
    return page;
}

// The page a named action (PDF 32000 12.6.4.11) moves to from `from`, or -1 for one that is not a move.
static int named_action_page(const char *name, int from, int count) {
    if (!name) return -1;
    if (strcmp(name, "NextPage") == 0) return from + 1 < count ? from + 1 : -1;
    if (strcmp(name, "PrevPage") == 0) return from > 0 ? from - 1 : -1;
    if (strcmp(name, "FirstPage") == 0) return 0;
    if (strcmp(name, "LastPage") == 0) return count - 1;
    return -1;
}

// Fills `link` for `action`; 0 when the action neither moves within the document nor leads out of it (a
// form's reset, JavaScript, a movie): such a link is left out.
static int describe(PopplerDocument *document, PopplerAction *action, int from, struct rpdf_link *link) {
    int count = poppler_document_get_n_pages(document);
    link->page = -1;
    switch (action ? action->type : POPPLER_ACTION_NONE) {
    case POPPLER_ACTION_GOTO_DEST:
        link->page = document_destination_page(document, action->goto_dest.dest);
        break;
    case POPPLER_ACTION_NAMED:
        link->page = named_action_page(action->named.named_dest, from, count);
        break;
    case POPPLER_ACTION_URI:
    case POPPLER_ACTION_GOTO_REMOTE:
    case POPPLER_ACTION_LAUNCH:
        link->kind = RPDF_LINK_OUTSIDE;
        return 1;
    default:
        return 0;
    }
    if (link->page < 0 || link->page >= count) return 0;
    link->kind = RPDF_LINK_PAGE;
    return 1;
}

int document_links(const struct rpdf_request *r, struct rpdf_reply *reply) {
    PopplerDocument *document = document_current();
    PopplerPage *page = document_requested_page(r, reply);
    if (!page) return -1;
    double width, height;
    poppler_page_get_size(page, &width, &height);
    // poppler lists them last first.
    GList *mapping = g_list_reverse(poppler_page_get_link_mapping(page));
    struct rpdf_link *links = g_new0(struct rpdf_link, RPDF_LINKS_MAX);
    int n = 0;
    for (GList *item = mapping; item && n < RPDF_LINKS_MAX; item = item->next) {
        PopplerLinkMapping *m = item->data;
        struct rpdf_link link = {0};
        if (!describe(document, m->action, (int)r->page, &link)) continue;
        // poppler gives the area in points of the displayed page from its bottom left, corners in any order.
        double x1 = MIN(m->area.x1, m->area.x2), x2 = MAX(m->area.x1, m->area.x2);
        double y1 = MIN(m->area.y1, m->area.y2), y2 = MAX(m->area.y1, m->area.y2);
        x1 = CLAMP(x1, 0, width), x2 = CLAMP(x2, 0, width), y1 = CLAMP(y1, 0, height), y2 = CLAMP(y2, 0, height);
        if (x2 - x1 <= 0 || y2 - y1 <= 0) continue;  // nothing of it on the page
        link.x = x1, link.y = height - y2, link.w = x2 - x1, link.h = y2 - y1;
        links[n++] = link;
    }
    poppler_page_free_link_mapping(mapping);
    g_object_unref(page);
    int fd = -1;
    if (n > 0) {
        void *map;
        size_t bytes = (size_t)n * sizeof *links;
        fd = shared_buffer(bytes, &map, reply);
        if (fd >= 0) {
            memcpy(map, links, bytes);
            fd = seal(fd, map, bytes, reply);
        }
    }
    if (fd >= 0) reply->value = n;
    g_free(links);
    return fd;
}
