// libcurl for the Fetch module. curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call:
// one typed wrapper per argument kind. The body and cancellation callbacks are C, so no Swift closure ever runs
// on libcurl's stack: a transfer's state is one struct the Swift side owns.
#include <curl/curl.h>
#include <stdlib.h>
#include <string.h>

static inline CURLcode recto_curl_long(CURL *h, CURLoption option, long value) {
    return curl_easy_setopt(h, option, value);
}
static inline CURLcode recto_curl_string(CURL *h, CURLoption option, const char *value) {
    return curl_easy_setopt(h, option, value);
}
static inline CURLcode recto_curl_off(CURL *h, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(h, option, value);
}
static inline CURLcode recto_curl_list(CURL *h, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(h, option, value);
}
static inline long recto_curl_response_code(CURL *h) {
    long code = 0;
    curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code);
    return code;
}
static inline long recto_curl_redirect_count(CURL *h) {
    long count = 0;
    curl_easy_getinfo(h, CURLINFO_REDIRECT_COUNT, &count);
    return count;
}
static inline const char *recto_curl_effective_url(CURL *h) {
    char *url = NULL;
    curl_easy_getinfo(h, CURLINFO_EFFECTIVE_URL, &url);
    return url;
}

// One transfer: the body grows up to `limit` bytes; past it the transfer is aborted (CURLE_WRITE_ERROR) with
// `overflowed` set, whether or not the server sent a Content-Length. `cancelled` may be set from any thread.
struct recto_transfer {
    unsigned char *data;
    size_t length;
    size_t capacity;
    size_t limit;
    int overflowed;
    int cancelled;
    char error[CURL_ERROR_SIZE];
};

static inline size_t recto_transfer_write(char *bytes, size_t size, size_t count, void *user) {
    struct recto_transfer *t = (struct recto_transfer *)user;
    size_t n = size * count;
    if (n > t->limit - t->length) { t->overflowed = 1; return 0; }
    if (t->length + n > t->capacity) {
        size_t capacity = t->capacity ? t->capacity : 65536;
        while (capacity < t->length + n) capacity *= 2;
        if (capacity > t->limit) capacity = t->limit;
        unsigned char *grown = (unsigned char *)realloc(t->data, capacity);
        if (!grown) return 0;
        t->data = grown;
        t->capacity = capacity;
    }
    memcpy(t->data + t->length, bytes, n);
    t->length += n;
    return n;
}

static inline int recto_transfer_progress(void *user, curl_off_t a, curl_off_t b, curl_off_t c, curl_off_t d) {
    (void)a; (void)b; (void)c; (void)d;
    return __atomic_load_n(&((struct recto_transfer *)user)->cancelled, __ATOMIC_RELAXED) ? 1 : 0;
}

static inline void recto_transfer_cancel(struct recto_transfer *t) {
    __atomic_store_n(&t->cancelled, 1, __ATOMIC_RELAXED);
}

/// Points the handle's body, progress and error buffer at `t`.
static inline void recto_transfer_attach(CURL *h, struct recto_transfer *t) {
    curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, recto_transfer_write);
    curl_easy_setopt(h, CURLOPT_WRITEDATA, (void *)t);
    curl_easy_setopt(h, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, recto_transfer_progress);
    curl_easy_setopt(h, CURLOPT_XFERINFODATA, (void *)t);
    curl_easy_setopt(h, CURLOPT_ERRORBUFFER, t->error);
}
