// The helpers' system-call policy once they read a document (recto-pdf a PDF, recto-epub an EPUB): what it may do, what it is refused, what kills it, and why.
//
// The verdict for a call must not depend on what the warm-up happened to touch. glibc, fontconfig and poppler
// ask some things lazily, on the first occasion: qsort asks sysinfo for the machine's memory the first time it
// sorts more than 1 KiB, so a long page's text reached it inside the sandbox on a machine with few fonts and
// the helper was killed. So each call is judged by what it could do, not by whether rendering needed it once:
//
// - ALLOWED: what reading, rendering and answering do (reads, memory without PROT_EXEC, the one socket, memfds),
//   and introspection that tells a hostile page nothing it could use (memory totals, limits, CPU sets, clocks,
//   ids). Threads too: a thread inherits this filter and Landlock, so it can do nothing the helper cannot.
// - REFUSED WITH AN ERRNO: calls a library may try in passing and copes with failing: fontconfig writing its
//   cache (EACCES, as Landlock answers), NSS opening a socket, isatty on stderr (ENOTTY), a thread changing its
//   priority or limits (EPERM). Allowing them would gain nothing; killing for them would lose the page.
// - KILL: calls that only serve an escape or an attack on the system: running programs, tracing or reading
//   other processes, new executable memory, namespaces and mounts, keys, bpf, io_uring (its operations bypass
//   seccomp), kernel modules, identity changes, connecting or listening. A helper that tries one has been
//   taken over by its PDF; recto sees SIGSYS, shows the page's placeholder and starts a new helper.
// - ANYTHING ELSE: ENOSYS, which glibc takes for an older kernel and falls back from; and reported, so a sweep
//   finds it before a kiosk does: a line on stderr naming the call, and RPDF_SELFTEST_REFUSED_CALL.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#include "helper_common.h"

static const char *const allowed[] = {
    // Files already open or opened read-only (open and openat are judged by their flags below).
    "read", "pread64", "readv", "preadv", "preadv2", "lseek", "close", "close_range", "fstat", "newfstatat", "stat",
    "lstat", "statx", "statfs", "fstatfs", "getdents64", "access", "faccessat", "faccessat2", "readlink",
    "readlinkat", "fcntl", "fadvise64", "flock", "fsync", "fdatasync", "dup", "dup2", "dup3", "getcwd",
    // stdout and stderr (/dev/null or recto's log) and the socket to recto, the only one the helper has.
    "write", "writev", "recvmsg", "sendmsg", "recvfrom", "sendto", "shutdown", "getsockopt",
    // Replies: sealed memfds.
    "memfd_create", "ftruncate",
    // Memory (mmap and mprotect below, without PROT_EXEC).
    "brk", "munmap", "mremap", "madvise", "mincore", "msync", "futex", "membarrier", "get_mempolicy",
    // Threads and their bookkeeping (clone below, for threads only), waiting, in-process wake-ups.
    "set_robust_list", "get_robust_list", "set_tid_address", "rseq", "sched_yield", "poll", "ppoll", "pselect6",
    "select", "pipe", "pipe2", "eventfd", "eventfd2", "nanosleep", "clock_nanosleep",
    // Signals of its own (tgkill below, to itself only).
    "rt_sigaction", "rt_sigprocmask", "rt_sigreturn", "sigaltstack", "restart_syscall",
    // Introspection: clocks, ids, limits (prlimit64 below, reading only), resources, scheduling, the machine.
    "clock_gettime", "clock_getres", "gettimeofday", "time", "getpid", "gettid", "getppid", "getuid", "geteuid",
    "getgid", "getegid", "getresuid", "getresgid", "getgroups", "getpgrp", "getpgid", "getsid", "getrlimit",
    "getrusage", "times", "getpriority", "sched_getaffinity", "sched_getparam", "sched_getscheduler",
    "sched_getattr", "sched_get_priority_max", "sched_get_priority_min", "getcpu", "sysinfo", "uname",
    "getrandom",
    "exit", "exit_group",
};

// Calls that change files: refused as Landlock refuses them, so fontconfig's cache writer and its lock files
// give up quietly (the cache it has is read as before).
static const char *const refused_changing_files[] = {
    "creat", "unlink", "unlinkat", "rename", "renameat", "renameat2", "mkdir", "mkdirat", "rmdir", "link",
    "linkat", "symlink", "symlinkat", "chmod", "fchmod", "fchmodat", "chown", "fchown", "lchown", "fchownat",
    "truncate", "utime", "utimes", "utimensat", "futimesat", "mknod", "mknodat", "setxattr", "fsetxattr",
    "lsetxattr", "removexattr", "fremovexattr", "lremovexattr",
    // NSS and syslog try a socket to a daemon; the helper gets none beyond its own.
    "socket", "socketpair",
};

// Changing its own scheduling, limits or process attributes: refused, never needed.
static const char *const refused_changing_self[] = {
    "setpriority", "sched_setaffinity", "sched_setparam", "sched_setscheduler", "sched_setattr", "setrlimit",
    "prctl", "mlock", "mlock2", "mlockall", "munlock", "munlockall", "set_mempolicy", "mbind", "setpgid", "setsid",
    "tkill",
};

static const char *const killing[] = {
    // Running programs or new processes: a renderer never does.
    "execve", "execveat", "fork", "vfork",
    // Other processes: tracing, reading or writing their memory, taking their descriptors.
    "ptrace", "process_vm_readv", "process_vm_writev", "process_madvise", "kcmp", "pidfd_open", "pidfd_getfd",
    "pidfd_send_signal",
    // Reaching out: the helper's socket is already connected; anything else would be a new channel.
    "connect", "bind", "listen", "accept", "accept4",
    // Attack surface of the kernel itself, often the second step of an exploit.
    "bpf", "perf_event_open", "userfaultfd", "io_uring_setup", "io_uring_enter", "io_uring_register", "keyctl",
    "add_key", "request_key", "personality", "seccomp", "modify_ldt", "iopl", "ioperm", "memfd_secret",
    // Leaving the sandbox's view of the system: namespaces, mounts, file handles, roots.
    "unshare", "setns", "mount", "umount2", "pivot_root", "chroot", "fsopen", "fsconfig", "fsmount", "fspick",
    "move_mount", "open_tree", "mount_setattr", "name_to_handle_at", "open_by_handle_at",
    // Identity and privileges.
    "setuid", "setgid", "setreuid", "setregid", "setresuid", "setresgid", "setfsuid", "setfsgid", "setgroups",
    "capset",
    // The machine: modules, reboot, clocks, swap, accounting, quotas, the kernel log.
    "init_module", "finit_module", "delete_module", "kexec_load", "kexec_file_load", "reboot", "swapon",
    "swapoff", "acct", "quotactl", "syslog", "settimeofday", "clock_settime", "clock_adjtime", "adjtimex",
    "sethostname", "setdomainname", "vhangup", "lookup_dcookie", "uselib",
};

// Names by number, resolved before the filter is loaded, for the SIGSYS handler (which may not allocate).
enum { NAMED_CALLS = 1024 };
static const char *call_names[NAMED_CALLS];
static atomic_int first_refused = -1;

static void rule(scmp_filter_ctx filter, uint32_t action, const char *name, unsigned count,
                 const struct scmp_arg_cmp *args) {
    int nr = seccomp_syscall_resolve_name(name);
    if (nr == __NR_SCMP_ERROR) return;  // not on this architecture
    if (seccomp_rule_add_array(filter, action, nr, count, args) != 0) {
        fprintf(stderr, "%s: seccomp rule for %s failed\n", program_invocation_short_name, name);
        _exit(RPDF_EXIT_SANDBOX);
    }
}

static void rules(scmp_filter_ctx filter, uint32_t action, const char *const *names, size_t count) {
    for (size_t i = 0; i < count; i++) rule(filter, action, names[i], 0, NULL);
}

#define RULES(filter, action, list) rules(filter, action, list, sizeof list / sizeof list[0])

// A call's argument `index` with the bits of `mask` equal to `value`.
static struct scmp_arg_cmp bits(unsigned index, scmp_datum_t mask, scmp_datum_t value) {
    return (struct scmp_arg_cmp){ index, SCMP_CMP_MASKED_EQ, mask, value };
}

// Read-only opens pass; one that asks to write, create or truncate is refused with EACCES.
static void file_opening(scmp_filter_ctx filter, const char *name, unsigned flags_arg) {
    struct scmp_arg_cmp read_only = bits(flags_arg, O_ACCMODE | O_CREAT | O_TRUNC, 0);
    rule(filter, SCMP_ACT_ALLOW, name, 1, &read_only);
    const int writing[] = { O_WRONLY, O_RDWR, O_CREAT, O_TRUNC };
    for (size_t i = 0; i < sizeof writing / sizeof writing[0]; i++) {
        struct scmp_arg_cmp flag = bits(flags_arg, (scmp_datum_t)writing[i], (scmp_datum_t)writing[i]);
        rule(filter, SCMP_ACT_ERRNO(EACCES), name, 1, &flag);
    }
}

// Calls whose verdict depends on their arguments.
static void judged_by_arguments(scmp_filter_ctx filter) {
    file_opening(filter, "openat", 2);
    file_opening(filter, "open", 1);
    // Memory, but never executable: nothing is loaded after the warm-up, so new code can only be a payload.
    struct scmp_arg_cmp no_exec = bits(2, PROT_EXEC, 0), exec = bits(2, PROT_EXEC, PROT_EXEC);
    const char *mapping[] = { "mmap", "mprotect", "pkey_mprotect" };
    for (size_t i = 0; i < sizeof mapping / sizeof mapping[0]; i++) {
        rule(filter, SCMP_ACT_ALLOW, mapping[i], 1, &no_exec);
        rule(filter, SCMP_ACT_KILL_PROCESS, mapping[i], 1, &exec);
    }
    // Threads (CLONE_THREAD) share the helper's filter and Landlock domain; a new process is never needed.
    // clone3 passes its flags in memory seccomp cannot read: ENOSYS makes glibc use clone.
    struct scmp_arg_cmp thread = bits(0, CLONE_THREAD, CLONE_THREAD), process = bits(0, CLONE_THREAD, 0);
    rule(filter, SCMP_ACT_ALLOW, "clone", 1, &thread);
    rule(filter, SCMP_ACT_KILL_PROCESS, "clone", 1, &process);
    rule(filter, SCMP_ACT_ERRNO(ENOSYS), "clone3", 0, NULL);
    // Reading limits passes; setting one (a new limit given) is refused.
    struct scmp_arg_cmp reading = { 2, SCMP_CMP_EQ, 0, 0 }, setting = { 2, SCMP_CMP_NE, 0, 0 };
    rule(filter, SCMP_ACT_ALLOW, "prlimit64", 1, &reading);
    rule(filter, SCMP_ACT_ERRNO(EPERM), "prlimit64", 1, &setting);
    // Signals to itself (abort, raise) pass, so a failed assertion reads as the crash it is; to others, EPERM.
    struct scmp_arg_cmp self = { 0, SCMP_CMP_EQ, (scmp_datum_t)getpid(), 0 };
    struct scmp_arg_cmp other = { 0, SCMP_CMP_NE, (scmp_datum_t)getpid(), 0 };
    const char *signalling[] = { "kill", "tgkill" };
    for (size_t i = 0; i < sizeof signalling / sizeof signalling[0]; i++) {
        rule(filter, SCMP_ACT_ALLOW, signalling[i], 1, &self);
        rule(filter, SCMP_ACT_ERRNO(EPERM), signalling[i], 1, &other);
    }
    // isatty(stderr) and the like: no descriptor the helper holds is a device with anything to offer.
    rule(filter, SCMP_ACT_ERRNO(ENOTTY), "ioctl", 0, NULL);
}

static void write_text(const char *text) {
    ssize_t ignored = write(STDERR_FILENO, text, strlen(text));
    (void)ignored;
}

// The default action's handler: ENOSYS as the call's result, its name on stderr, the first one remembered.
static void refused(int signal, siginfo_t *info, void *context) {
    (void)signal;
    int nr = info->si_syscall;
    int none = -1;
    atomic_compare_exchange_strong(&first_refused, &none, nr);
    ucontext_t *uc = context;
#if defined(__x86_64__)
    uc->uc_mcontext.gregs[REG_RAX] = -ENOSYS;
#elif defined(__aarch64__)
    uc->uc_mcontext.regs[0] = (unsigned long long)-ENOSYS;
#endif
    char number[12];
    int at = (int)sizeof number - 1;
    number[at] = '\0';
    unsigned value = nr < 0 ? 0u : (unsigned)nr;
    do { number[--at] = (char)('0' + value % 10); value /= 10; } while (value && at > 0);
    const char *name = nr >= 0 && nr < NAMED_CALLS && call_names[nr] ? call_names[nr] : "an unnamed call";
    write_text(program_invocation_short_name);
    write_text(": the sandbox refused system call ");
    write_text(name);
    write_text(" (");
    write_text(number + at);
    write_text(") with ENOSYS\n");
}

// Where the handler can set a call's result, unlisted calls trap to it; elsewhere they get ENOSYS unreported.
static uint32_t default_action(void) {
#if defined(__x86_64__) || defined(__aarch64__)
    for (int nr = 0; nr < NAMED_CALLS; nr++) call_names[nr] = seccomp_syscall_resolve_num_arch(SCMP_ARCH_NATIVE, nr);
    struct sigaction action = { .sa_sigaction = refused, .sa_flags = SA_SIGINFO };
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGSYS, &action, NULL) == 0) return SCMP_ACT_TRAP;
#endif
    return SCMP_ACT_ERRNO(ENOSYS);
}

void filter_system_calls(void) {
    scmp_filter_ctx filter = seccomp_init(default_action());
    if (!filter) {
        fprintf(stderr, "%s: seccomp_init failed\n", program_invocation_short_name);
        _exit(RPDF_EXIT_SANDBOX);
    }
    RULES(filter, SCMP_ACT_ALLOW, allowed);
    RULES(filter, SCMP_ACT_ERRNO(EACCES), refused_changing_files);
    RULES(filter, SCMP_ACT_ERRNO(EPERM), refused_changing_self);
    RULES(filter, SCMP_ACT_KILL_PROCESS, killing);
    judged_by_arguments(filter);
    if (seccomp_load(filter) != 0) {
        fprintf(stderr, "%s: seccomp_load failed\n", program_invocation_short_name);
        _exit(RPDF_EXIT_SANDBOX);
    }
    seccomp_release(filter);
}

const char *sandbox_first_refused_call(void) {
    int nr = atomic_load(&first_refused);
    if (nr < 0) return NULL;
    return nr < NAMED_CALLS && call_names[nr] ? call_names[nr] : "an unnamed call";
}
