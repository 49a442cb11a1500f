// A helper's confinement (recto-pdf's and recto-epub's alike): resource limits, then (after warm-up) no new privileges, Landlock and seccomp
// (the system-call policy is policy.c).
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>

#include "helper_common.h"


static int landlock_abi;

static void die(const char *what) {
    fprintf(stderr, "%s: %s: %s\n", program_invocation_short_name, what, strerror(errno));
    _exit(RPDF_EXIT_SANDBOX);
}

void limit_process(long megabytes) {
    rlim_t bytes = (rlim_t)(megabytes > 0 ? megabytes : 1024) << 20;
    struct rlimit as = { bytes, bytes };
    if (setrlimit(RLIMIT_AS, &as) != 0) die("setrlimit");
    struct rlimit none = { 0, 0 };
    setrlimit(RLIMIT_CORE, &none);
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) die("prctl(PR_SET_PDEATHSIG)");
    if (getppid() == 1) _exit(0);  // recto died before the line above
    // Only stdin/stdout/stderr and the socket stay open, whatever the spawner forgot to close.
    syscall(SYS_close_range, RPDF_SOCKET_FD + 1, ~0U, 0);
}

static void allow_reads_beneath(int ruleset, const char *path) {
    int dir = open(path, O_PATH | O_CLOEXEC);
    if (dir < 0) return;
    struct landlock_path_beneath_attr rule = {
        .allowed_access = LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR, .parent_fd = dir };
    syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0);
    close(dir);
}

// File-system access after this: reading beneath `readable` (the helper's fonts and data, if it reads any from
// files); nothing else. Skipped where the kernel has no Landlock.
static void restrict_files(const char *const *readable) {
    int abi = (int)syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
    if (abi < 1) return;
    __u64 handled = (1ULL << 13) - 1;  // ABI 1: execute, write, read, and every kind of create and remove
    if (abi >= 2) handled |= 1ULL << 13;  // refer
    if (abi >= 3) handled |= 1ULL << 14;  // truncate
    struct landlock_ruleset_attr attr = { .handled_access_fs = handled };
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attr, sizeof attr, 0);
    if (ruleset < 0) return;
    for (; readable && *readable; readable++) allow_reads_beneath(ruleset, *readable);
    if (syscall(SYS_landlock_restrict_self, ruleset, 0) != 0) die("landlock_restrict_self");
    close(ruleset);
    landlock_abi = abi;
}

void enter_sandbox(const char *const *readable) {
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) die("prctl(PR_SET_NO_NEW_PRIVS)");
    restrict_files(readable);
    filter_system_calls();
}

int sandbox_landlock_abi(void) { return landlock_abi; }

static int attempt(uint32_t which) {
    errno = 0;
    switch (which) {
    case RPDF_SELFTEST_OPEN_WRITE: {
        int fd = open("/tmp/recto-pdf-selftest", O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
        if (fd < 0) return errno;
        close(fd);
        unlink("/tmp/recto-pdf-selftest");
        return 0;
    }
    case RPDF_SELFTEST_SOCKET: {
        int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd < 0) return errno;
        struct sockaddr_un address = { .sun_family = AF_UNIX, .sun_path = "/tmp/.X11-unix/X0" };
        int connected = connect(fd, (struct sockaddr *)&address, sizeof address);
        int error = errno;
        close(fd);
        return connected == 0 || error == ENOENT || error == ECONNREFUSED ? 0 : error;
    }
    case RPDF_SELFTEST_EXEC: {
        char *argv[] = { "/bin/true", NULL };
        execve("/bin/true", argv, environ);
        return errno;
    }
    case RPDF_SELFTEST_READ_OUTSIDE: {
        int fd = open("/etc/passwd", O_RDONLY | O_CLOEXEC);
        if (fd < 0) return errno;
        close(fd);
        return 0;
    }
    case RPDF_SELFTEST_SANDBOX_INFO:
        return sandbox_landlock_abi();
    case RPDF_SELFTEST_UNLISTED: {
        // getitimer: harmless, needed by nothing, and on none of the policy's lists.
        struct itimerval timer;
        long result = syscall(SYS_getitimer, ITIMER_REAL, &timer);
        return result == 0 ? 0 : errno;
    }
    default:
        return EINVAL;
    }
}

void sandbox_selftest(uint32_t which, struct rpdf_reply *reply) {
    if (which != RPDF_SELFTEST_REFUSED_CALL) {
        reply->value = attempt(which);
        return;
    }
    const char *call = sandbox_first_refused_call();
    reply->value = call != NULL;
    if (call) reply_text(reply, "%s", call);
}
