// The open document and rendering with poppler-glib onto cairo image surfaces.
#define _GNU_SOURCE
#include <cairo.h>
#include <errno.h>
#include <math.h>
#include <poppler.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "helper.h"
#include "recto_pdf_wire.h"

static PopplerDocument *document;
// The open PDF's descriptor (poppler owns it and closes it with the document), for reading its catalog.
static int open_fd = -1;

PopplerDocument *document_current(void) { return document; }

PopplerPage *document_page(uint32_t index, struct rpdf_reply *reply) {
    PopplerPage *page = poppler_document_get_page(document, (int)index);
    if (!page) {
        reply->status = RPDF_ERR_PAGE;
        reply_text(reply, "page %u cannot be loaded", index + 1);
    }
    return page;
}
int document_fd(void) { return document ? open_fd : -1; }

PopplerPage *document_requested_page(const struct rpdf_request *r, struct rpdf_reply *reply) {
    if (!document) {
        reply->status = RPDF_ERR_NO_DOCUMENT;
        reply_text(reply, "no document is open");
        return NULL;
    }
    if (r->page >= (uint32_t)poppler_document_get_n_pages(document)) {
        reply->status = RPDF_ERR_BAD_REQUEST;
        reply_text(reply, "no page %u", r->page + 1);
        return NULL;
    }
    return document_page(r->page, reply);
}

// A memfd of `bytes` bytes mapped read-write at *map, or -1 with reply filled in.
// Page labels ("iv", "A-1") as NUL-terminated strings in page order, or an empty string when every label is
// just the page number (a document without a label tree).
static GString *page_labels(int count) {
    GString *labels = g_string_new(NULL);
    int plain = 1;
    for (int i = 0; i < count; i++) {
        PopplerPage *page = poppler_document_get_page(document, i);
        char *label = page ? poppler_page_get_label(page) : NULL;
        char number[16];
        snprintf(number, sizeof number, "%d", i + 1);
        const char *text = label ? label : number;
        plain = plain && strcmp(text, number) == 0;
        g_string_append_len(labels, text, (gssize)strnlen(text, RPDF_LABEL_MAX));
        g_string_append_c(labels, '\0');
        g_free(label);
        if (page) g_object_unref(page);
    }
    if (plain) g_string_truncate(labels, 0);
    return labels;
}


int document_open(int pdf_fd, struct rpdf_reply *reply) {
    if (document) g_object_unref(document);
    GError *error = NULL;
    document = poppler_document_new_from_fd(pdf_fd, NULL, &error);
    open_fd = pdf_fd;
    if (!document) {
        int encrypted = error && error->domain == POPPLER_ERROR && error->code == POPPLER_ERROR_ENCRYPTED;
        reply->status = encrypted ? RPDF_ERR_PASSWORD : RPDF_ERR_DAMAGED;
        reply_text(reply, "%s", encrypted ? "the document needs a password"
                                          : (error && error->message ? error->message : "not a readable PDF"));
        if (error) g_error_free(error);
        return -1;
    }
    int count = poppler_document_get_n_pages(document);
    if (count < 1) {
        reply->status = RPDF_ERR_DAMAGED;
        reply_text(reply, "the document has no pages");
        return -1;
    }
    GString *labels = page_labels(count);
    size_t table = (size_t)count * 2 * sizeof(double), bytes = table + labels->len;
    void *map;
    int fd = shared_buffer(bytes, &map, reply);
    if (fd >= 0) {
        double *sizes = map;
        for (int i = 0; i < count; i++) {
            PopplerPage *page = poppler_document_get_page(document, i);
            sizes[2 * i] = sizes[2 * i + 1] = 0;  // unknown: the page fails when rendered
            if (page) {
                poppler_page_get_size(page, &sizes[2 * i], &sizes[2 * i + 1]);
                g_object_unref(page);
            }
        }
        memcpy((char *)map + table, labels->str, labels->len);
        fd = seal(fd, map, bytes, reply);
    }
    if (fd >= 0) {
        reply->page_count = (uint32_t)count;
        reply->value = (int32_t)labels->len;
        char *title = poppler_document_get_title(document);
        if (title) {
            reply_text(reply, "%s", title);
            g_free(title);
        }
    }
    g_string_free(labels, TRUE);
    return fd;
}

// Cairo's ARGB32 is premultiplied, one native-endian word per pixel; on white paper every pixel is opaque,
// so straight RGBA is the same colour with the bytes reordered.
static void to_rgba(uint8_t *pixels, size_t count) {
    uint32_t *words = (uint32_t *)pixels;
    for (size_t i = 0; i < count; i++) {
        uint32_t p = words[i];
        pixels[4 * i] = (uint8_t)(p >> 16);
        pixels[4 * i + 1] = (uint8_t)(p >> 8);
        pixels[4 * i + 2] = (uint8_t)p;
        pixels[4 * i + 3] = 255;
    }
}

// Draws page's rectangle (x, y, w, h in points) scaled onto `surface`, white underneath. Returns cairo's status.
static cairo_status_t draw(PopplerPage *page, cairo_surface_t *surface, int width, int height,
                           double x, double y, double w, double h) {
    cairo_t *cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_scale(cr, width / w, height / h);
    cairo_translate(cr, -x, -y);
    poppler_page_render(page, cr);
    cairo_status_t status = cairo_status(cr);
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    return status;
}

int document_render(const struct rpdf_request *r, struct rpdf_reply *reply) {
    if (!document) {
        reply->status = RPDF_ERR_NO_DOCUMENT;
        reply_text(reply, "no document is open");
        return -1;
    }
    int count = poppler_document_get_n_pages(document);
    int sane = r->width >= 1 && r->height >= 1 && r->width <= RPDF_MAX_SIDE && r->height <= RPDF_MAX_SIDE
        && (int64_t)r->width * r->height <= RPDF_MAX_PIXELS && isfinite(r->x) && isfinite(r->y)
        && isfinite(r->w) && isfinite(r->h) && r->w > 0 && r->h > 0;
    if (r->page >= (uint32_t)count || !sane) {
        reply->status = RPDF_ERR_BAD_REQUEST;
        reply_text(reply, "bad render request: page %u of %d, %d×%d pixels", r->page + 1, count, r->width, r->height);
        return -1;
    }
    PopplerPage *page = document_page(r->page, reply);
    if (!page)
        return -1;
    size_t bytes = (size_t)r->width * (size_t)r->height * 4;
    void *map;
    int fd = shared_buffer(bytes, &map, reply);
    if (fd >= 0) {
        cairo_surface_t *surface = cairo_image_surface_create_for_data(map, CAIRO_FORMAT_ARGB32, r->width, r->height,
                                                                       r->width * 4);
        cairo_status_t status = draw(page, surface, r->width, r->height, r->x, r->y, r->w, r->h);
        cairo_surface_destroy(surface);
        if (status == CAIRO_STATUS_SUCCESS) {
            to_rgba(map, (size_t)r->width * (size_t)r->height);
            fd = seal(fd, map, bytes, reply);
        } else {
            reply->status = RPDF_ERR_PAGE;
            reply_text(reply, "page %u: %s", r->page + 1, cairo_status_to_string(status));
            munmap(map, bytes);
            close(fd);
            fd = -1;
        }
    }
    g_object_unref(page);
    return fd;
}

void document_render_once(const char *data, int length) {
    GBytes *bytes = g_bytes_new_static(data, (gsize)length);
    PopplerDocument *doc = poppler_document_new_from_bytes(bytes, NULL, NULL);
    g_bytes_unref(bytes);
    if (!doc) return;
    PopplerPage *page = poppler_document_get_page(doc, 0);
    if (page) {
        cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 64, 64);
        draw(page, surface, 64, 64, 0, 0, 100, 100);
        cairo_surface_destroy(surface);
        char *title = poppler_document_get_title(doc);
        g_free(title);
        g_free(poppler_page_get_text(page));  // text extraction's tables and converters too
        g_free(poppler_document_get_metadata(doc));
        g_string_free(document_info_fields(doc), TRUE);  // the Info texts, and the creation date's time zone
        g_object_unref(page);
    }
    g_object_unref(doc);
}
