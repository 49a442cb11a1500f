// Internal declarations shared by the helper's files.
#ifndef RECTO_PDF_HELPER_H
#define RECTO_PDF_HELPER_H

#include <stddef.h>

#include "helper_common.h"

struct _PopplerDocument;
struct _PopplerPage;
struct _PopplerDest;
struct _GString;

// Loads everything rendering needs from outside the already-open descriptors (fontconfig's configuration and
// cache, FreeType, text converters) by rendering a tiny built-in document once.
void warm_up(void);
// What the sandbox lets the helper read (NULL-terminated): fontconfig's font, cache and configuration
// directories and poppler's data (CMaps for CJK text).
const char *const *readable_directories(void);

// The document state and the two requests on it. Each fills `reply` and returns a descriptor to attach (or -1).
int document_open(int pdf_fd, struct rpdf_reply *reply);
int document_render(const struct rpdf_request *request, struct rpdf_reply *reply);
// RPDF_OP_TEXT (text.c): the page's text layer in a memfd, value its length; -1 and value 0 when it has none.
int document_text(const struct rpdf_request *request, struct rpdf_reply *reply);
// RPDF_OP_LANGUAGE (text.c): the document's language tag in reply->text, empty when it states none.
void document_language(struct rpdf_reply *reply);
// RPDF_OP_LINKS (links.c): the page's links in a memfd of struct rpdf_link, value their count; -1 and value 0
// when it has none.
int document_links(const struct rpdf_request *request, struct rpdf_reply *reply);
// The 0-based page a destination names, or -1 (a named destination the document does not define) (links.c).
int document_destination_page(struct _PopplerDocument *document, struct _PopplerDest *dest);
// RPDF_OP_OUTLINE (outline.c): the outline's entries in a memfd of struct rpdf_outline_entry, value their count;
// -1 and value 0 when the document has none.
int document_outline(struct rpdf_reply *reply);
// RPDF_OP_INFO (info.c): the Info dictionary's texts in a memfd, value their bytes; -1 and value 0 when it states
// none.
int document_info(struct rpdf_reply *reply);
// The Info texts of `document` as RPDF_OP_INFO sends them (the caller frees the string).
struct _GString *document_info_fields(struct _PopplerDocument *document);
// The open document (NULL before a successful OPEN) and its descriptor (-1 then).
struct _PopplerDocument *document_current(void);
/* Page `index` of the open document (an existing one), or NULL with the reply's error set. */
struct _PopplerPage *document_page(uint32_t index, struct rpdf_reply *reply);
int document_fd(void);
/* The page a TEXT or LINKS request names, or NULL with the reply's error set (no document, no such page). */
struct _PopplerPage *document_requested_page(const struct rpdf_request *request, struct rpdf_reply *reply);
// Renders `data` (a PDF in memory) once at a small size, discarding the pixels.
void document_render_once(const char *data, int length);

#endif
