// The document's outline (its bookmarks): the contents panel's entries, each with the page it opens.
#define _GNU_SOURCE
#include <poppler.h>
#include <string.h>

#include "helper.h"
#include "recto_pdf_wire.h"

// The title cut to RPDF_OUTLINE_TITLE_MAX bytes on a character's boundary.
static uint32_t copy_title(char *to, const char *title) {
    size_t n = title ? strlen(title) : 0;
    if (n > RPDF_OUTLINE_TITLE_MAX) {
        n = RPDF_OUTLINE_TITLE_MAX;
        while (n > 0 && ((unsigned char)title[n] & 0xC0) == 0x80) n--;
    }
    if (n) memcpy(to, title, n);
    to[n] = '\0';
    return (uint32_t)n;
}

// Depth first, in document order: an item's children follow it one level deeper. An entry whose action is not
// a move within the document (a web address, JavaScript) is left out, its children kept.
static void walk(PopplerDocument *document, PopplerIndexIter *iter, int level, struct rpdf_outline_entry *entries,
                 int *n) {
    if (level > 64) return;  // a cyclic or absurdly deep outline
    do {
        if (*n >= RPDF_OUTLINE_MAX) return;
        PopplerAction *action = poppler_index_iter_get_action(iter);
        if (action && action->type == POPPLER_ACTION_GOTO_DEST) {
            int page = document_destination_page(document, action->goto_dest.dest);
            if (page >= 0 && page < poppler_document_get_n_pages(document)) {
                struct rpdf_outline_entry *entry = &entries[(*n)++];
                entry->level = level;
                entry->page = page;
                entry->title_length = copy_title(entry->title, action->any.title);
            }
        }
        if (action) poppler_action_free(action);
        PopplerIndexIter *child = poppler_index_iter_get_child(iter);
        if (child) {
            walk(document, child, level + 1, entries, n);
            poppler_index_iter_free(child);
        }
    } while (poppler_index_iter_next(iter));
}

int document_outline(struct rpdf_reply *reply) {
    PopplerDocument *document = document_current();
    if (!document) {
        reply->status = RPDF_ERR_NO_DOCUMENT;
        reply_text(reply, "no document is open");
        return -1;
    }
    PopplerIndexIter *iter = poppler_index_iter_new(document);
    if (!iter) return -1;  // no outline: value 0
    struct rpdf_outline_entry *entries = g_new0(struct rpdf_outline_entry, RPDF_OUTLINE_MAX);
    int n = 0;
    walk(document, iter, 0, entries, &n);
    poppler_index_iter_free(iter);
    int fd = -1;
    if (n > 0) {
        void *map;
        size_t bytes = (size_t)n * sizeof *entries;
        fd = shared_buffer(bytes, &map, reply);
        if (fd >= 0) {
            memcpy(map, entries, bytes);
            fd = seal(fd, map, bytes, reply);
        }
    }
    if (fd >= 0) reply->value = n;
    g_free(entries);
    return fd;
}
