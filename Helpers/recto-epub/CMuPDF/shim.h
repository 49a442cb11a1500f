// MuPDF (AGPL-3.0), its HTML and EPUB engine: for the recto-epub helper only. Debian ships it as a static
// library whose pkg-config names only -lmupdf: recto-epub's target links the libraries it was built against.
#include <mupdf/fitz.h>
