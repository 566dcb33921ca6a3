// libpq, PostgreSQL's C client library, for Swift.
// https://www.postgresql.org/docs/current/libpq.html
#ifndef CLIBPQ_SHIM_H
#define CLIBPQ_SHIM_H
#include <libpq-fe.h>
#endif
