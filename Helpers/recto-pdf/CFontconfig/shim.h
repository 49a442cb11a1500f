// fontconfig: the recto-pdf helper reads its font folders to confine itself to them (Landlock).
#include <fontconfig/fontconfig.h>
