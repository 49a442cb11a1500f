// libpulse-simple for page recordings and sounds, opened with the first stream (`recto_pulse()`,
// ../CLinux/opened_library.h) rather than linked: with libpulse, D-Bus, X11/XCB, systemd and libgcrypt below it,
// it is about 15 of the shared libraries the loader would otherwise map and bind at every start, for books most
// of which have no sound. The headers still give the types and constants.
#include <pulse/simple.h>
#include <pulse/error.h>
#include "../CLinux/opened_library.h"

#define RECTO_PULSE_LIBRARY "libpulse-simple.so.0"
#define RECTO_PULSE_FUNCTIONS(X) X(pa_simple_new) X(pa_simple_free) X(pa_simple_write) X(pa_simple_get_latency) \
    X(pa_simple_flush) X(pa_simple_drain) X(pa_strerror)
RECTO_OPENED_LIBRARY(pulse, RECTO_PULSE_LIBRARY, RECTO_PULSE_FUNCTIONS)
