// The PDF helper's wire protocol and descriptor passing (whose CMSG_* macros do not import into Swift). The
// headers are recto's own (Apache-2.0); the helper includes them from here, never the other way round.
#include "include/recto_pdf_protocol.h"
#include "include/recto_pdf_wire.h"
