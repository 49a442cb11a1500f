// libseccomp (LGPL-2.1): the recto-pdf helper's system-call filter.
#include <seccomp.h>
