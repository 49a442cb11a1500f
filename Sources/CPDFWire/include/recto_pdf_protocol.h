// SPDX-License-Identifier: Apache-2.0
// Part of recto (Apache-2.0), not of the GPL helper's tree: recto (through CPDFWire) and recto-pdf (through its
// header search path) both include this one copy. Apache-2.0 code may be combined into the GPL-3 helper.
// The wire protocol between `recto` and its PDF helper `recto-pdf` (see Helpers/recto-pdf/README.md).
// One request or reply per SOCK_SEQPACKET packet, in the machine's own byte order (both ends run on the same
// machine). Bulk data (page tables, pixels) never goes through the socket: it comes back as a memfd attached
// to the reply with SCM_RIGHTS. This header is plain C99 and includes no library header, so `recto` can
// share it without linking anything of the helper.
#ifndef RECTO_PDF_PROTOCOL_H
#define RECTO_PDF_PROTOCOL_H

#include <stdint.h>

// Raised when a request is added or changes meaning (2: RPDF_OP_INFO). recto and its helpers are built and
// installed together, and a helper answers a request it does not know with RPDF_ERR_BAD_REQUEST.
#define RPDF_PROTOCOL_VERSION 2
// The helper's end of the socket, set up by whoever spawns it.
#define RPDF_SOCKET_FD 3

// Exit statuses a helper ends with on its own, besides 0 (recto closed the socket) and 1 (the socket failed):
// it could not confine itself (limits, Landlock or seccomp), so it read nothing; or a document nested so deep
// that the recursion reading it reached the guard below the helper's stack, where the helper stopped it.
#define RPDF_EXIT_SANDBOX 70
#define RPDF_EXIT_STACK 71
// Longest title or error text in a reply, in bytes (UTF-8, not NUL-terminated; `text_length` says how long).
#define RPDF_TEXT_MAX 1024
// Largest image the helper renders: pixels per side and in total (4 bytes each).
#define RPDF_MAX_SIDE 16384
#define RPDF_MAX_PIXELS (48 * 1024 * 1024)
// Longest page label, in bytes.
#define RPDF_LABEL_MAX 63
// Longest text of one page (RPDF_OP_TEXT), in bytes: a page read aloud is a few KB; a longer one is cut at a
// character's boundary.
#define RPDF_PAGE_TEXT_MAX (64 * 1024)
// Most links listed for one page (RPDF_OP_LINKS); a page with more lists its first ones in document order.
#define RPDF_LINKS_MAX 1024
// Most outline entries (RPDF_OP_OUTLINE), and the longest title kept of one, in bytes (cut on a character's
// boundary).
#define RPDF_OUTLINE_MAX 2000
#define RPDF_OUTLINE_TITLE_MAX 255
// The longest text of one Info field (RPDF_OP_INFO), in bytes (cut on a character's boundary): an author or a
// subject is a line, the About panel shows no more.
#define RPDF_INFO_TEXT_MAX 2000

enum rpdf_op {
    // Attached: the PDF's descriptor (read-only). Reply: page_count; the title in text; attached: a memfd of
    // page_count × 2 doubles, each page's width and height in points after its CropBox and /Rotate, then
    // `value` bytes of page labels: one NUL-terminated UTF-8 string per page (none when value is 0: the
    // document has no labels but the page numbers).
    RPDF_OP_OPEN = 1,
    // page (0-based); the rectangle x, y, w, h in points of the page as displayed (origin top left, after
    // CropBox and /Rotate); width × height pixels out. Reply: attached memfd of width × height × 4 bytes,
    // R G B A, rows top-down, opaque (the page is rendered on white paper).
    // recto-epub (a fixed-layout EPUB's text pages, same protocol): page is the spine document (0-based, as
    // MuPDF counts: every itemref the manifest resolves, `linear="no"` ones included); arg is the viewport the
    // page is laid out in, CSS pixels, width in the low 16 bits and height in the high 16; x, y, w, h in those
    // pixels.
    RPDF_OP_RENDER = 2,
    // Hidden self-test of the sandbox: arg is an rpdf_selftest. Reply: value = 0 when the forbidden action
    // succeeded (the sandbox failed), else the errno it was refused with. A sandbox may kill the helper instead.
    RPDF_OP_SELFTEST = 3,
    // page (0-based). Reply: value = the bytes of the page's text layer (UTF-8, at most RPDF_PAGE_TEXT_MAX, in
    // poppler's reading order); attached when value > 0: a memfd of those bytes. 0 and nothing attached: the
    // page has no text (a scan without OCR).
    RPDF_OP_TEXT = 4,
    // Reply: the document's language in text (BCP 47, "en-GB": the Catalog's /Lang, else the XMP metadata's
    // dc:language), text_length 0 when it states none.
    RPDF_OP_LANGUAGE = 5,
    // page (0-based). Reply: value = how many links the page has (at most RPDF_LINKS_MAX); attached when value > 0:
    // a memfd of that many struct rpdf_link, in the page's annotation order.
    RPDF_OP_LINKS = 6,
    // Reply: value = how many entries the document's outline (bookmarks) has that lead to one of its pages (at
    // most RPDF_OUTLINE_MAX), depth first in document order; attached when value > 0: a memfd of that many
    // struct rpdf_outline_entry.
    RPDF_OP_OUTLINE = 7,
    // Reply: value = the bytes of the document's Info texts (0 and nothing attached: it states none); attached
    // when value > 0: a memfd of RPDF_INFO_FIELDS NUL-terminated UTF-8 strings in the order of enum
    // rpdf_info_field, each at most RPDF_INFO_TEXT_MAX bytes, empty for one the document does not state.
    RPDF_OP_INFO = 8,
};

// The Info dictionary's fields RPDF_OP_INFO sends, in this order. CREATED is the CreationDate as the day it
// names in the time zone it was written with: "2019-03-04".
enum rpdf_info_field {
    RPDF_INFO_AUTHOR = 0,
    RPDF_INFO_SUBJECT = 1,
    RPDF_INFO_KEYWORDS = 2,
    RPDF_INFO_CREATOR = 3,   // the program that made the original document
    RPDF_INFO_PRODUCER = 4,  // the program that made the PDF
    RPDF_INFO_CREATED = 5,
    RPDF_INFO_FIELDS = 6,
};

// One outline entry: how deep it is nested (0: the top level), the 0-based page it opens, its title (UTF-8,
// NUL-terminated, title_length bytes).
struct rpdf_outline_entry {
    int32_t level;
    int32_t page;
    uint32_t title_length;
    char title[RPDF_OUTLINE_TITLE_MAX + 1];
};

// Where a link leads.
enum rpdf_link_kind {
    RPDF_LINK_PAGE = 1,     // a page of this document (a destination, named or explicit, or a named action
                            // such as NextPage): `page` is its 0-based index
    RPDF_LINK_OUTSIDE = 2,  // a web address, another file or a program: recto never follows these
};

// One link of a page: its rectangle in points of the page as displayed (origin top left, after CropBox and
// /Rotate, like RPDF_OP_RENDER's), and where it leads.
struct rpdf_link {
    double x, y, w, h;
    uint32_t kind;
    int32_t page;
};

enum rpdf_selftest {
    RPDF_SELFTEST_OPEN_WRITE = 1,   // open a file in /tmp for writing
    RPDF_SELFTEST_SOCKET = 2,       // socket() + connect() to a local address
    RPDF_SELFTEST_EXEC = 3,         // execve("/bin/true")
    RPDF_SELFTEST_READ_OUTSIDE = 4, // open /etc/passwd for reading (refused where Landlock is available)
    RPDF_SELFTEST_SANDBOX_INFO = 5, // value = the Landlock ABI in force, 0 when none
    RPDF_SELFTEST_UNLISTED = 6,     // a harmless call on none of the policy's lists (getitimer)
    RPDF_SELFTEST_REFUSED_CALL = 7, // value = 1 and the call's name in text when the filter has refused an
                                    // unlisted call since the helper started, else 0
};

enum rpdf_status {
    RPDF_OK = 0,
    RPDF_ERR_BAD_REQUEST = 1,  // malformed request, unknown op, page out of range, size out of limits
    RPDF_ERR_NO_DOCUMENT = 2,  // RENDER before a successful OPEN
    RPDF_ERR_DAMAGED = 3,      // the document cannot be opened; text says why
    RPDF_ERR_PASSWORD = 4,     // the document needs a password
    RPDF_ERR_PAGE = 5,         // the page cannot be loaded or rendered; text says why
    RPDF_ERR_SYSTEM = 6,       // out of memory, memfd failed; text says why
};

struct rpdf_request {
    uint32_t op;
    uint32_t page;
    int32_t width, height;
    double x, y, w, h;
    uint32_t arg;
    uint32_t reserved;
};

struct rpdf_reply {
    uint32_t status;
    uint32_t page_count;
    int32_t value;
    uint32_t text_length;
    char text[RPDF_TEXT_MAX];
};

#endif
