// Pango's FreeType backend for the Text module, opened with the first text drawn (`recto_pango()`,
// ../CLinux/opened_library.h) rather than linked: Pango, GLib, HarfBuzz, fontconfig and FreeType are about 20 of
// the shared libraries the loader would otherwise map and bind at every start, and the first frame draws no text.
//
// The declarations are the subset of the C API the Text module calls, as Pango 1.50 and FreeType 2.12 declare
// them (their ABI has been stable since Pango 1.0 and FreeType 2.0), written out here because the libraries'
// headers need pkg-config's include paths, and pkg-config would link the libraries again.
#include <stddef.h>
#include "../CLinux/opened_library.h"

typedef struct _PangoFontMap PangoFontMap;
typedef struct _PangoContext PangoContext;
typedef struct _PangoLayout PangoLayout;
typedef struct _PangoFontDescription PangoFontDescription;
typedef struct _PangoAttrList PangoAttrList;
typedef struct _GError GError;

typedef struct { int x, y, width, height; } PangoRectangle;

/// FreeType's FT_Bitmap (freetype/ftimage.h).
typedef struct {
    unsigned int rows;
    unsigned int width;
    int pitch;
    unsigned char *buffer;
    unsigned short num_grays;
    unsigned char pixel_mode;
    unsigned char palette_mode;
    void *palette;
} FT_Bitmap;

// Enumerations as plain integers (Pango's PangoWeight, PangoWrapMode, PangoEllipsizeMode, PangoAlignment).
static const int RECTO_PANGO_SCALE = 1024;
static const int RECTO_PANGO_WEIGHT_NORMAL = 400;
static const int RECTO_PANGO_WEIGHT_BOLD = 700;
static const int RECTO_PANGO_WRAP_WORD_CHAR = 2;
static const int RECTO_PANGO_ELLIPSIZE_END = 3;
static const int RECTO_PANGO_ALIGN_LEFT = 0;
static const int RECTO_PANGO_ALIGN_CENTER = 1;
static const int RECTO_PANGO_ALIGN_RIGHT = 2;
static const unsigned char RECTO_FT_PIXEL_MODE_GRAY = 2;

PangoFontMap *pango_ft2_font_map_new(void);
PangoContext *pango_font_map_create_context(PangoFontMap *fontmap);
PangoLayout *pango_layout_new(PangoContext *context);
void g_object_unref(void *object);
PangoFontDescription *pango_font_description_new(void);
void pango_font_description_free(PangoFontDescription *desc);
void pango_font_description_set_family(PangoFontDescription *desc, const char *family);
void pango_font_description_set_absolute_size(PangoFontDescription *desc, double size);
void pango_font_description_set_weight(PangoFontDescription *desc, int weight);
void pango_layout_set_font_description(PangoLayout *layout, const PangoFontDescription *desc);
void pango_layout_set_width(PangoLayout *layout, int width);
void pango_layout_set_height(PangoLayout *layout, int height);
void pango_layout_set_wrap(PangoLayout *layout, int wrap);
void pango_layout_set_ellipsize(PangoLayout *layout, int ellipsize);
void pango_layout_set_alignment(PangoLayout *layout, int alignment);
int pango_parse_markup(const char *markup_text, int length, unsigned int accel_marker, PangoAttrList **attr_list,
                       char **text, unsigned int *accel_char, GError **error);
void pango_layout_set_markup(PangoLayout *layout, const char *markup, int length);
void pango_layout_set_text(PangoLayout *layout, const char *text, int length);
void pango_layout_get_pixel_extents(PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
int pango_layout_get_unknown_glyphs_count(PangoLayout *layout);
void pango_ft2_render_layout(FT_Bitmap *bitmap, PangoLayout *layout, int x, int y);

// libpangoft2 needs libpango, libgobject and libglib, so dlsym on its handle finds their functions too.
#define RECTO_PANGO_LIBRARY "libpangoft2-1.0.so.0"
#define RECTO_PANGO_FUNCTIONS(X) X(pango_ft2_font_map_new) X(pango_font_map_create_context) X(pango_layout_new) \
    X(g_object_unref) X(pango_font_description_new) X(pango_font_description_free) \
    X(pango_font_description_set_family) X(pango_font_description_set_absolute_size) \
    X(pango_font_description_set_weight) X(pango_layout_set_font_description) X(pango_layout_set_width) \
    X(pango_layout_set_height) X(pango_layout_set_wrap) X(pango_layout_set_ellipsize) \
    X(pango_layout_set_alignment) X(pango_parse_markup) X(pango_layout_set_markup) X(pango_layout_set_text) \
    X(pango_layout_get_pixel_extents) X(pango_layout_get_unknown_glyphs_count) X(pango_ft2_render_layout)
RECTO_OPENED_LIBRARY(pango, RECTO_PANGO_LIBRARY, RECTO_PANGO_FUNCTIONS)
