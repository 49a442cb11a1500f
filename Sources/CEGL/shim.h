#include <EGL/egl.h>
#include <EGL/eglext.h>

// Cast macros do not import into Swift; export the integers that are needed.
static const int RECTO_EGL_PLATFORM_SURFACELESS_MESA = 0x31DD;
static const int RECTO_EGL_PLATFORM_WAYLAND_KHR = 0x31D8;
