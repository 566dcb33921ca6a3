// libpq's interface, PostgreSQL's C client library, for Swift: declarations only.
// The functions are CLibPQLoader's, which loads libpq when it is first needed.
// https://www.postgresql.org/docs/current/libpq.html
#ifndef CLIBPQ_SHIM_H
#define CLIBPQ_SHIM_H
#include <postgresql/libpq-fe.h>
#endif
