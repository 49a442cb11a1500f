#include <pango/pangoft2.h>

// Macros that import badly, as plain integers: Pango's fixed-point scale and FreeType's 8-bit grey pixel mode.
static const int RECTO_PANGO_SCALE = PANGO_SCALE;
static const unsigned char RECTO_FT_PIXEL_MODE_GRAY = FT_PIXEL_MODE_GRAY;
