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

#endif
