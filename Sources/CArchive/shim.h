// libarchive for CBR and CB7 comics, opened with the first such book (`recto_archive()`,
// ../CLinux/opened_library.h) rather than linked: with libxml2, ICU, nettle and its compressors it is about 10 of
// the shared libraries the loader would otherwise map and bind at every start. The headers still give the types.
#include <archive.h>
#include <archive_entry.h>
#include "../CLinux/opened_library.h"

#define RECTO_ARCHIVE_LIBRARY "libarchive.so.13"
#define RECTO_ARCHIVE_FUNCTIONS(X) X(archive_read_new) X(archive_read_support_format_rar) \
    X(archive_read_support_format_rar5) X(archive_read_support_format_7zip) X(archive_read_open_fd) \
    X(archive_read_free) X(archive_error_string) X(archive_read_next_header) X(archive_entry_pathname_utf8) \
    X(archive_entry_pathname) X(archive_entry_size_is_set) X(archive_entry_size) X(archive_entry_is_encrypted) \
    X(archive_entry_filetype) X(archive_read_data)
RECTO_OPENED_LIBRARY(archive, RECTO_ARCHIVE_LIBRARY, RECTO_ARCHIVE_FUNCTIONS)

// The file-type macros are casts (((__LA_MODE_T)0100000)) that do not import: what an entry is, as a number.
static const unsigned int recto_archive_regular_file = AE_IFREG;
static const unsigned int recto_archive_symlink = AE_IFLNK;
