#include <zlib.h>

// inflateInit2 is a macro (it passes the header's version and the stream's size); a function Swift can call.
static inline int recto_inflate_init_raw(z_streamp stream) {
    return inflateInit2(stream, -MAX_WBITS);
}
