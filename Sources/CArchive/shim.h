#include <archive.h>
#include <archive_entry.h>

// The file-type macros are casts (((__LA_MODE_T)0100000)) that do not import: what an entry is, as a function.
static inline int recto_archive_entry_is_file(struct archive_entry *entry) {
    return archive_entry_filetype(entry) == AE_IFREG;
}

static inline int recto_archive_entry_is_symlink(struct archive_entry *entry) {
    return archive_entry_filetype(entry) == AE_IFLNK;
}
