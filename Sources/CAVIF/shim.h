// libavif for the Decoding module, opened with the first AVIF page (`recto_avif()`, ../CLinux/opened_library.h)
// rather than linked: with its AV1 codecs (dav1d, libgav1, libaom, rav1e, SVT-AV1), Abseil and libyuv it is about
// 20 of the shared libraries the loader would otherwise map and bind at every start, for a format most books
// never use. The header still gives the types and constants.
#include <avif/avif.h>
#include "../CLinux/opened_library.h"

#define RECTO_AVIF_LIBRARY "libavif.so.15"
#define RECTO_AVIF_FUNCTIONS(X) X(avifDecoderCreate) X(avifDecoderDestroy) X(avifDecoderSetIOMemory) \
    X(avifDecoderParse) X(avifDecoderNextImage) X(avifRGBImageSetDefaults) X(avifImageYUVToRGB) X(avifResultToString)
RECTO_OPENED_LIBRARY(avif, RECTO_AVIF_LIBRARY, RECTO_AVIF_FUNCTIONS)
