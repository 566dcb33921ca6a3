// libcurl, loaded when an upstream list first fetches (dlopen), not linked: a
// server of SQLite files maps neither libcurl nor what it pulls in (OpenSSL,
// Kerberos, LDAP, SSH, RTMP: about 3 MiB of resident memory at start).
// curl_easy_setopt, curl_easy_getinfo and curl_share_setopt are variadic and
// cannot be called from Swift: the liststate_curl_* functions below call them
// with one fixed argument type each. https://curl.se/libcurl/c/
#ifndef CCURLLOADER_H
#define CCURLLOADER_H

#include <stddef.h>
// The type-checking macros of typecheck-gcc.h would wrap the calls.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

/// Loads libcurl (`libcurl.so.4`) and finds every function ListState calls, once
/// per process (later calls answer as the first did). Returns 0 when it is
/// loaded; otherwise -1 with the reason in `message` (`size` bytes,
/// NUL-terminated; none when `message` is NULL). Thread-safe.
int liststate_curl_load(char *message, size_t size);

/// Sets an option that takes a `long`.
CURLcode liststate_curl_set_long(CURL *handle, CURLoption option, long value);
/// Sets an option that takes a string (libcurl copies it).
CURLcode liststate_curl_set_string(CURL *handle, CURLoption option, const char *value);
/// Sets an option that takes a `curl_off_t` (a size such as CURLOPT_MAXFILESIZE_LARGE).
CURLcode liststate_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value);
/// Sets an option that takes a pointer: a `curl_slist`, a callback's data, the error buffer.
CURLcode liststate_curl_set_pointer(CURL *handle, CURLoption option, void *value);
/// Sets CURLOPT_WRITEFUNCTION or CURLOPT_HEADERFUNCTION.
CURLcode liststate_curl_set_callback(CURL *handle, CURLoption option, curl_write_callback callback);
/// Reads a `long` of a finished (or running) transfer.
CURLcode liststate_curl_get_long(CURL *handle, CURLINFO info, long *value);
/// Reads a string of a transfer; it stays valid until the handle is cleaned up.
CURLcode liststate_curl_get_string(CURL *handle, CURLINFO info, const char **value);
/// Sets a share option that takes a `long`: CURLSHOPT_SHARE and CURLSHOPT_UNSHARE with a `curl_lock_data`.
CURLSHcode liststate_curl_share_set_long(CURLSH *share, CURLSHoption option, long value);
/// Sets CURLSHOPT_USERDATA, the pointer the lock callbacks are given.
CURLSHcode liststate_curl_share_set_pointer(CURLSH *share, void *value);
/// Sets CURLSHOPT_LOCKFUNC.
CURLSHcode liststate_curl_share_set_lock(CURLSH *share, curl_lock_function callback);
/// Sets CURLSHOPT_UNLOCKFUNC.
CURLSHcode liststate_curl_share_set_unlock(CURLSH *share, curl_unlock_function callback);

#endif
