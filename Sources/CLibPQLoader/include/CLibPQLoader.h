// libpq, loaded when a PostgreSQL database is first served (dlopen), not linked:
// a server of SQLite files alone maps neither libpq nor what it pulls in
// (OpenSSL, Kerberos, LDAP: about 2.5 MiB of resident memory at start).
#ifndef CLIBPQLOADER_H
#define CLIBPQLOADER_H

#include <stddef.h>

/// Loads libpq (`libpq.so.5`) and finds every function ListState calls, once per
/// process (later calls answer as the first did). Returns 0 when it is loaded;
/// otherwise -1 with the reason in `message` (`size` bytes, NUL-terminated).
/// Thread-safe.
int liststate_libpq_load(char *message, size_t size);

#endif
