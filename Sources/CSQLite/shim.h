// SQLite for Swift. https://www.sqlite.org/c3ref/intro.html
#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT does not import (it is a macro casting -1 to a function pointer).
static inline sqlite3_destructor_type liststate_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}
#endif
