// SPDX-License-Identifier: Apache-2.0
// What both document helpers (recto-pdf, recto-epub) share: the confinement they enter before they read a
// request, and how a reply carries its text and its bulk data. One copy, so both answer the same self-tests under the same system-call policy.
#ifndef RECTO_HELPER_COMMON_H
#define RECTO_HELPER_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "recto_pdf_protocol.h"

// Sets what the kernel must enforce before anything else runs: the address-space limit (`megabytes`, or 1 GiB
// when 0), no core dumps, death with the parent, and every descriptor above the socket closed.
void limit_process(long megabytes);
// No new privileges, Landlock (when the kernel has it: reading only beneath the NULL-terminated `readable`
// directories, which may be NULL), then the seccomp filter. Exits with RPDF_EXIT_SANDBOX on failure: a helper
// that cannot sandbox itself must not read a document.
void enter_sandbox(const char *const *readable);
// Loads the seccomp filter of policy.c (after which only its allowed calls succeed).
void filter_system_calls(void);
// The name of the first call the filter answered with ENOSYS because no list names it; NULL when none was.
const char *sandbox_first_refused_call(void);
// The Landlock ABI enforced by enter_sandbox, 0 when none.
int sandbox_landlock_abi(void);
// RPDF_OP_SELFTEST: attempts the forbidden action (value 0 if it succeeded, else the errno), or reports.
void sandbox_selftest(uint32_t which, struct rpdf_reply *reply);
// Reads requests from RPDF_SOCKET_FD until recto closes it (0) or the socket fails (1), answering SELFTEST itself
// and every other request with `answer`, which fills the reply and returns a descriptor to attach (-1: none).
// `*fd` is a descriptor that came with the request (-1: none): `answer` sets it to -1 if it keeps it.
// Runs the loop on a thread with a large stack and a guard below it (stack.c): call it after enter_sandbox, so
// the thread starts inside the sandbox. A recursion that reaches the guard exits with RPDF_EXIT_STACK.
int serve_requests(int (*answer)(const struct rpdf_request *request, int *fd, struct rpdf_reply *reply));
// The same loop on the calling thread's stack (serve.c).
int serve_requests_here(int (*answer)(const struct rpdf_request *request, int *fd, struct rpdf_reply *reply));
// The stack the requests run on, in bytes (0 before serve_requests, or when it runs them on the main thread).
size_t helper_stack_bytes(void);
// Gives back the pages of the requests' stack below the caller's frame, which a deep recursion left resident.
void helper_stack_release(void);
// A memfd of `bytes` bytes mapped read-write at *map, or -1 with reply filled in.
int shared_buffer(size_t bytes, void **map, struct rpdf_reply *reply);
// Unmaps a filled buffer and seals it as RPDF_SEALS; returns fd, or -1 (closed, reply filled in).
int seal(int fd, void *map, size_t bytes, struct rpdf_reply *reply);
// Sets reply->text from a printf format.
void reply_text(struct rpdf_reply *reply, const char *format, ...) __attribute__((format(printf, 2, 3)));

#endif
