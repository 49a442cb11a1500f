// libcurl for the Fetch module, opened with the first transfer (`recto_curl()`, ../CLinux/opened_library.h)
// rather than linked: with its TLS, HTTP/2, Kerberos and LDAP libraries it is about 30 of the shared libraries
// the loader would otherwise map and bind at every start, for a first page that needs none of them (a book on
// disk never does). The header still gives the types and constants.
// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed wrapper per argument
// kind. The body and cancellation callbacks are C, so no Swift closure ever runs on libcurl's stack: a
// transfer's state is one struct the Swift side owns.
#include <curl/curl.h>
#include <stdlib.h>
#include <string.h>
#include "../CLinux/opened_library.h"

#define RECTO_CURL_LIBRARY "libcurl.so.4"
#define RECTO_CURL_FUNCTIONS(X) X(curl_global_init) X(curl_easy_init) X(curl_easy_cleanup) X(curl_easy_reset) \
    X(curl_easy_perform) X(curl_easy_strerror) X(curl_easy_setopt) X(curl_easy_getinfo)
RECTO_OPENED_LIBRARY(curl, RECTO_CURL_LIBRARY, RECTO_CURL_FUNCTIONS)

static inline CURLcode recto_curl_long(CURL *h, CURLoption option, long value) {
    const recto_curl_api *api = recto_curl();
    return api ? api->curl_easy_setopt(h, option, value) : CURLE_FAILED_INIT;
}
static inline CURLcode recto_curl_string(CURL *h, CURLoption option, const char *value) {
    const recto_curl_api *api = recto_curl();
    return api ? api->curl_easy_setopt(h, option, value) : CURLE_FAILED_INIT;
}
static inline CURLcode recto_curl_off(CURL *h, CURLoption option, curl_off_t value) {
    const recto_curl_api *api = recto_curl();
    return api ? api->curl_easy_setopt(h, option, value) : CURLE_FAILED_INIT;
}
static inline long recto_curl_response_code(CURL *h) {
    const recto_curl_api *api = recto_curl();
    long code = 0;
    if (api) api->curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code);
    return code;
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
    const recto_curl_api *api = recto_curl();
    if (!api) return;
    api->curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, recto_transfer_write);
    api->curl_easy_setopt(h, CURLOPT_WRITEDATA, (void *)t);
    api->curl_easy_setopt(h, CURLOPT_NOPROGRESS, 0L);
    api->curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, recto_transfer_progress);
    api->curl_easy_setopt(h, CURLOPT_XFERINFODATA, (void *)t);
    api->curl_easy_setopt(h, CURLOPT_ERRORBUFFER, t->error);
}
