#include <png.h>
#include <zlib.h>

// PNG_FORMAT_RGBA is a macro built from other macros; export it as an integer.
static const unsigned int RECTO_PNG_FORMAT_RGBA = PNG_FORMAT_RGBA;

// Row-by-row reading through libpng's classic API, for decoding straight into a smaller image. The classic API
// reports errors by longjmp, which must never cross Swift frames: every function below that can raise one owns
// its setjmp, and libpng's error handler jumps back into it (through libpng's own C frames only).
#include <setjmp.h>
#include <string.h>

typedef struct recto_png_rows {
    png_structp png;
    png_infop info;
    const unsigned char *data;
    size_t size;
    size_t offset;
    png_uint_32 width, height;
    int bit_depth, color_type, interlace;
    int has_trns;
    png_fixed_point gamma;  // 0 when the file states none
    // When set, the bytes after `data` come from here, one segment at a time: 1 with the next segment in
    // `bytes`/`count` (valid until the next call), 0 when there is none (libpng then reports an error).
    int (*pull)(void *context, const unsigned char **bytes, size_t *count);
    void *pull_context;
} recto_png_rows;

static void recto_png_rows_error(png_structp png, png_const_charp message) {
    (void)message;
    png_longjmp(png, 1);
}

static void recto_png_rows_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void recto_png_rows_read(png_structp png, png_bytep out, size_t length) {
    recto_png_rows *r = (recto_png_rows *)png_get_io_ptr(png);
    while (length > r->size - r->offset) {
        size_t part = r->size - r->offset;
        memcpy(out, r->data + r->offset, part);
        out += part;
        length -= part;
        // The pull function returns before png_error jumps: no Swift frame is crossed.
        if (r->pull == NULL || !r->pull(r->pull_context, &r->data, &r->size)) png_error(png, "unexpected end of data");
        r->offset = 0;
    }
    memcpy(out, r->data + r->offset, length);
    r->offset += length;
}

// Reads the signature and the chunks up to the image data. Returns 1, or 0 on any error (then call close).
// With `pull`, the bytes after `data` come from it, one segment at a time (see `recto_png_rows`): a stream
// whose IDAT chunk carries a zlib stream of stored blocks, inflated elsewhere. Its CRC and Adler-32 are
// placeholders, so libpng is told not to check them; whoever inflated the file's own IDAT chunks checked
// every chunk's CRC.
static inline int recto_png_rows_open_pulled(recto_png_rows *r, const void *data, size_t size,
                                             int (*pull)(void *, const unsigned char **, size_t *), void *context) {
    memset(r, 0, sizeof *r);
    r->data = (const unsigned char *)data;
    r->size = size;
    r->pull = pull;
    r->pull_context = context;
    r->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, r, recto_png_rows_error, recto_png_rows_warning);
    if (r->png == NULL) return 0;
    r->info = png_create_info_struct(r->png);
    if (r->info == NULL) return 0;
    if (setjmp(png_jmpbuf(r->png))) return 0;
    if (pull != NULL) {
        png_set_crc_action(r->png, PNG_CRC_QUIET_USE, PNG_CRC_DEFAULT);
        png_set_option(r->png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
    }
    png_set_benign_errors(r->png, 1);
    png_set_read_fn(r->png, r, recto_png_rows_read);
    png_read_info(r->png, r->info);
    png_get_IHDR(r->png, r->info, &r->width, &r->height, &r->bit_depth, &r->color_type, &r->interlace, NULL, NULL);
    r->has_trns = png_get_valid(r->png, r->info, PNG_INFO_tRNS) != 0;
    if (!png_get_gAMA_fixed(r->png, r->info, &r->gamma)) r->gamma = 0;
    return 1;
}

static inline int recto_png_rows_open(recto_png_rows *r, const void *data, size_t size) {
    return recto_png_rows_open_pulled(r, data, size, NULL, NULL);
}

// Rows of at most 8 bits a sample become RGBA8 with the simplified API's own transformations for that output:
// palette and low bit depths expanded, tRNS to alpha, grey to RGB, an opaque alpha byte where none is stated.
// Returns 1, or 0 on an error.
static inline int recto_png_rows_start_rgba(recto_png_rows *r) {
    if (setjmp(png_jmpbuf(r->png))) return 0;
    png_set_expand(r->png);
    if ((r->color_type & PNG_COLOR_MASK_COLOR) == 0) png_set_gray_to_rgb(r->png);
    if ((r->color_type & PNG_COLOR_MASK_ALPHA) == 0 && !r->has_trns) png_set_add_alpha(r->png, 0xff, PNG_FILLER_AFTER);
    png_read_update_info(r->png, r->info);
    return png_get_rowbytes(r->png, r->info) == (size_t)r->width * 4;
}

// Reads the next `count` rows into `rows`, `stride` bytes apart. Returns 1, or 0 on an error.
static inline int recto_png_rows_read_rows(recto_png_rows *r, unsigned char *rows, size_t stride, unsigned count) {
    if (setjmp(png_jmpbuf(r->png))) return 0;
    for (unsigned i = 0; i < count; i++) png_read_row(r->png, rows + i * stride, NULL);
    return 1;
}

// zlib's inflateInit is a macro.
static inline int recto_inflate_init(z_stream *stream) { return inflateInit(stream); }

static inline void recto_png_rows_close(recto_png_rows *r) {
    if (r->png != NULL) png_destroy_read_struct(&r->png, r->info != NULL ? &r->info : NULL, NULL);
    r->png = NULL;
    r->info = NULL;
}
