// The libpq functions ListState calls, each a trampoline to the function of the
// library loaded by liststate_libpq_load (CLibPQLoader.h). Written from the
// prototypes in libpq-fe.h, which this file includes, so the compiler checks
// each signature against them. Hidden: they resolve the Swift module's calls
// within this binary and never interpose on libpq's own calls to itself.
#include "CLibPQLoader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#pragma GCC visibility push(hidden)
#include <postgresql/libpq-fe.h>

static int (*real_PQcancel)(PGcancel *cancel, char *errbuf, int errbufsize);
static void (*real_PQclear)(PGresult *res);
static PostgresPollingStatusType (*real_PQconnectPoll)(PGconn *conn);
static PGconn * (*real_PQconnectStart)(const char *conninfo);
static void (*real_PQconninfoFree)(PQconninfoOption *connOptions);
static PQconninfoOption * (*real_PQconninfoParse)(const char *conninfo, char **errmsg);
static int (*real_PQconsumeInput)(PGconn *conn);
static char * (*real_PQerrorMessage)(const PGconn *conn);
static void (*real_PQfinish)(PGconn *conn);
static void (*real_PQfreeCancel)(PGcancel *cancel);
static void (*real_PQfreemem)(void *ptr);
static Oid (*real_PQftype)(const PGresult *res, int field_num);
static PGcancel * (*real_PQgetCancel)(PGconn *conn);
static PGresult * (*real_PQgetResult)(PGconn *conn);
static int (*real_PQgetisnull)(const PGresult *res, int tup_num, int field_num);
static int (*real_PQgetlength)(const PGresult *res, int tup_num, int field_num);
static char * (*real_PQgetvalue)(const PGresult *res, int tup_num, int field_num);
static int (*real_PQisBusy)(PGconn *conn);
static int (*real_PQnfields)(const PGresult *res);
static int (*real_PQntuples)(const PGresult *res);
static char * (*real_PQresultErrorField)(const PGresult *res, int fieldcode);
static char * (*real_PQresultErrorMessage)(const PGresult *res);
static ExecStatusType (*real_PQresultStatus)(const PGresult *res);
static int (*real_PQsendPrepare)(PGconn *conn, const char *stmtName, const char *query, int nParams, const Oid *paramTypes);
static int (*real_PQsendQuery)(PGconn *conn, const char *query);
static int (*real_PQsendQueryParams)(PGconn *conn, const char *command, int nParams, const Oid *paramTypes, const char *const *paramValues, const int *paramLengths, const int *paramFormats, int resultFormat);
static int (*real_PQsendQueryPrepared)(PGconn *conn, const char *stmtName, int nParams, const char *const *paramValues, const int *paramLengths, const int *paramFormats, int resultFormat);
static int (*real_PQsocket)(const PGconn *conn);
static ConnStatusType (*real_PQstatus)(const PGconn *conn);

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[512];
static int loaded = 0;

static void *find(void *library, const char *name) {
    void *symbol = dlsym(library, name);
    if (symbol == NULL && load_error[0] == 0) {
        snprintf(load_error, sizeof load_error, "libpq.so.5 has no function %s", name);
    }
    return symbol;
}

static void load(void) {
    void *library = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "cannot load libpq.so.5 (Debian: apt install libpq5): %s",
                 reason ? reason : "unknown error");
        return;
    }
    real_PQcancel = find(library, "PQcancel");
    real_PQclear = find(library, "PQclear");
    real_PQconnectPoll = find(library, "PQconnectPoll");
    real_PQconnectStart = find(library, "PQconnectStart");
    real_PQconninfoFree = find(library, "PQconninfoFree");
    real_PQconninfoParse = find(library, "PQconninfoParse");
    real_PQconsumeInput = find(library, "PQconsumeInput");
    real_PQerrorMessage = find(library, "PQerrorMessage");
    real_PQfinish = find(library, "PQfinish");
    real_PQfreeCancel = find(library, "PQfreeCancel");
    real_PQfreemem = find(library, "PQfreemem");
    real_PQftype = find(library, "PQftype");
    real_PQgetCancel = find(library, "PQgetCancel");
    real_PQgetResult = find(library, "PQgetResult");
    real_PQgetisnull = find(library, "PQgetisnull");
    real_PQgetlength = find(library, "PQgetlength");
    real_PQgetvalue = find(library, "PQgetvalue");
    real_PQisBusy = find(library, "PQisBusy");
    real_PQnfields = find(library, "PQnfields");
    real_PQntuples = find(library, "PQntuples");
    real_PQresultErrorField = find(library, "PQresultErrorField");
    real_PQresultErrorMessage = find(library, "PQresultErrorMessage");
    real_PQresultStatus = find(library, "PQresultStatus");
    real_PQsendPrepare = find(library, "PQsendPrepare");
    real_PQsendQuery = find(library, "PQsendQuery");
    real_PQsendQueryParams = find(library, "PQsendQueryParams");
    real_PQsendQueryPrepared = find(library, "PQsendQueryPrepared");
    real_PQsocket = find(library, "PQsocket");
    real_PQstatus = find(library, "PQstatus");
    loaded = load_error[0] == 0;
}

int liststate_libpq_load(char *message, size_t size) {
    pthread_once(&load_once, load);
    if (loaded) return 0;
    if (message != NULL && size > 0) {
        strncpy(message, load_error, size - 1);
        message[size - 1] = 0;
    }
    return -1;
}

/// Every trampoline's first step: the library loaded (once). A call before a
/// successful liststate_libpq_load would have nothing to call: it ends the
/// process with the reason, rather than jump to NULL.
static void ensure_loaded(void) {
    pthread_once(&load_once, load);
    if (!loaded) {
        fprintf(stderr, "liststate: %s\n", load_error);
        abort();
    }
}

int PQcancel(PGcancel *cancel, char *errbuf, int errbufsize) {
    ensure_loaded();
    return real_PQcancel(cancel, errbuf, errbufsize);
}

void PQclear(PGresult *res) {
    ensure_loaded();
    real_PQclear(res);
}

PostgresPollingStatusType PQconnectPoll(PGconn *conn) {
    ensure_loaded();
    return real_PQconnectPoll(conn);
}

PGconn *PQconnectStart(const char *conninfo) {
    ensure_loaded();
    return real_PQconnectStart(conninfo);
}

void PQconninfoFree(PQconninfoOption *connOptions) {
    ensure_loaded();
    real_PQconninfoFree(connOptions);
}

PQconninfoOption *PQconninfoParse(const char *conninfo, char **errmsg) {
    ensure_loaded();
    return real_PQconninfoParse(conninfo, errmsg);
}

int PQconsumeInput(PGconn *conn) {
    ensure_loaded();
    return real_PQconsumeInput(conn);
}

char *PQerrorMessage(const PGconn *conn) {
    ensure_loaded();
    return real_PQerrorMessage(conn);
}

void PQfinish(PGconn *conn) {
    ensure_loaded();
    real_PQfinish(conn);
}

void PQfreeCancel(PGcancel *cancel) {
    ensure_loaded();
    real_PQfreeCancel(cancel);
}

void PQfreemem(void *ptr) {
    ensure_loaded();
    real_PQfreemem(ptr);
}

Oid PQftype(const PGresult *res, int field_num) {
    ensure_loaded();
    return real_PQftype(res, field_num);
}

PGcancel *PQgetCancel(PGconn *conn) {
    ensure_loaded();
    return real_PQgetCancel(conn);
}

PGresult *PQgetResult(PGconn *conn) {
    ensure_loaded();
    return real_PQgetResult(conn);
}

int PQgetisnull(const PGresult *res, int tup_num, int field_num) {
    ensure_loaded();
    return real_PQgetisnull(res, tup_num, field_num);
}

int PQgetlength(const PGresult *res, int tup_num, int field_num) {
    ensure_loaded();
    return real_PQgetlength(res, tup_num, field_num);
}

char *PQgetvalue(const PGresult *res, int tup_num, int field_num) {
    ensure_loaded();
    return real_PQgetvalue(res, tup_num, field_num);
}

int PQisBusy(PGconn *conn) {
    ensure_loaded();
    return real_PQisBusy(conn);
}

int PQnfields(const PGresult *res) {
    ensure_loaded();
    return real_PQnfields(res);
}

int PQntuples(const PGresult *res) {
    ensure_loaded();
    return real_PQntuples(res);
}

char *PQresultErrorField(const PGresult *res, int fieldcode) {
    ensure_loaded();
    return real_PQresultErrorField(res, fieldcode);
}

char *PQresultErrorMessage(const PGresult *res) {
    ensure_loaded();
    return real_PQresultErrorMessage(res);
}

ExecStatusType PQresultStatus(const PGresult *res) {
    ensure_loaded();
    return real_PQresultStatus(res);
}

int PQsendPrepare(PGconn *conn, const char *stmtName, const char *query, int nParams, const Oid *paramTypes) {
    ensure_loaded();
    return real_PQsendPrepare(conn, stmtName, query, nParams, paramTypes);
}

int PQsendQuery(PGconn *conn, const char *query) {
    ensure_loaded();
    return real_PQsendQuery(conn, query);
}

int PQsendQueryParams(PGconn *conn, const char *command, int nParams, const Oid *paramTypes, const char *const *paramValues, const int *paramLengths, const int *paramFormats, int resultFormat) {
    ensure_loaded();
    return real_PQsendQueryParams(conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats, resultFormat);
}

int PQsendQueryPrepared(PGconn *conn, const char *stmtName, int nParams, const char *const *paramValues, const int *paramLengths, const int *paramFormats, int resultFormat) {
    ensure_loaded();
    return real_PQsendQueryPrepared(conn, stmtName, nParams, paramValues, paramLengths, paramFormats, resultFormat);
}

int PQsocket(const PGconn *conn) {
    ensure_loaded();
    return real_PQsocket(conn);
}

ConnStatusType PQstatus(const PGconn *conn) {
    ensure_loaded();
    return real_PQstatus(conn);
}

#pragma GCC visibility pop
