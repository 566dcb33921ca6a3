// libcurl for Swift. curl_easy_setopt and curl_easy_getinfo are variadic and
// cannot be called from Swift; the static inline wrappers below call them with
// one fixed argument type each. https://curl.se/libcurl/c/
#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H
// The type-checking macros of typecheck-gcc.h would wrap the calls below.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

/// Sets an option that takes a `long`.
static inline CURLcode liststate_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

/// Sets an option that takes a string (libcurl copies it).
static inline CURLcode liststate_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

/// Sets an option that takes a `curl_off_t` (a size such as CURLOPT_MAXFILESIZE_LARGE).
static inline CURLcode liststate_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

/// Sets an option that takes a pointer: a `curl_slist`, a callback's data, the error buffer.
static inline CURLcode liststate_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

/// Sets CURLOPT_WRITEFUNCTION or CURLOPT_HEADERFUNCTION.
static inline CURLcode liststate_curl_set_callback(CURL *handle, CURLoption option, curl_write_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

/// Reads a `long` of a finished (or running) transfer.
static inline CURLcode liststate_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

/// Reads a string of a transfer; it stays valid until the handle is cleaned up.
static inline CURLcode liststate_curl_get_string(CURL *handle, CURLINFO info, const char **value) {
    return curl_easy_getinfo(handle, info, value);
}
/// Sets a share option that takes a `long`: CURLSHOPT_SHARE and CURLSHOPT_UNSHARE with a `curl_lock_data`.
static inline CURLSHcode liststate_curl_share_set_long(CURLSH *share, CURLSHoption option, long value) {
    return curl_share_setopt(share, option, value);
}

/// Sets CURLSHOPT_USERDATA, the pointer the lock callbacks are given.
static inline CURLSHcode liststate_curl_share_set_pointer(CURLSH *share, void *value) {
    return curl_share_setopt(share, CURLSHOPT_USERDATA, value);
}

/// Sets CURLSHOPT_LOCKFUNC.
static inline CURLSHcode liststate_curl_share_set_lock(CURLSH *share, curl_lock_function callback) {
    return curl_share_setopt(share, CURLSHOPT_LOCKFUNC, callback);
}

/// Sets CURLSHOPT_UNLOCKFUNC.
static inline CURLSHcode liststate_curl_share_set_unlock(CURLSH *share, curl_unlock_function callback) {
    return curl_share_setopt(share, CURLSHOPT_UNLOCKFUNC, callback);
}
#endif
