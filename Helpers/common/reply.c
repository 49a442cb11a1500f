// SPDX-License-Identifier: Apache-2.0
// What a reply carries: its text, and bulk data in a sealed memfd.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "recto_pdf_wire.h"

#include "helper_common.h"

void reply_text(struct rpdf_reply *reply, const char *format, ...) {
    va_list args;
    va_start(args, format);
    int n = vsnprintf(reply->text, sizeof reply->text, format, args);
    va_end(args);
    reply->text_length = n < 0 ? 0 : (n >= (int)sizeof reply->text ? sizeof reply->text - 1 : (uint32_t)n);
}

int shared_buffer(size_t bytes, void **map, struct rpdf_reply *reply) {
    int fd = memfd_create(program_invocation_short_name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0 || ftruncate(fd, (off_t)bytes) != 0) goto fail;
    *map = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (*map == MAP_FAILED) goto fail;
    return fd;
fail:
    reply->status = RPDF_ERR_SYSTEM;
    reply_text(reply, "cannot make a shared buffer of %zu bytes: %s", bytes, strerror(errno));
    if (fd >= 0) close(fd);
    return -1;
}

// Unmaps a filled buffer and seals it, so recto can map it without fearing a later shrink. Returns fd, or -1
// (closed, reply filled in) if it cannot be sealed.
int seal(int fd, void *map, size_t bytes, struct rpdf_reply *reply) {
    munmap(map, bytes);
    if (fcntl(fd, F_ADD_SEALS, RPDF_SEALS) == 0) return fd;
    reply->status = RPDF_ERR_SYSTEM;
    reply_text(reply, "cannot seal a shared buffer: %s", strerror(errno));
    close(fd);
    return -1;
}
