// The PDF helper's wire protocol and descriptor passing (whose CMSG_* macros do not import into Swift),
// shared with the helper: plain C and glibc, links nothing.
#include "../../Helpers/recto-pdf/src/include/recto_pdf_protocol.h"
#include "../../Helpers/recto-pdf/src/include/recto_pdf_wire.h"
