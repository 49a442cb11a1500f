// The helper's confinement: resource limits, then (after warm-up) no new privileges, Landlock and seccomp
// (the system-call policy is policy.c).
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <fontconfig/fontconfig.h>
#include <glib.h>
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

#include "helper.h"

// Address space the helper may map by default: poppler, cairo and the largest render buffer fit with room to spare.
#define ADDRESS_SPACE_BYTES (1024L << 20)

static int landlock_abi;

static void die(const char *what) {
    fprintf(stderr, "recto-pdf: %s: %s\n", what, strerror(errno));
    _exit(70);
}

void limit_process(long megabytes) {
    rlim_t bytes = megabytes > 0 ? (rlim_t)megabytes << 20 : ADDRESS_SPACE_BYTES;
    struct rlimit as = { bytes, bytes };
    if (setrlimit(RLIMIT_AS, &as) != 0) die("setrlimit");
    struct rlimit none = { 0, 0 };
    setrlimit(RLIMIT_CORE, &none);
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) die("prctl(PR_SET_PDEATHSIG)");
    if (getppid() == 1) _exit(0);  // recto died before the line above
    // Only stdin/stdout/stderr and the socket stay open, whatever the spawner forgot to close.
    syscall(SYS_close_range, RPDF_SOCKET_FD + 1, ~0U, 0);
}

// Built-in one-page document with a standard (not embedded) font and a UTF-16 title: rendering it loads
// fontconfig's configuration and cache, FreeType, a system font and the UTF-16 converter while files may be opened.
void warm_up(void) {
    const char *objects[] = {
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        ("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R "
         "/Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>"),
        "<< /Length 58 >>\nstream\nBT /F1 24 Tf 10 50 Td (Aa) Tj /F2 24 Tf (Bb) Tj ET 0 0 50 50 re f\nendstream",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>",
        "<< /Title <FEFF00720065006300740074006F> >>",
    };
    enum { count = sizeof objects / sizeof objects[0] };
    GString *pdf = g_string_new("%PDF-1.4\n");
    long offsets[count];
    for (int i = 0; i < count; i++) {
        offsets[i] = (long)pdf->len;
        g_string_append_printf(pdf, "%d 0 obj\n%s\nendobj\n", i + 1, objects[i]);
    }
    long xref = (long)pdf->len;
    g_string_append_printf(pdf, "xref\n0 %d\n0000000000 65535 f \n", count + 1);
    for (int i = 0; i < count; i++) g_string_append_printf(pdf, "%010ld 00000 n \n", offsets[i]);
    g_string_append_printf(pdf, "trailer\n<< /Size %d /Root 1 0 R /Info 7 0 R >>\nstartxref\n%ld\n%%%%EOF\n",
                           count + 1, xref);
    document_render_once(pdf->str, (int)pdf->len);
    g_string_free(pdf, TRUE);
}

static void allow_reads_beneath(int ruleset, const char *path) {
    int dir = open(path, O_PATH | O_CLOEXEC);
    if (dir < 0) return;
    struct landlock_path_beneath_attr rule = {
        .allowed_access = LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR, .parent_fd = dir };
    syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0);
    close(dir);
}

static void allow_list(int ruleset, FcStrList *list) {
    if (!list) return;
    for (FcChar8 *dir; (dir = FcStrListNext(list));) allow_reads_beneath(ruleset, (const char *)dir);
    FcStrListDone(list);
}

// File-system access after this: reading beneath the font, font-cache and font-configuration directories and
// poppler's data (CMaps for CJK text); nothing else. Skipped where the kernel has no Landlock.
static void restrict_files(void) {
    int abi = (int)syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
    if (abi < 1) return;
    __u64 handled = (1ULL << 13) - 1;  // ABI 1: execute, write, read, and every kind of create and remove
    if (abi >= 2) handled |= 1ULL << 13;  // refer
    if (abi >= 3) handled |= 1ULL << 14;  // truncate
    struct landlock_ruleset_attr attr = { .handled_access_fs = handled };
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attr, sizeof attr, 0);
    if (ruleset < 0) return;
    FcConfig *config = FcConfigGetCurrent();
    allow_list(ruleset, FcConfigGetFontDirs(config));
    allow_list(ruleset, FcConfigGetCacheDirs(config));
    allow_list(ruleset, FcConfigGetConfigDirs(config));
    const char *fixed[] = { "/etc/fonts", "/usr/share/fonts", "/usr/local/share/fonts", "/usr/share/poppler",
                            "/var/cache/fontconfig" };
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) allow_reads_beneath(ruleset, fixed[i]);
    if (syscall(SYS_landlock_restrict_self, ruleset, 0) != 0) die("landlock_restrict_self");
    close(ruleset);
    landlock_abi = abi;
}

void enter_sandbox(void) {
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) die("prctl(PR_SET_NO_NEW_PRIVS)");
    restrict_files();
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
