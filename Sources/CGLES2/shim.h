#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
