// ALSA, where no sound server runs, opened with the first stream (`recto_alsa()`, ../CLinux/opened_library.h)
// rather than linked, like the sound server's library: nothing of sound is loaded before a book plays one.
#include <alsa/asoundlib.h>
#include "../CLinux/opened_library.h"

#define RECTO_ALSA_LIBRARY "libasound.so.2"
#define RECTO_ALSA_FUNCTIONS(X) X(snd_pcm_open) X(snd_pcm_set_params) X(snd_pcm_close) X(snd_pcm_writei) \
    X(snd_pcm_recover) X(snd_pcm_delay) X(snd_pcm_drop) X(snd_pcm_prepare) X(snd_pcm_drain) X(snd_strerror)
RECTO_OPENED_LIBRARY(alsa, RECTO_ALSA_LIBRARY, RECTO_ALSA_FUNCTIONS)
