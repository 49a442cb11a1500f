// Linux interfaces that Glibc's Swift module does not include.
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/inotify.h>
#include <signal.h>
#include <malloc.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/memfd.h>

// memfd_create(2) is declared only under _GNU_SOURCE, which Swift's Glibc module does not set.
static inline int recto_memfd_create(const char *name, unsigned int flags) {
    return (int)syscall(SYS_memfd_create, name, flags);
}

// pipe2(2) and accept4(2), likewise: descriptors close-on-exec from the start, so no program that another
// thread spawns meanwhile (the PDF helper) inherits them.
static inline int recto_pipe2(int fds[2], int flags) {
    return (int)syscall(SYS_pipe2, fds, flags);
}

static inline int recto_accept4(int listener, int flags) {
    return (int)syscall(SYS_accept4, listener, (void *)0, (void *)0, flags);
}

#include <sys/prctl.h>

// The calling thread's name (at most 15 bytes; ps, top and gdb show it): pthread_setname_np is _GNU_SOURCE too.
static inline int recto_set_thread_name(const char *name) {
    return prctl(PR_SET_NAME, (unsigned long)name, 0, 0, 0);
}
