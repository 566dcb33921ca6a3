// The floor of a cached page (Benchmarks/cached-cpu.sh): libmicrohttpd 0.9.75 with the
// daemon flags and options ListState's server uses (internal polling thread, epoll, a
// pool of threads, suspend/resume), answering every request with one response made
// once (a persistent buffer: nothing copied) carrying the header fields of a file.
// No routing, no context, no logging: what libmicrohttpd and the kernel cost alone.
//
//     cc -O2 -o mhd-floor Benchmarks/mhd-floor.c -lmicrohttpd
//     mhd-floor PORT THREADS BODY-FILE HEADERS-FILE
//
// HEADERS-FILE: `Name: value` lines (CRLF or LF); Content-Length, Date,
// Transfer-Encoding and Connection are left to libmicrohttpd, as the server does.
#include <microhttpd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

static struct MHD_Response *response;

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload, size_t *upload_size, void **context) {
    (void)cls; (void)url; (void)method; (void)version; (void)upload; (void)upload_size;
    // Two calls per request, as the server's access handler: headers, then the answer.
    if (*context == NULL) { *context = (void *)1; return MHD_YES; }
    return MHD_queue_response(connection, MHD_HTTP_OK, response);
}

static char *read_file(const char *path, size_t *size) {
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(1); }
    fseek(file, 0, SEEK_END);
    long length = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *bytes = malloc((size_t)length + 1);
    if (fread(bytes, 1, (size_t)length, file) != (size_t)length) { perror(path); exit(1); }
    bytes[length] = 0;
    fclose(file);
    *size = (size_t)length;
    return bytes;
}

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: %s PORT THREADS BODY-FILE HEADERS-FILE\n", argv[0]); return 2; }
    size_t size, header_size;
    char *body = read_file(argv[3], &size);
    char *headers = read_file(argv[4], &header_size);
    response = MHD_create_response_from_buffer(size, body, MHD_RESPMEM_PERSISTENT);
    for (char *line = strtok(headers, "\r\n"); line; line = strtok(NULL, "\r\n")) {
        char *colon = strchr(line, ':');
        if (!colon || strncmp(line, "HTTP/", 5) == 0) continue;
        *colon = 0;
        const char *value = colon + 1;
        while (*value == ' ') value++;
        if (!strcasecmp(line, "Content-Length") || !strcasecmp(line, "Date") || !strcasecmp(line, "Connection")
            || !strcasecmp(line, "Transfer-Encoding")) continue;
        MHD_add_response_header(response, line, value);
    }
    // Blocked before the daemon's threads start, so they inherit the mask and sigwait gets them.
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    sigprocmask(SIG_BLOCK, &set, NULL);
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ITC | MHD_USE_ERROR_LOG
                         | MHD_ALLOW_SUSPEND_RESUME;
    struct MHD_Daemon *daemon = MHD_start_daemon(
        flags, (uint16_t)atoi(argv[1]), NULL, NULL, answer, NULL,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned int)atoi(argv[2]),
        MHD_OPTION_CONNECTION_LIMIT, 4096u,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(32 * 1024),
        MHD_OPTION_END);
    if (!daemon) { fprintf(stderr, "libmicrohttpd did not start\n"); return 1; }
    int signal_number;
    sigwait(&set, &signal_number);
    MHD_stop_daemon(daemon);
    return 0;
}
