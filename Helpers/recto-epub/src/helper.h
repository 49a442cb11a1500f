// Internal declarations shared by recto-epub's files.
#ifndef RECTO_EPUB_HELPER_H
#define RECTO_EPUB_HELPER_H

#include "helper_common.h"

// OPEN: reads the EPUB from `fd` (recto's read-only descriptor). Reply: page_count the spine's documents
// (MuPDF's chapters), each page's size the layout's (the viewport a RENDER asks for decides the real one).
int book_open(int fd, struct rpdf_reply *reply);
// RENDER: lays the chapter out at the request's viewport and draws the rectangle asked for.
int book_render(const struct rpdf_request *request, struct rpdf_reply *reply);
// Lays out and draws a tiny built-in page once, so the engine's fonts and tables are loaded before the sandbox.
void book_warm_up(void);

// The deepest a page may nest (elements, and parentheses in its CSS) for MuPDF to lay it out and draw it: the
// stack this needs, at most about 38 MB (an SVG drawing this deep whose `use` refers back to itself, which
// MuPDF follows 100 times), fits the helper's 64 MiB stack. A deeper page is refused with a reason.
#define NESTING_LIMIT 1000
// Files a page has MuPDF read besides itself, which nest too: a stylesheet it links, an SVG picture it shows.
enum linked_kind { LINKED_STYLESHEET, LINKED_SVG_PICTURE };
// Called with the kind and the reference (href or src, not NUL-terminated, relative to the page's folder).
typedef void (*linked_file)(void *user, enum linked_kind kind, const char *reference, size_t length);
// How deep the markup of a page (XHTML with its inline SVG, or an SVG page) nests (nesting.c), counting no
// further than just past `limit`. `linked` (may be NULL) is called for each file the page links, whose nesting
// the caller adds.
int markup_nesting(const char *bytes, size_t length, int limit, linked_file linked, void *user);
// How deep a stylesheet's parentheses nest, counting no further than just past `limit`.
int stylesheet_nesting(const char *bytes, size_t length, int limit);

#endif
