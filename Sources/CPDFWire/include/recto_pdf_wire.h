// SPDX-License-Identifier: Apache-2.0
// Part of recto (Apache-2.0), not of the GPL helper's tree: recto (through CPDFWire) and recto-pdf (through its
// header search path) both include this one copy. Apache-2.0 code may be combined into the GPL-3 helper.
// Descriptor passing for the recto-pdf protocol, shared by the helper and recto (through CPDFWire): one packet
// with at most one descriptor attached by SCM_RIGHTS. Plain C and glibc, static inline: links nothing.
#ifndef RECTO_PDF_WIRE_H
#define RECTO_PDF_WIRE_H

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/socket.h>

// Linux's memfd seals (fixed kernel ABI), for builds whose <fcntl.h> hides them without _GNU_SOURCE.
#ifndef F_GET_SEALS
#define F_ADD_SEALS 1033
#define F_GET_SEALS 1034
#define F_SEAL_SEAL 0x0001
#define F_SEAL_SHRINK 0x0002
#define F_SEAL_GROW 0x0004
#define F_SEAL_WRITE 0x0008
#endif
// What the helper seals every memfd it replies with, before it sends it.
#define RPDF_SEALS (F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL)

// Whether `fd` is a memfd sealed as RPDF_SEALS: its size and contents can no longer change, so mapping it
// cannot fault (SIGBUS) because the helper shrank it afterwards.
static inline int rpdf_is_sealed(int fd) {
    int seals = fcntl(fd, F_GET_SEALS);
    return seals >= 0 && (seals & RPDF_SEALS) == RPDF_SEALS;
}

// Sends `length` bytes as one packet with `fd` attached when it is >= 0 (`flags`: e.g. MSG_DONTWAIT).
// Returns sendmsg's result.
static inline ssize_t rpdf_send(int socket, const void *bytes, size_t length, int fd, int flags) {
    union { char buf[CMSG_SPACE(sizeof(int))]; struct cmsghdr align; } control;
    struct iovec iov = { (void *)bytes, length };
    struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1 };
    if (fd >= 0) {
        memset(&control, 0, sizeof control);
        msg.msg_control = control.buf;
        msg.msg_controllen = sizeof control.buf;
        struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(c), &fd, sizeof(int));
    }
    ssize_t n;
    do { n = sendmsg(socket, &msg, MSG_NOSIGNAL | flags); } while (n < 0 && errno == EINTR);
    return n;
}

// Receives one packet of at most `capacity` bytes; an attached descriptor (close-on-exec) goes to *fd, else -1.
// Returns recvmsg's result (0 at end of file).
static inline ssize_t rpdf_receive(int socket, void *bytes, size_t capacity, int *fd, int flags) {
    union { char buf[CMSG_SPACE(sizeof(int))]; struct cmsghdr align; } control;
    struct iovec iov = { bytes, capacity };
    struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = control.buf,
                          .msg_controllen = sizeof control.buf };
    *fd = -1;
    ssize_t n;
    do { n = recvmsg(socket, &msg, MSG_CMSG_CLOEXEC | flags); } while (n < 0 && errno == EINTR);
    struct cmsghdr *c = n > 0 ? CMSG_FIRSTHDR(&msg) : NULL;
    if (c && c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS && c->cmsg_len == CMSG_LEN(sizeof(int)))
        memcpy(fd, CMSG_DATA(c), sizeof(int));
    return n;
}

#endif
