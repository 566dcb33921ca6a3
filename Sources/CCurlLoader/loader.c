// The libcurl functions ListState calls, each a trampoline to the function of the
// library loaded by liststate_curl_load (CCurlLoader.h), and the fixed-type
// wrappers of its variadic ones. Written against curl.h, which the header
// includes, so the compiler checks each signature. Hidden: they resolve the Swift
// module's calls within this binary and never interpose on libcurl's own calls.
#include "CCurlLoader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#pragma GCC visibility push(hidden)

static void (*real_curl_easy_cleanup)(CURL *handle);
static CURLcode (*real_curl_easy_getinfo)(CURL *handle, CURLINFO info, ...);
static CURL *(*real_curl_easy_init)(void);
static CURLcode (*real_curl_easy_perform)(CURL *handle);
static void (*real_curl_easy_reset)(CURL *handle);
static CURLcode (*real_curl_easy_setopt)(CURL *handle, CURLoption option, ...);
static const char *(*real_curl_easy_strerror)(CURLcode code);
static void (*real_curl_free)(void *pointer);
static CURLcode (*real_curl_global_init)(long flags);
static CURLSHcode (*real_curl_share_cleanup)(CURLSH *share);
static CURLSH *(*real_curl_share_init)(void);
static CURLSHcode (*real_curl_share_setopt)(CURLSH *share, CURLSHoption option, ...);
static struct curl_slist *(*real_curl_slist_append)(struct curl_slist *list, const char *string);
static void (*real_curl_slist_free_all)(struct curl_slist *list);
static CURLU *(*real_curl_url)(void);
static void (*real_curl_url_cleanup)(CURLU *handle);
static CURLUcode (*real_curl_url_get)(CURLU *handle, CURLUPart what, char **part, unsigned int flags);
static CURLUcode (*real_curl_url_set)(CURLU *handle, CURLUPart what, const char *part, unsigned int flags);
static char *(*real_curl_version)(void);

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[512];
static int loaded = 0;

static void *find(void *library, const char *name) {
    void *symbol = dlsym(library, name);
    if (symbol == NULL && load_error[0] == 0) {
        snprintf(load_error, sizeof load_error, "libcurl.so.4 has no function %s", name);
    }
    return symbol;
}

static void load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "cannot load libcurl.so.4 (Debian: apt install libcurl4): %s",
                 reason ? reason : "unknown error");
        return;
    }
    real_curl_easy_cleanup = find(library, "curl_easy_cleanup");
    real_curl_easy_getinfo = find(library, "curl_easy_getinfo");
    real_curl_easy_init = find(library, "curl_easy_init");
    real_curl_easy_perform = find(library, "curl_easy_perform");
    real_curl_easy_reset = find(library, "curl_easy_reset");
    real_curl_easy_setopt = find(library, "curl_easy_setopt");
    real_curl_easy_strerror = find(library, "curl_easy_strerror");
    real_curl_free = find(library, "curl_free");
    real_curl_global_init = find(library, "curl_global_init");
    real_curl_share_cleanup = find(library, "curl_share_cleanup");
    real_curl_share_init = find(library, "curl_share_init");
    real_curl_share_setopt = find(library, "curl_share_setopt");
    real_curl_slist_append = find(library, "curl_slist_append");
    real_curl_slist_free_all = find(library, "curl_slist_free_all");
    real_curl_url = find(library, "curl_url");
    real_curl_url_cleanup = find(library, "curl_url_cleanup");
    real_curl_url_get = find(library, "curl_url_get");
    real_curl_url_set = find(library, "curl_url_set");
    real_curl_version = find(library, "curl_version");
    loaded = load_error[0] == 0;
}

#pragma GCC visibility pop

int liststate_curl_load(char *message, size_t size) {
    pthread_once(&load_once, load);
    if (loaded) return 0;
    if (message != NULL && size > 0) {
        strncpy(message, load_error, size - 1);
        message[size - 1] = 0;
    }
    return -1;
}

#pragma GCC visibility push(hidden)

/// Every trampoline's first step: the library loaded (once). A call before a
/// successful liststate_curl_load would have nothing to call: it ends the
/// process with the reason, rather than jump to NULL.
static void ensure_loaded(void) {
    pthread_once(&load_once, load);
    if (!loaded) {
        fprintf(stderr, "liststate: %s\n", load_error);
        abort();
    }
}

void curl_easy_cleanup(CURL *handle) {
    ensure_loaded();
    real_curl_easy_cleanup(handle);
}

CURL *curl_easy_init(void) {
    ensure_loaded();
    return real_curl_easy_init();
}

CURLcode curl_easy_perform(CURL *handle) {
    ensure_loaded();
    return real_curl_easy_perform(handle);
}

void curl_easy_reset(CURL *handle) {
    ensure_loaded();
    real_curl_easy_reset(handle);
}

const char *curl_easy_strerror(CURLcode code) {
    ensure_loaded();
    return real_curl_easy_strerror(code);
}

void curl_free(void *pointer) {
    ensure_loaded();
    real_curl_free(pointer);
}

CURLcode curl_global_init(long flags) {
    ensure_loaded();
    return real_curl_global_init(flags);
}

CURLSHcode curl_share_cleanup(CURLSH *share) {
    ensure_loaded();
    return real_curl_share_cleanup(share);
}

CURLSH *curl_share_init(void) {
    ensure_loaded();
    return real_curl_share_init();
}

struct curl_slist *curl_slist_append(struct curl_slist *list, const char *string) {
    ensure_loaded();
    return real_curl_slist_append(list, string);
}

void curl_slist_free_all(struct curl_slist *list) {
    ensure_loaded();
    real_curl_slist_free_all(list);
}

CURLU *curl_url(void) {
    ensure_loaded();
    return real_curl_url();
}

void curl_url_cleanup(CURLU *handle) {
    ensure_loaded();
    real_curl_url_cleanup(handle);
}

CURLUcode curl_url_get(CURLU *handle, CURLUPart what, char **part, unsigned int flags) {
    ensure_loaded();
    return real_curl_url_get(handle, what, part, flags);
}

CURLUcode curl_url_set(CURLU *handle, CURLUPart what, const char *part, unsigned int flags) {
    ensure_loaded();
    return real_curl_url_set(handle, what, part, flags);
}

char *curl_version(void) {
    ensure_loaded();
    return real_curl_version();
}

#pragma GCC visibility pop

CURLcode liststate_curl_set_long(CURL *handle, CURLoption option, long value) {
    ensure_loaded();
    return real_curl_easy_setopt(handle, option, value);
}

CURLcode liststate_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    ensure_loaded();
    return real_curl_easy_setopt(handle, option, value);
}

CURLcode liststate_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
    ensure_loaded();
    return real_curl_easy_setopt(handle, option, value);
}

CURLcode liststate_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    ensure_loaded();
    return real_curl_easy_setopt(handle, option, value);
}

CURLcode liststate_curl_set_callback(CURL *handle, CURLoption option, curl_write_callback callback) {
    ensure_loaded();
    return real_curl_easy_setopt(handle, option, callback);
}

CURLcode liststate_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    ensure_loaded();
    return real_curl_easy_getinfo(handle, info, value);
}

CURLcode liststate_curl_get_string(CURL *handle, CURLINFO info, const char **value) {
    ensure_loaded();
    return real_curl_easy_getinfo(handle, info, value);
}

CURLSHcode liststate_curl_share_set_long(CURLSH *share, CURLSHoption option, long value) {
    ensure_loaded();
    return real_curl_share_setopt(share, option, value);
}

CURLSHcode liststate_curl_share_set_pointer(CURLSH *share, void *value) {
    ensure_loaded();
    return real_curl_share_setopt(share, CURLSHOPT_USERDATA, value);
}

CURLSHcode liststate_curl_share_set_lock(CURLSH *share, curl_lock_function callback) {
    ensure_loaded();
    return real_curl_share_setopt(share, CURLSHOPT_LOCKFUNC, callback);
}

CURLSHcode liststate_curl_share_set_unlock(CURLSH *share, curl_unlock_function callback) {
    ensure_loaded();
    return real_curl_share_setopt(share, CURLSHOPT_UNLOCKFUNC, callback);
}
