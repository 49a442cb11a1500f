// A shared library opened on first use (dlopen) rather than linked, for the C shims of libraries that recto's
// first page never needs: each one linked is mapped and bound by the loader at every start (with -z now, all its
// symbols), and libcurl and libavif bring about 50 of the ~90 libraries recto would otherwise load.
//
// A shim lists its functions once, X-macro style, and gets a table of typed, non-null pointers:
//
//   #define RECTO_FOO_FUNCTIONS(X) X(foo_open) X(foo_close)
//   RECTO_OPENED_LIBRARY(foo, "libfoo.so.1", RECTO_FOO_FUNCTIONS)
//
// declares `recto_foo_api` (a field per function, typed by the library's own declaration) and
// `const recto_foo_api *recto_foo(void)`: the table, or NULL when the library cannot be opened or lacks a
// function, with `recto_foo_failure()` saying why. The library is opened once per process (pthread_once; a
// translation unit's copy of the statics opens it again, which dlopen only counts).
#ifndef RECTO_OPENED_LIBRARY_H
#define RECTO_OPENED_LIBRARY_H
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/// Opens `soname` and finds `count` functions into `slots`; 0 with `failure` filled when it cannot.
static inline int recto_open_library(const char *soname, const char *const *names, void **slots, size_t count,
                                     char *failure, size_t failure_size) {
    void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(failure, failure_size, "%s", reason ? reason : soname);
        return 0;
    }
    for (size_t i = 0; i < count; i++) {
        slots[i] = dlsym(library, names[i]);
        if (!slots[i]) {
            snprintf(failure, failure_size, "%s has no %s", soname, names[i]);
            dlclose(library);
            return 0;
        }
    }
    return 1;
}

#define RECTO_OPENED_FIELD(name) __typeof__(name) *_Nonnull name;
#define RECTO_OPENED_NAME(name) #name,
#define RECTO_OPENED_COUNT(name) +1

#define RECTO_OPENED_LIBRARY(prefix, soname, FUNCTIONS)                                                        \
    typedef struct recto_##prefix##_api { FUNCTIONS(RECTO_OPENED_FIELD) } recto_##prefix##_api;              \
    typedef struct recto_##prefix##_state {                                                                  \
        recto_##prefix##_api api;                                                                            \
        int opened;                                                                                          \
        char failure[256];                                                                                   \
    } recto_##prefix##_state;                                                                                \
    static inline recto_##prefix##_state *recto_##prefix##_state_(void) {                                  \
        static recto_##prefix##_state state;                                                                 \
        return &state;                                                                                       \
    }                                                                                                        \
    static inline void recto_##prefix##_open_(void) {                                                        \
        static const char *const names[] = { FUNCTIONS(RECTO_OPENED_NAME) };                                 \
        void *slots[0 FUNCTIONS(RECTO_OPENED_COUNT)];                                                        \
        _Static_assert(sizeof(recto_##prefix##_api) == sizeof slots, "one pointer a function");                \
        recto_##prefix##_state *state = recto_##prefix##_state_();                                           \
        if (!recto_open_library(soname, names, slots, sizeof slots / sizeof slots[0], state->failure,       \
                                sizeof state->failure)) return;                                              \
        memcpy(&state->api, slots, sizeof slots);                                                            \
        state->opened = 1;                                                                                   \
    }                                                                                                        \
    static inline const recto_##prefix##_api *_Nullable recto_##prefix(void) {                              \
        static pthread_once_t once = PTHREAD_ONCE_INIT;                                                      \
        pthread_once(&once, recto_##prefix##_open_);                                                         \
        recto_##prefix##_state *state = recto_##prefix##_state_();                                           \
        return state->opened ? &state->api : NULL;                                                           \
    }                                                                                                        \
    static inline const char *_Nonnull recto_##prefix##_failure(void) {                                      \
        (void)recto_##prefix();                                                                              \
        return recto_##prefix##_state_()->failure;                                                           \
    }

#endif
