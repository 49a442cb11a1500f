#include <png.h>

// PNG_FORMAT_RGBA is a macro built from other macros; export it as an integer.
static const unsigned int RECTO_PNG_FORMAT_RGBA = PNG_FORMAT_RGBA;
