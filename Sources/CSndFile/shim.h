// libsndfile for page recordings, opened with the first one read (`recto_sndfile()`, ../CLinux/opened_library.h)
// rather than linked: with its codecs (FLAC, Vorbis, Opus, Ogg, mpg123, LAME) it is about 8 of the shared
// libraries the loader would otherwise map and bind at every start. The header still gives the types.
#include <sndfile.h>
#include "../CLinux/opened_library.h"

#define RECTO_SNDFILE_LIBRARY "libsndfile.so.1"
#define RECTO_SNDFILE_FUNCTIONS(X) X(sf_open) X(sf_close) X(sf_strerror) X(sf_seek) X(sf_readf_float)
RECTO_OPENED_LIBRARY(sndfile, RECTO_SNDFILE_LIBRARY, RECTO_SNDFILE_FUNCTIONS)
