// A page's text layer and the document's language, for recto's speech mode.
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <poppler.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "helper.h"
#include "recto_pdf_wire.h"

int document_text(const struct rpdf_request *r, struct rpdf_reply *reply) {
    PopplerPage *page = document_requested_page(r, reply);
    if (!page)
        return -1;
    char *text = poppler_page_get_text(page);
    g_object_unref(page);
    size_t length = text ? strlen(text) : 0;
    if (length > RPDF_PAGE_TEXT_MAX) {
        length = RPDF_PAGE_TEXT_MAX;
        while (length > 0 && ((unsigned char)text[length] & 0xC0) == 0x80) length--;  // not inside a character
    }
    int fd = -1;
    if (length > 0) {
        void *map;
        fd = shared_buffer(length, &map, reply);
        if (fd >= 0) {
            memcpy(map, text, length);
            fd = seal(fd, map, length, reply);
        }
    }
    if (fd >= 0 || length == 0) reply->value = (int32_t)(fd >= 0 ? length : 0);
    g_free(text);
    return fd;
}

// A BCP 47 tag is short and plain: letters, digits and hyphens ("en", "de-CH", "zh-Hant-TW").
static int plausible_tag(const char *tag, size_t length) {
    if (length == 0 || length > 35 || !isalpha((unsigned char)tag[0])) return 0;
    for (size_t i = 0; i < length; i++)
        if (!isalnum((unsigned char)tag[i]) && tag[i] != '-' && tag[i] != '_') return 0;
    return 1;
}

static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    c = (char)tolower((unsigned char)c);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

// The PDF string at `s` (a literal "(en-GB)" or hex "<656E2D4742>", PDFDocEncoding or UTF-16BE with its BOM)
// as ASCII into `out`; its length, 0 when it is not a plausible language tag.
static size_t pdf_string(const char *s, const char *end, char *out, size_t capacity) {
    unsigned char bytes[80];
    size_t n = 0;
    if (s < end && *s == '(') {
        for (s++; s < end && *s != ')' && n < sizeof bytes; s++) bytes[n++] = (unsigned char)*s;
    } else if (s < end && *s == '<') {
        int high = -1;
        for (s++; s < end && *s != '>' && n < sizeof bytes; s++) {
            int v = hex_digit(*s);
            if (v < 0) continue;  // whitespace inside hex strings is allowed
            if (high < 0) high = v; else { bytes[n++] = (unsigned char)(high << 4 | v); high = -1; }
        }
    } else {
        return 0;
    }
    size_t length = 0;
    int utf16 = n >= 2 && bytes[0] == 0xFE && bytes[1] == 0xFF;
    for (size_t i = utf16 ? 2 : 0; i < n && length + 1 < capacity; i += utf16 ? 2 : 1) {
        unsigned char c = utf16 ? (i + 1 < n && bytes[i] == 0 ? bytes[i + 1] : 0xFF) : bytes[i];
        out[length++] = (char)c;
    }
    out[length] = 0;
    return plausible_tag(out, length) ? length : 0;
}

// Where `needle` next occurs in [from, end), or NULL.
static const char *find(const char *from, const char *end, const char *needle) {
    size_t length = strlen(needle);
    return from < end ? memmem(from, (size_t)(end - from), needle, length) : NULL;
}

// The /Lang of the last catalog dictionary written out plainly in [data, data + size): "/Type /Catalog" (or
// "/Type/Catalog") with a /Lang in the same << >>. A catalog inside a compressed object stream is not seen.
static size_t catalog_language(const char *data, size_t size, char *out, size_t capacity) {
    const char *end = data + size;
    size_t found = 0;
    for (const char *at = find(data, end, "/Catalog"); at; at = find(at + 8, end, "/Catalog")) {
        // The dictionary around it: back to its "<<" (at most 4 KB), forward to the ">>" that closes it.
        const char *open = NULL;
        for (const char *b = at; b > data + 1 && at - b < 4096; b--)
            if (b[-1] == '<' && b[-2] == '<') { open = b; break; }
        if (!open) continue;
        int depth = 1;
        const char *close = open;
        while (close + 1 < end && depth > 0) {
            if (close[0] == '<' && close[1] == '<') { depth++; close += 2; }
            else if (close[0] == '>' && close[1] == '>') { depth--; close += 2; }
            else close++;
        }
        const char *type = find(open, close, "/Type");
        if (!type || type > at) continue;
        for (const char *lang = find(open, close, "/Lang"); lang; lang = find(lang + 5, close, "/Lang")) {
            const char *v = lang + 5;
            while (v < close && (*v == ' ' || *v == '\r' || *v == '\n' || *v == '\t')) v++;
            size_t n = pdf_string(v, close, out, capacity);
            if (n) { found = n; break; }
        }
    }
    return found;
}

// dc:language's first entry in the document's XMP metadata ("<rdf:li>en-GB</rdf:li>" or "<dc:language>en</…>").
static size_t xmp_language(char *out, size_t capacity) {
    char *xmp = poppler_document_get_metadata(document_current());
    if (!xmp) return 0;
    size_t length = 0;
    const char *end = xmp + strlen(xmp);
    const char *tag = find(xmp, end, "<dc:language");
    const char *stop = tag ? find(tag, end, "</dc:language>") : NULL;
    if (tag && stop) {
        const char *value = find(tag, stop, "<rdf:li");
        value = value ? value : tag;
        const char *gt = find(value, stop, ">");
        if (gt) {
            const char *v = gt + 1, *e = find(v, stop, "<");
            while (v < stop && isspace((unsigned char)*v)) v++;
            if (e) {
                while (e > v && isspace((unsigned char)e[-1])) e--;
                length = (size_t)(e - v) < capacity ? (size_t)(e - v) : 0;
                if (length) memcpy(out, v, length);
                out[length] = 0;
                if (!plausible_tag(out, length)) length = 0;
            }
        }
    }
    g_free(xmp);
    return length;
}

// Reads up to `size` bytes at `offset` of the open PDF.
static size_t read_at(int fd, char *buffer, size_t size, off_t offset) {
    size_t got = 0;
    while (got < size) {
        ssize_t n = pread(fd, buffer + got, size - got, offset + (off_t)got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        got += (size_t)n;
    }
    return got;
}

// Where a catalog is looked for: a file's first and last 256 KB (a plain file writes it near the start, an
// incremental update appends a new one at the end), so a large book costs no more than a small one.
#define LANGUAGE_WINDOW (256 * 1024)

void document_language(struct rpdf_reply *reply) {
    if (!document_current()) {
        reply->status = RPDF_ERR_NO_DOCUMENT;
        reply_text(reply, "no document is open");
        return;
    }
    char tag[40];
    size_t length = 0;
    struct stat info;
    int fd = document_fd();
    char *buffer = fd >= 0 && fstat(fd, &info) == 0 ? g_malloc(LANGUAGE_WINDOW) : NULL;
    if (buffer) {
        off_t tail = info.st_size > LANGUAGE_WINDOW ? info.st_size - LANGUAGE_WINDOW : 0;
        length = catalog_language(buffer, read_at(fd, buffer, LANGUAGE_WINDOW, tail), tag, sizeof tag);
        if (!length && tail > 0)
            length = catalog_language(buffer, read_at(fd, buffer, LANGUAGE_WINDOW, 0), tag, sizeof tag);
        g_free(buffer);
    }
    if (!length) length = xmp_language(tag, sizeof tag);
    if (length) reply_text(reply, "%s", tag);
}
