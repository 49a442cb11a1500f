// The EPUB recto-epub holds open and the pages it draws with MuPDF's HTML engine.
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <mupdf/fitz.h>

#include "helper.h"

// MuPDF keeps decoded images, fonts and laid-out chapters in its store; this bounds it well inside the helper's
// address space, so a book of many large pictures evicts instead of failing.
#define STORE_BYTES (96u << 20)
// The font size a page's CSS starts from, in CSS pixels: a browser's.
#define DEFAULT_EM 16.0f
// The size OPEN reports for every page: a page's own viewport comes with each RENDER.
#define DEFAULT_WIDTH 600.0f
#define DEFAULT_HEIGHT 800.0f

static fz_context *context;
static fz_document *book;
static FILE *book_file;
static int chapters;
static float layout_width, layout_height;
// The SVG documents of the spine, by chapter (NULL for the rest): MuPDF's EPUB engine lays every spine document
// out as HTML, which draws nothing of an SVG page, so those are drawn by its SVG engine instead.
static fz_buffer **svg_pages;
// An SVG page larger than this is not read: a page of drawing is a few hundred KB.
#define SVG_PAGE_BYTES (8u << 20)
// The book's archive as the helper reads it itself (each page's markup and stylesheets, to measure how deep they
// nest before MuPDF lays them out), with each chapter's path in it as MuPDF resolves it (NULL where the spine
// item has no document) and its nesting once measured (-1 before).
static fz_archive *archive;
static char **chapter_paths;
static int *chapter_nesting;

static void quiet(void *user, const char *message) { (void)user; (void)message; }

static fz_context *engine(void) {
    if (context) return context;
    context = fz_new_context(NULL, NULL, STORE_BYTES);
    if (!context) return NULL;
    fz_register_document_handlers(context);
    // A fixed-layout page fills its viewport: no page margin beyond what its own CSS asks for.
    fz_set_user_css(context, "@page { margin: 0 }");
    // MuPDF warns about EPUB 3's version number and such on stderr; the reply says what went wrong.
    fz_set_warning_callback(context, quiet, NULL);
    fz_set_error_callback(context, quiet, NULL);
    return context;
}

static void forget_spine(fz_context *ctx) {
    for (int i = 0; svg_pages && i < chapters; i++) fz_drop_buffer(ctx, svg_pages[i]);
    for (int i = 0; chapter_paths && i < chapters; i++) fz_free(ctx, chapter_paths[i]);
    fz_free(ctx, svg_pages);
    fz_free(ctx, chapter_paths);
    fz_free(ctx, chapter_nesting);
    fz_drop_archive(ctx, archive);
    svg_pages = NULL;
    chapter_paths = NULL;
    chapter_nesting = NULL;
    archive = NULL;
}

// A stream over the book's descriptor read with pread, at its own offset: the archive the helper keeps reads
// through it while MuPDF's document reads the same descriptor through stdio, neither moving the other's place.
struct pread_stream {
    int fd;
    int64_t offset;
    unsigned char buffer[16384];
};

static int next_pread(fz_context *ctx, fz_stream *stream, size_t wanted) {
    (void)wanted;
    struct pread_stream *state = stream->state;
    ssize_t n;
    do n = pread(state->fd, state->buffer, sizeof state->buffer, (off_t)state->offset);
    while (n < 0 && errno == EINTR);
    if (n < 0) fz_throw(ctx, FZ_ERROR_GENERIC, "cannot read the book: %s", strerror(errno));
    state->offset += n;
    stream->pos = state->offset;
    stream->rp = state->buffer;
    stream->wp = state->buffer + n;
    return n == 0 ? EOF : *stream->rp++;
}

static void seek_pread(fz_context *ctx, fz_stream *stream, int64_t offset, int whence) {
    struct pread_stream *state = stream->state;
    int64_t base = whence == SEEK_CUR ? stream->pos - (stream->wp - stream->rp) : 0;
    if (whence == SEEK_END) {
        off_t end = lseek(state->fd, 0, SEEK_END);
        if (end < 0) fz_throw(ctx, FZ_ERROR_GENERIC, "cannot seek in the book: %s", strerror(errno));
        base = end;
    }
    if (base + offset < 0) fz_throw(ctx, FZ_ERROR_GENERIC, "cannot seek before the book's start");
    state->offset = stream->pos = base + offset;
    stream->rp = stream->wp = state->buffer;
}

static fz_stream *open_pread_stream(fz_context *ctx, int fd) {
    struct pread_stream *state = fz_malloc_struct(ctx, struct pread_stream);
    state->fd = fd;
    fz_stream *stream = fz_new_stream(ctx, state, next_pread, fz_free);
    stream->seek = seek_pread;
    return stream;
}

// Walks the spine as MuPDF's EPUB engine does (every itemref whose manifest item has an href, in order), keeping
// each chapter's path and the bytes of each SVG document. Throws like MuPDF when the package cannot be read.
static void read_spine(fz_context *ctx, fz_archive *zip, int count) {
    fz_buffer *buffer = NULL;
    fz_xml_doc *container = NULL, *package = NULL;
    fz_var(buffer);
    fz_var(container);
    fz_var(package);
    size_t slots = count > 0 ? (size_t)count : 1;
    svg_pages = fz_calloc(ctx, slots, sizeof *svg_pages);
    chapter_paths = fz_calloc(ctx, slots, sizeof *chapter_paths);
    chapter_nesting = fz_malloc(ctx, slots * sizeof *chapter_nesting);
    for (size_t i = 0; i < slots; i++) chapter_nesting[i] = -1;
    fz_try(ctx) {
        buffer = fz_read_archive_entry(ctx, zip, "META-INF/container.xml");
        container = fz_parse_xml(ctx, buffer, 0);
        fz_drop_buffer(ctx, buffer);
        buffer = NULL;
        fz_xml *rootfile = fz_xml_find_down(fz_xml_find_down(fz_xml_find(fz_xml_root(container), "container"),
                                                             "rootfiles"), "rootfile");
        const char *full_path = fz_xml_att(rootfile, "full-path");
        if (!full_path) fz_throw(ctx, FZ_ERROR_GENERIC, "no package document");
        char base[2048], path[4096];
        fz_dirname(base, full_path, sizeof base);
        buffer = fz_read_archive_entry(ctx, zip, full_path);
        package = fz_parse_xml(ctx, buffer, 0);
        fz_xml *root = fz_xml_find(fz_xml_root(package), "package");
        fz_xml *manifest = fz_xml_find_down(root, "manifest");
        int chapter = 0;
        for (fz_xml *ref = fz_xml_find_down(fz_xml_find_down(root, "spine"), "itemref"); ref && chapter < count;
             ref = fz_xml_find_next(ref, "itemref")) {
            const char *idref = fz_xml_att(ref, "idref");
            fz_xml *item = idref ? fz_xml_find_down_match(manifest, "item", "id", idref) : NULL;
            const char *href = fz_xml_att(item, "href"), *type = fz_xml_att(item, "media-type");
            if (!href) continue;
            snprintf(path, sizeof path, "%s/%s", base, href);
            fz_urldecode(path);
            fz_cleanname(path);
            chapter_paths[chapter] = fz_strdup(ctx, path);
            if (type && strcmp(type, "image/svg+xml") == 0) {
                fz_try(ctx) {
                    if (fz_has_archive_entry(ctx, zip, path)) {
                        fz_buffer *page = fz_read_archive_entry(ctx, zip, path);
                        if (fz_buffer_storage(ctx, page, NULL) <= SVG_PAGE_BYTES) svg_pages[chapter] = page;
                        else fz_drop_buffer(ctx, page);
                    }
                }
                fz_catch(ctx) {}  // drawn as MuPDF's EPUB engine draws it: a blank page
            }
            chapter++;
        }
    }
    fz_always(ctx) {
        fz_drop_buffer(ctx, buffer);
        fz_drop_xml(ctx, container);
        fz_drop_xml(ctx, package);
    }
    fz_catch(ctx) fz_rethrow(ctx);
}

int book_open(int fd, struct rpdf_reply *reply) {
    fz_context *ctx = engine();
    if (!ctx) {
        close(fd);
        reply->status = RPDF_ERR_SYSTEM;
        reply_text(reply, "cannot start MuPDF");
        return -1;
    }
    if (book) {
        forget_spine(ctx);
        fz_drop_document(ctx, book);
        book = NULL;
        fclose(book_file);
    }
    book_file = fdopen(fd, "rb");
    if (!book_file) {
        close(fd);
        reply->status = RPDF_ERR_SYSTEM;
        reply_text(reply, "cannot read the EPUB's descriptor");
        return -1;
    }
    fz_stream *stream = NULL;
    fz_archive *zip = NULL;
    fz_var(stream);
    fz_var(zip);
    fz_try(ctx) {
        stream = fz_open_file_ptr_no_close(ctx, book_file);
        book = fz_open_document_with_stream(ctx, "application/epub+zip", stream);
        chapters = fz_count_chapters(ctx, book);
        // A second reader of the same file, kept for the book's life (its stream reads with pread).
        fz_drop_stream(ctx, stream);
        stream = NULL;
        stream = open_pread_stream(ctx, fileno(book_file));
        archive = zip = fz_open_zip_archive_with_stream(ctx, stream);
        read_spine(ctx, zip, chapters);
    }
    fz_always(ctx) {
        fz_drop_stream(ctx, stream);
    }
    fz_catch(ctx) {
        forget_spine(ctx);
        if (book) fz_drop_document(ctx, book);
        book = NULL;
        reply->status = RPDF_ERR_DAMAGED;
        reply_text(reply, "%s", fz_caught_message(ctx));
        return -1;
    }
    layout_width = layout_height = 0;
    reply->page_count = (uint32_t)chapters;
    char title[RPDF_TEXT_MAX];
    if (fz_lookup_metadata(ctx, book, FZ_META_INFO_TITLE, title, sizeof title) > 0) reply_text(reply, "%s", title);
    size_t bytes = (size_t)chapters * 2 * sizeof(double);
    if (bytes == 0) return -1;
    void *map;
    int table = shared_buffer(bytes, &map, reply);
    if (table < 0) return -1;
    double *sizes = map;
    for (int i = 0; i < chapters; i++) {
        sizes[2 * i] = DEFAULT_WIDTH;
        sizes[2 * i + 1] = DEFAULT_HEIGHT;
    }
    return seal(table, map, bytes, reply);
}

static int refuse(struct rpdf_reply *reply, uint32_t status, const char *why) {
    reply->status = status;
    reply_text(reply, "%s", why);
    return -1;
}

struct page_nesting {
    fz_context *ctx;
    const char *base;  // the page's folder in the archive
    int deepest;
};

// A file the page links, resolved as MuPDF resolves it: a stylesheet's parentheses counted, an SVG picture's
// markup.
static void linked_file_nesting(void *user, enum linked_kind kind, const char *reference, size_t length) {
    struct page_nesting *page = user;
    fz_context *ctx = page->ctx;
    char path[4096];
    snprintf(path, sizeof path, "%s/%.*s", page->base, (int)(length < 2048 ? length : 2048), reference);
    fz_urldecode(path);
    fz_cleanname(path);
    fz_buffer *file = NULL;
    fz_var(file);
    fz_try(ctx) {
        if (fz_has_archive_entry(ctx, archive, path)) {
            file = fz_read_archive_entry(ctx, archive, path);
            unsigned char *bytes;
            size_t size = fz_buffer_storage(ctx, file, &bytes);
            int depth = kind == LINKED_STYLESHEET ? stylesheet_nesting((const char *)bytes, size, NESTING_LIMIT)
                                                  : markup_nesting((const char *)bytes, size, NESTING_LIMIT, NULL, NULL);
            if (depth > page->deepest) page->deepest = depth;
        }
    }
    fz_always(ctx) fz_drop_buffer(ctx, file);
    fz_catch(ctx) {}  // MuPDF leaves out a file it cannot read, too
}

// How deep chapter `index` nests, measured once: its markup (or its SVG), its stylesheets and SVG pictures.
static int nesting_of(fz_context *ctx, int index) {
    if (chapter_nesting[index] >= 0) return chapter_nesting[index];
    char base[2048];
    struct page_nesting page = { ctx, base, 0 };
    fz_buffer *markup = NULL;
    fz_var(markup);
    fz_try(ctx) {
        unsigned char *bytes;
        if (svg_pages[index]) {
            size_t size = fz_buffer_storage(ctx, svg_pages[index], &bytes);
            page.deepest = markup_nesting((const char *)bytes, size, NESTING_LIMIT, NULL, NULL);
        } else if (chapter_paths[index] && archive && fz_has_archive_entry(ctx, archive, chapter_paths[index])) {
            fz_dirname(base, chapter_paths[index], sizeof base);
            markup = fz_read_archive_entry(ctx, archive, chapter_paths[index]);
            size_t size = fz_buffer_storage(ctx, markup, &bytes);
            int depth = markup_nesting((const char *)bytes, size, NESTING_LIMIT, linked_file_nesting, &page);
            if (depth > page.deepest) page.deepest = depth;
        }
    }
    fz_always(ctx) fz_drop_buffer(ctx, markup);
    fz_catch(ctx) {}  // unreadable: MuPDF says why when it reads the page
    return chapter_nesting[index] = page.deepest;
}

int book_render(const struct rpdf_request *request, struct rpdf_reply *reply) {
    if (!book) return refuse(reply, RPDF_ERR_NO_DOCUMENT, "no book is open");
    if (request->page >= (uint32_t)chapters) return refuse(reply, RPDF_ERR_BAD_REQUEST, "no such page");
    int width = request->width, height = request->height;
    if (width < 1 || height < 1 || width > RPDF_MAX_SIDE || height > RPDF_MAX_SIDE
        || (long)width * height > RPDF_MAX_PIXELS)
        return refuse(reply, RPDF_ERR_BAD_REQUEST, "image size out of limits");
    float viewport_width = (float)(request->arg & 0xffff), viewport_height = (float)(request->arg >> 16);
    if (viewport_width < 1 || viewport_height < 1)
        return refuse(reply, RPDF_ERR_BAD_REQUEST, "no viewport to lay the page out in");
    if (!(isfinite(request->x) && isfinite(request->y) && isfinite(request->w) && isfinite(request->h))
        || request->w <= 0 || request->h <= 0)
        return refuse(reply, RPDF_ERR_BAD_REQUEST, "the rectangle is empty");
    if (nesting_of(context, (int)request->page) > NESTING_LIMIT) {
        reply->status = RPDF_ERR_PAGE;
        reply_text(reply, "its markup is nested deeper than %d levels", NESTING_LIMIT);
        return -1;
    }
    size_t bytes = (size_t)width * (size_t)height * 4;
    void *map;
    int fd = shared_buffer(bytes, &map, reply);
    if (fd < 0) return -1;
    memset(map, 0xff, bytes);  // white paper, opaque
    fz_context *ctx = context;
    fz_page *page = NULL;
    fz_pixmap *pixmap = NULL;
    fz_device *device = NULL;
    fz_document *svg = NULL;
    fz_stream *svg_stream = NULL;
    fz_var(svg);
    fz_var(svg_stream);
    fz_var(page);
    fz_var(pixmap);
    fz_var(device);
    fz_try(ctx) {
        if (viewport_width != layout_width || viewport_height != layout_height) {
            fz_layout_document(ctx, book, viewport_width, viewport_height, DEFAULT_EM);
            layout_width = viewport_width;
            layout_height = viewport_height;
        }
        fz_matrix fit = fz_identity;
        if (svg_pages[request->page]) {
            // An SVG page fills its viewport (its width and height, else its viewBox, as recto read them).
            svg = fz_open_document_with_stream(ctx, "image/svg+xml", svg_stream = fz_open_buffer(ctx, svg_pages[request->page]));
            page = fz_load_page(ctx, svg, 0);
            fz_rect bounds = fz_bound_page(ctx, page);
            if (bounds.x1 > bounds.x0 && bounds.y1 > bounds.y0)
                fit = fz_scale(viewport_width / (bounds.x1 - bounds.x0), viewport_height / (bounds.y1 - bounds.y0));
        } else {
            // A fixed-layout page is its viewport: what overflows it is not shown, as in a browser's fixed frame.
            page = fz_load_chapter_page(ctx, book, (int)request->page, 0);
        }
        pixmap = fz_new_pixmap_with_data(ctx, fz_device_rgb(ctx), width, height, NULL, 1, width * 4, map);
        // The page is scaled, never moved: MuPDF 1.21 draws an inline SVG moved twice under a translated matrix.
        // The region's corner is the pixmap's origin instead, in whole device pixels; the fraction left over
        // (under a pixel) is a translation too small to matter.
        double scale_x = width / request->w, scale_y = height / request->h;
        double left = request->x * scale_x, top = request->y * scale_y;
        pixmap->x = (int)floor(left);
        pixmap->y = (int)floor(top);
        fz_matrix transform = fz_concat(fit, fz_scale((float)scale_x, (float)scale_y));
        if (left != floor(left) || top != floor(top))
            transform = fz_concat(transform, fz_translate((float)(floor(left) - left), (float)(floor(top) - top)));
        device = fz_new_draw_device(ctx, fz_identity, pixmap);
        fz_run_page(ctx, page, device, transform, NULL);
        fz_close_device(ctx, device);
    }
    fz_always(ctx) {
        fz_drop_device(ctx, device);
        fz_drop_pixmap(ctx, pixmap);
        fz_drop_page(ctx, page);
        fz_drop_document(ctx, svg);
        fz_drop_stream(ctx, svg_stream);
    }
    fz_catch(ctx) {
        munmap(map, bytes);
        close(fd);
        return refuse(reply, RPDF_ERR_PAGE, fz_caught_message(ctx));
    }
    return seal(fd, map, bytes, reply);
}

void book_warm_up(void) {
    fz_context *ctx = engine();
    if (!ctx) return;
    static const char page[] = "<html><body><p>Aa <b>Bb</b> <i>Cc</i></p>"
        "<svg xmlns='http://www.w3.org/2000/svg' width='8' height='8'><rect width='8' height='8'/></svg></body></html>";
    fz_document *document = NULL;
    fz_stream *stream = NULL;
    fz_page *first = NULL;
    fz_pixmap *pixmap = NULL;
    fz_var(document);
    fz_var(stream);
    fz_var(first);
    fz_var(pixmap);
    fz_try(ctx) {
        stream = fz_open_memory(ctx, (const unsigned char *)page, sizeof page - 1);
        document = fz_open_document_with_stream(ctx, "application/xhtml+xml", stream);
        fz_layout_document(ctx, document, 64, 64, DEFAULT_EM);
        first = fz_load_page(ctx, document, 0);
        pixmap = fz_new_pixmap_from_page(ctx, first, fz_identity, fz_device_rgb(ctx), 0);
    }
    fz_always(ctx) {
        fz_drop_pixmap(ctx, pixmap);
        fz_drop_page(ctx, first);
        fz_drop_document(ctx, document);
        fz_drop_stream(ctx, stream);
    }
    fz_catch(ctx) {}
}
