#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast macro ((sqlite3_destructor_type)-1) that does not import: bind copies through this.
static inline int recto_sqlite3_bind_text(sqlite3_stmt *s, int i, const char *text, int n) {
    return sqlite3_bind_text(s, i, text, n, SQLITE_TRANSIENT);
}
