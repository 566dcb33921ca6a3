// SQLite for Swift. https://www.sqlite.org/c3ref/intro.html
#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT does not import (it is a macro casting -1 to a function pointer).
static inline sqlite3_destructor_type liststate_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

/// Turns off double-quoted string literals in statements (sqlite3_db_config is
/// variadic, so Swift cannot call it): a quoted name that is no column is an
/// error, never read as text (https://www.sqlite.org/quirks.html#dblquote).
static inline void liststate_sqlite_disable_quoted_strings(sqlite3 *db) {
    sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DML, 0, (void *)0);
    sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DDL, 0, (void *)0);
}
#endif
