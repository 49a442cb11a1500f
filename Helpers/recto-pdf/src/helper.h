// Internal declarations shared by the helper's files.
#ifndef RECTO_PDF_HELPER_H
#define RECTO_PDF_HELPER_H

#include <stddef.h>

#include "recto_pdf_protocol.h"

// Sets what the kernel must enforce before anything else runs: the address-space limit (`megabytes`, or 1 GiB
// when 0) and death with the parent.
void limit_process(long megabytes);
// Loads everything rendering needs from outside the already-open descriptors (fontconfig's configuration and
// cache, FreeType, text converters) by rendering a tiny built-in document once.
void warm_up(void);
// No new privileges, Landlock (when the kernel has it), then the seccomp filter. Exits on failure: a helper
// that cannot sandbox itself must not read a PDF.
void enter_sandbox(void);
// Loads the seccomp filter of policy.c (after which only its allowed calls succeed).
void filter_system_calls(void);
// The name of the first call the filter answered with ENOSYS because no list names it; NULL when none was.
const char *sandbox_first_refused_call(void);
// The Landlock ABI enforced by enter_sandbox, 0 when none.
int sandbox_landlock_abi(void);
// RPDF_OP_SELFTEST: attempts the forbidden action (value 0 if it succeeded, else the errno), or reports.
void sandbox_selftest(uint32_t which, struct rpdf_reply *reply);

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
// The open document (NULL before a successful OPEN) and its descriptor (-1 then).
struct _PopplerDocument *document_current(void);
/* Page `index` of the open document (an existing one), or NULL with the reply's error set. */
struct _PopplerPage *document_page(uint32_t index, struct rpdf_reply *reply);
int document_fd(void);
/* The page a TEXT or LINKS request names, or NULL with the reply's error set (no document, no such page). */
struct _PopplerPage *document_requested_page(const struct rpdf_request *request, struct rpdf_reply *reply);
// A memfd of `bytes` bytes mapped read-write at *map, or -1 with reply filled in.
int shared_buffer(size_t bytes, void **map, struct rpdf_reply *reply);
// Unmaps a filled buffer and seals it as RPDF_SEALS; returns fd, or -1 (closed, reply filled in).
int seal(int fd, void *map, size_t bytes, struct rpdf_reply *reply);
// Renders `data` (a PDF in memory) once at a small size, discarding the pixels.
void document_render_once(const char *data, int length);

// Sets reply->text from a printf format.
void reply_text(struct rpdf_reply *reply, const char *format, ...) __attribute__((format(printf, 2, 3)));

#endif
