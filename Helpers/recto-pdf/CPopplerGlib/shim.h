// poppler-glib (GPL) and, through its pkg-config, cairo and glib: for the recto-pdf helper only.
#include <poppler.h>
#include <cairo.h>
