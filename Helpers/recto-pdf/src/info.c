// The document's Info dictionary, for recto's "About this book": who wrote it, what it is about, the programs
// that made it, and the day it was made.
#define _GNU_SOURCE
#include <poppler.h>
#include <stdio.h>
#include <string.h>

#include "helper.h"
#include "recto_pdf_wire.h"

// `text` (NULL: none) cut to RPDF_INFO_TEXT_MAX bytes on a character's boundary, then its NUL.
static void append_field(GString *out, const char *text) {
    size_t n = text ? strlen(text) : 0;
    if (n > RPDF_INFO_TEXT_MAX) {
        n = RPDF_INFO_TEXT_MAX;
        while (n > 0 && ((unsigned char)text[n] & 0xC0) == 0x80) n--;
    }
    if (n) g_string_append_len(out, text, (gssize)n);
    g_string_append_c(out, '\0');
}

// The CreationDate as the calendar day it names where it was written (its own time zone, not the kiosk's: a
// document made just before midnight in Tokyo was made that day).
static void append_day(GString *out, PopplerDocument *document) {
    GDateTime *created = poppler_document_get_creation_date_time(document);
    char day[16] = "";
    if (created) {
        int year, month, date;
        g_date_time_get_ymd(created, &year, &month, &date);
        if (year >= 1 && year <= 9999) snprintf(day, sizeof day, "%04d-%02d-%02d", year, month, date);
        g_date_time_unref(created);
    }
    append_field(out, day);
}

GString *document_info_fields(PopplerDocument *document) {
    // In the order of enum rpdf_info_field.
    gchar *(*const texts[])(PopplerDocument *) = {
        poppler_document_get_author, poppler_document_get_subject, poppler_document_get_keywords,
        poppler_document_get_creator, poppler_document_get_producer,
    };
    GString *out = g_string_new(NULL);
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        gchar *text = texts[i](document);
        append_field(out, text);
        g_free(text);
    }
    append_day(out, document);
    return out;
}

int document_info(struct rpdf_reply *reply) {
    PopplerDocument *document = document_current();
    if (!document) {
        reply->status = RPDF_ERR_NO_DOCUMENT;
        reply_text(reply, "no document is open");
        return -1;
    }
    GString *fields = document_info_fields(document);
    int fd = -1;
    if (fields->len > RPDF_INFO_FIELDS) {  // more than the NULs: something is stated
        void *map;
        fd = shared_buffer(fields->len, &map, reply);
        if (fd >= 0) {
            memcpy(map, fields->str, fields->len);
            fd = seal(fd, map, fields->len, reply);
        }
        if (fd >= 0) reply->value = (int32_t)fields->len;
    }
    g_string_free(fields, TRUE);
    return fd;
}
