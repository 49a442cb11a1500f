#include <pango/pangocairo.h>

// PANGO_SCALE is a plain macro but CAIRO_FORMAT_ARGB32 comes through as an enum; export the scale as an integer
// so the Swift side needs no guess about how the macro imports.
static const int RECTO_PANGO_SCALE = PANGO_SCALE;
