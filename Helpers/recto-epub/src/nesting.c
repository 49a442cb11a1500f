// SPDX-License-Identifier: Apache-2.0
// How deep a page nests, measured before MuPDF reads it. MuPDF's XML and HTML5 parsers build the tree without
// recursing, but everything after them recurses once per level: building the boxes, CSS, layout, drawing (about
// 1.1 KB of stack per nested element), the SVG engine (about 0.4 KB per element, and again through each `use`,
// up to 100 deep), the CSS parser (about 0.13 KB per nested function call). Markup nested 120,000 deep needs
// some 130 MB of stack; the page is refused instead when it nests deeper than NESTING_LIMIT.
//
// The count is a single pass over the bytes, no tree: every start tag that is neither self-closing nor an HTML
// void element opens a level, every end tag closes one; parentheses open and close levels of their own, in
// text, in attribute values and in the stylesheets a page links (numeric character references such as &#40;
// count as the characters they stand for, since the CSS parser sees them so). An SVG picture the page shows
// (<img src="….svg">, which MuPDF draws with its SVG engine) nests as deep as its own markup. For well-formed XHTML this is the
// tree's depth exactly; for HTML that leaves elements open it counts each open element as a level, more than
// the HTML5 parser would build, never less.
#include <stddef.h>
#include <string.h>

#include "helper.h"

struct scan {
    const unsigned char *at, *end;
    int elements, parentheses, deepest, limit;
};

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

static int is_name_start(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':' || c >= 0x80; }

static int is_name(int c) { return is_name_start(c) || (c >= '0' && c <= '9') || c == '-' || c == '.'; }

static int is_space(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

static void deeper(struct scan *s, int *counter) {
    ++*counter;
    if (*counter > s->deepest) s->deepest = *counter;
}

static void shallower(int *counter) {
    if (*counter > 0) --*counter;
}

// A character reference at s->at ('&'): the character it stands for when it is a numeric one, else '&'. Moves
// past what it read.
static int reference(struct scan *s) {
    const unsigned char *p = s->at + 1;
    s->at++;
    if (p >= s->end || *p != '#') return '&';
    p++;
    int hex = p < s->end && (*p == 'x' || *p == 'X');
    if (hex) p++;
    long value = 0;
    const unsigned char *digits = p;
    while (p < s->end && p - digits < 8) {
        int c = lower(*p);
        if (c >= '0' && c <= '9') value = value * (hex ? 16 : 10) + (c - '0');
        else if (hex && c >= 'a' && c <= 'f') value = value * 16 + (c - 'a' + 10);
        else break;
        p++;
    }
    if (p == digits || p >= s->end || *p != ';') return '&';
    s->at = p + 1;
    return (int)value;
}

// One character of text or of an attribute's value: parentheses nest.
static void text_character(struct scan *s, int c) {
    if (c == '(') deeper(s, &s->parentheses);
    else if (c == ')') shallower(&s->parentheses);
}

// Skips to just past `terminator` (or to the end).
static void skip_past(struct scan *s, const char *terminator) {
    size_t n = strlen(terminator);
    while (s->at < s->end) {
        if ((size_t)(s->end - s->at) >= n && memcmp(s->at, terminator, n) == 0) {
            s->at += n;
            return;
        }
        s->at++;
    }
}

// HTML elements that never hold content, so an HTML page need not close them.
static int is_void(const unsigned char *name, size_t length) {
    static const char *const names[] = { "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                                         "param", "source", "track", "wbr", "basefont", "frame", "keygen" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        size_t n = strlen(names[i]);
        if (n != length) continue;
        size_t j = 0;
        while (j < n && lower(name[j]) == names[i][j]) j++;
        if (j == n) return 1;
    }
    return 0;
}

static int equal_ignoring_case(const unsigned char *a, size_t length, const char *b) {
    if (strlen(b) != length) return 0;
    for (size_t i = 0; i < length; i++)
        if (lower(a[i]) != lower((unsigned char)b[i])) return 0;
    return 1;
}

static int contains(const unsigned char *text, size_t length, const char *part) {
    size_t n = strlen(part);
    for (size_t i = 0; i + n <= length; i++)
        if (memcmp(text + i, part, n) == 0) return 1;
    return 0;
}

// A start tag, s->at just past '<' at its name. Attribute values count their parentheses; a <link> with
// rel="stylesheet" hands its href to `linked`, an <img> whose src names an SVG file its src.
static void start_tag(struct scan *s, linked_file linked, void *user) {
    const unsigned char *name = s->at;
    while (s->at < s->end && is_name(*s->at)) s->at++;
    size_t name_length = (size_t)(s->at - name);
    // The local name: MuPDF's parser drops a namespace prefix ("svg:g" is a "g").
    for (size_t i = name_length; i > 0; i--)
        if (name[i - 1] == ':') {
            name += i;
            name_length -= i;
            break;
        }
    int is_link = equal_ignoring_case(name, name_length, "link"), is_img = equal_ignoring_case(name, name_length, "img");
    const unsigned char *href = NULL, *rel = NULL, *src = NULL;
    size_t href_length = 0, rel_length = 0, src_length = 0;
    int closed = 0;
    while (s->at < s->end && *s->at != '>') {
        if (*s->at == '/') {
            closed = 1;
            s->at++;
            continue;
        }
        closed = 0;
        if (!is_name_start(*s->at)) {
            s->at++;
            continue;
        }
        const unsigned char *attribute = s->at;
        while (s->at < s->end && is_name(*s->at)) s->at++;
        size_t attribute_length = (size_t)(s->at - attribute);
        while (s->at < s->end && is_space(*s->at)) s->at++;
        if (s->at >= s->end || *s->at != '=') continue;
        s->at++;
        while (s->at < s->end && is_space(*s->at)) s->at++;
        const unsigned char *value = s->at;
        if (s->at < s->end && (*s->at == '"' || *s->at == '\'')) {
            unsigned char quote = *s->at++;
            value = s->at;
            while (s->at < s->end && *s->at != quote) {
                if (*s->at == '&') text_character(s, reference(s));
                else text_character(s, *s->at++);
            }
        } else {
            while (s->at < s->end && !is_space(*s->at) && *s->at != '>') text_character(s, *s->at++);
        }
        size_t value_length = (size_t)(s->at - value);
        if (s->at < s->end && (*s->at == '"' || *s->at == '\'')) s->at++;
        if (is_link && equal_ignoring_case(attribute, attribute_length, "href")) {
            href = value;
            href_length = value_length;
        } else if (is_link && equal_ignoring_case(attribute, attribute_length, "rel")) {
            rel = value;
            rel_length = value_length;
        } else if (is_img && equal_ignoring_case(attribute, attribute_length, "src")) {
            src = value;
            src_length = value_length;
        }
    }
    if (s->at < s->end) s->at++;  // '>'
    if (is_link && href && rel && linked && equal_ignoring_case(rel, rel_length, "stylesheet"))
        linked(user, LINKED_STYLESHEET, (const char *)href, href_length);
    // MuPDF draws a picture with its SVG engine when its src contains ".svg".
    if (is_img && src && linked && contains(src, src_length, ".svg"))
        linked(user, LINKED_SVG_PICTURE, (const char *)src, src_length);
    if (!closed && !is_void(name, name_length)) deeper(s, &s->elements);
}

int markup_nesting(const char *bytes, size_t length, int limit, linked_file linked, void *user) {
    struct scan s = { (const unsigned char *)bytes, (const unsigned char *)bytes + length, 0, 0, 0, limit };
    while (s.at < s.end && s.deepest <= s.limit) {
        int c = *s.at;
        if (c == '&') {
            text_character(&s, reference(&s));
            continue;
        }
        if (c != '<' || s.at + 1 >= s.end) {
            text_character(&s, c);
            s.at++;
            continue;
        }
        int next = s.at[1];
        if (next == '/') {
            s.at += 2;
            skip_past(&s, ">");
            shallower(&s.elements);
        } else if (next == '?') {
            skip_past(&s, "?>");
        } else if (next == '!') {
            if (s.end - s.at >= 4 && memcmp(s.at, "<!--", 4) == 0) skip_past(&s, "-->");
            else if (s.end - s.at >= 9 && memcmp(s.at, "<![CDATA[", 9) == 0) s.at += 9;  // its text counts as text
            else {
                // A declaration (DOCTYPE), whose internal subset may hold '>' inside brackets.
                int brackets = 0;
                for (s.at += 2; s.at < s.end; s.at++) {
                    if (*s.at == '[') brackets++;
                    else if (*s.at == ']') brackets--;
                    else if (*s.at == '>' && brackets <= 0) break;
                }
                if (s.at < s.end) s.at++;
            }
        } else if (is_name_start(next)) {
            s.at++;
            start_tag(&s, linked, user);
        } else {
            text_character(&s, c);  // a '<' in text, as HTML allows
            s.at++;
        }
    }
    return s.deepest;
}

int stylesheet_nesting(const char *bytes, size_t length, int limit) {
    struct scan s = { (const unsigned char *)bytes, (const unsigned char *)bytes + length, 0, 0, 0, limit };
    while (s.at < s.end && s.deepest <= s.limit) text_character(&s, *s.at++);
    return s.deepest;
}
