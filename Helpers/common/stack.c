// SPDX-License-Identifier: Apache-2.0
// The stack a helper's requests run on. Parsers and layout engines recurse once per level of what they read
// (MuPDF about 1.1 KB per nested HTML element, poppler a few hundred bytes per link in a /Next chain), so the
// stack is what bounds how deep a document can nest before the helper dies. It is not left to the stack limit
// the helper happens to inherit: the request loop runs on a thread whose stack is mapped here, 64 MiB (an eighth
// of the address-space limit when that is under 512 MiB), below a guard region of 1 MiB that no frame can step
// over. A recursion that reaches the guard is stopped there: the fault handler sees the address, writes a line
// and exits with RPDF_EXIT_STACK, which recto reports as a document nested deeper than the helper's stack holds.
// Every other fault is left to kill the helper with its signal, which recto reports as the crash it is.
#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include "helper_common.h"

#define LARGE_STACK_BYTES ((size_t)64 << 20)
#define SMALLEST_STACK_BYTES ((size_t)8 << 20)
#define GUARD_BYTES ((size_t)1 << 20)
// The fault handler's own stack: the thread's is exhausted when the handler matters most.
#define SIGNAL_STACK_BYTES ((size_t)64 << 10)

static uintptr_t guard_low, guard_high;
static size_t stack_bytes;

size_t helper_stack_bytes(void) { return stack_bytes; }

void helper_stack_release(void) {
    if (!stack_bytes) return;
    // What lies more than 64 KiB below this frame was used by a request that has ended: a page that recursed
    // deep leaves its stack's pages resident until they are given back.
    char here;
    uintptr_t low = guard_high, below = ((uintptr_t)&here - ((uintptr_t)64 << 10)) & ~(uintptr_t)0xfff;
    if (below > low) madvise((void *)low, below - low, MADV_DONTNEED);
}

static void write_text(const char *text) {
    ssize_t ignored = write(STDERR_FILENO, text, strlen(text));
    (void)ignored;
}

static void on_fault(int signal, siginfo_t *info, void *context) {
    (void)context;
    uintptr_t at = (uintptr_t)info->si_addr;
    if (info->si_code > 0 && at >= guard_low && at < guard_high) {
        write_text(program_invocation_short_name);
        write_text(": the document nests deeper than the stack holds; stopped at its guard\n");
        _exit(RPDF_EXIT_STACK);
    }
    // SA_RESETHAND has put back the default action: a fault the processor raised happens again when this
    // returns and kills the helper with its signal; one sent from outside is raised again for the same end.
    if (info->si_code <= 0) raise(signal);
}

struct request_loop {
    int (*answer)(const struct rpdf_request *, int *, struct rpdf_reply *);
    int result;
    sigset_t mask;  // the signal mask the helper started with, the worker's
};

static void *serve_on_large_stack(void *argument) {
    struct request_loop *loop = argument;
    pthread_sigmask(SIG_SETMASK, &loop->mask, NULL);
    void *signal_stack = mmap(NULL, SIGNAL_STACK_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (signal_stack != MAP_FAILED) {
        stack_t alternate = { .ss_sp = signal_stack, .ss_size = SIGNAL_STACK_BYTES };
        struct sigaction action = { .sa_sigaction = on_fault, .sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND };
        sigemptyset(&action.sa_mask);
        if (sigaltstack(&alternate, NULL) == 0) {
            sigaction(SIGSEGV, &action, NULL);
            sigaction(SIGBUS, &action, NULL);
        }
    }
    loop->result = serve_requests_here(loop->answer);
    return NULL;
}

// The stack for an address-space limit of `limit` bytes: the full size, or an eighth of a small limit (a helper
// started with 96 MiB still has room for its pages), never under the 8 MiB a main thread gets by default.
static size_t stack_size_within(rlim_t limit) {
    if (limit == RLIM_INFINITY || limit / 8 >= LARGE_STACK_BYTES) return LARGE_STACK_BYTES;
    size_t share = (size_t)(limit / 8) & ~(size_t)0xfffff;
    return share > SMALLEST_STACK_BYTES ? share : SMALLEST_STACK_BYTES;
}

int serve_requests(int (*answer)(const struct rpdf_request *request, int *fd, struct rpdf_reply *reply)) {
    struct rlimit address_space = { RLIM_INFINITY, RLIM_INFINITY };
    getrlimit(RLIMIT_AS, &address_space);
    size_t bytes = stack_size_within(address_space.rlim_cur);
    struct request_loop loop = { answer, 1 };
    // One thread allocates: glibc would otherwise reserve it an arena of its own, 64 MiB of the address space.
    mallopt(M_ARENA_MAX, 1);
    // Guard below the stack (it grows down): PROT_NONE, so the first frame past the end faults inside it.
    char *mapping = mmap(NULL, GUARD_BYTES + bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    int error = mapping == MAP_FAILED ? errno : 0;
    if (!error && mprotect(mapping + GUARD_BYTES, bytes, PROT_READ | PROT_WRITE) != 0) error = errno;
    if (!error) {
        guard_low = (uintptr_t)mapping;
        guard_high = guard_low + GUARD_BYTES;
        stack_bytes = bytes;
        pthread_attr_t attributes;
        pthread_t thread;
        // The main thread blocks every signal from here on, so one sent to the helper (a SIGSEGV, a SIGABRT from
        // outside) is taken by the worker and ends the helper at once; taken by the idle main thread, it might end
        // it only after the worker had answered another request.
        sigset_t all;
        sigfillset(&all);
        pthread_sigmask(SIG_BLOCK, &all, &loop.mask);
        error = pthread_attr_init(&attributes);
        if (!error) error = pthread_attr_setstack(&attributes, mapping + GUARD_BYTES, bytes);
        if (!error) error = pthread_create(&thread, &attributes, serve_on_large_stack, &loop);
        pthread_attr_destroy(&attributes);
        if (!error) {
            pthread_join(thread, NULL);
            return loop.result;
        }
        pthread_sigmask(SIG_SETMASK, &loop.mask, NULL);
    }
    // No room for it (a tiny address-space limit): the requests run on this thread's stack, and a document that
    // nests too deep for it crashes the helper, which recto reports as a crash.
    fprintf(stderr, "%s: no stack of %zu MiB for the requests (%s); serving on the main thread's\n",
            program_invocation_short_name, bytes >> 20, strerror(error));
    if (mapping != MAP_FAILED) munmap(mapping, GUARD_BYTES + bytes);
    stack_bytes = 0;
    guard_low = guard_high = 0;
    return serve_requests_here(answer);
}
