// What recto-pdf loads before its sandbox closes: fonts, their configuration and poppler's data.
#include <fontconfig/fontconfig.h>
#include <glib.h>
#include <stdlib.h>

#include "helper.h"

// Built-in one-page document with a standard (not embedded) font, a UTF-16 title and a creation date: rendering it
// loads fontconfig's configuration and cache, FreeType, a system font, the UTF-16 converter and the date's time
// zone while files may be opened.
void warm_up(void) {
    const char *objects[] = {
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        ("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R "
         "/Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>"),
        "<< /Length 58 >>\nstream\nBT /F1 24 Tf 10 50 Td (Aa) Tj /F2 24 Tf (Bb) Tj ET 0 0 50 50 re f\nendstream",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>",
        "<< /Title <FEFF00720065006300740074006F> /Author (recto) /CreationDate (D:20190304120000+01'00') >>",
    };
    enum { count = sizeof objects / sizeof objects[0] };
    GString *pdf = g_string_new("%PDF-1.4\n");
    long offsets[count];
    for (int i = 0; i < count; i++) {
        offsets[i] = (long)pdf->len;
        g_string_append_printf(pdf, "%d 0 obj\n%s\nendobj\n", i + 1, objects[i]);
    }
    long xref = (long)pdf->len;
    g_string_append_printf(pdf, "xref\n0 %d\n0000000000 65535 f \n", count + 1);
    for (int i = 0; i < count; i++) g_string_append_printf(pdf, "%010ld 00000 n \n", offsets[i]);
    g_string_append_printf(pdf, "trailer\n<< /Size %d /Root 1 0 R /Info 7 0 R >>\nstartxref\n%ld\n%%%%EOF\n",
                           count + 1, xref);
    document_render_once(pdf->str, (int)pdf->len);
    g_string_free(pdf, TRUE);
}

static void add_list(GPtrArray *paths, FcStrList *list) {
    if (!list) return;
    for (FcChar8 *dir; (dir = FcStrListNext(list));) g_ptr_array_add(paths, g_strdup((const char *)dir));
    FcStrListDone(list);
}

const char *const *readable_directories(void) {
    GPtrArray *paths = g_ptr_array_new();
    FcConfig *config = FcConfigGetCurrent();
    add_list(paths, FcConfigGetFontDirs(config));
    add_list(paths, FcConfigGetCacheDirs(config));
    add_list(paths, FcConfigGetConfigDirs(config));
    const char *fixed[] = { "/etc/fonts", "/usr/share/fonts", "/usr/local/share/fonts", "/usr/share/poppler",
                            "/var/cache/fontconfig" };
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) g_ptr_array_add(paths, g_strdup(fixed[i]));
    g_ptr_array_add(paths, NULL);
    return (const char *const *)g_ptr_array_free(paths, FALSE);  // kept for the helper's life
}
