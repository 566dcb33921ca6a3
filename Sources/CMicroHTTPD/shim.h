// libmicrohttpd for Swift. MHD_start_daemon, MHD_get_daemon_info and
// MHD_get_connection_info are variadic and cannot be called from Swift; the
// static inline wrappers below call them with fixed arguments.
// https://www.gnu.org/software/libmicrohttpd/manual/
#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/ioctl.h>
#include <arpa/inet.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <microhttpd.h>

/// The listening socket of a running daemon, or -1 (MHD_get_daemon_info is variadic).
static inline int liststate_mhd_listen_fd(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_LISTEN_FD);
    return info ? info->listen_fd : -1;
}

/// The port a running daemon listens on, or 0 (useful after binding port 0).
static inline uint16_t liststate_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

/// The number of open connections of a running daemon.
static inline unsigned int liststate_mhd_connection_count(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info ? info->num_connections : 0;
}

/// Connections accepted by the kernel and waiting in a listening socket's
/// accept queue (TCP_INFO's `tcpi_unacked` on a socket in LISTEN state), or
/// -1 when unknown. Linux only; elsewhere always -1.
static inline int liststate_listen_queue_length(int listen_fd) {
#if defined(__linux__)
    struct tcp_info info;
    socklen_t length = sizeof info;
    memset(&info, 0, sizeof info);
    if (getsockopt(listen_fd, IPPROTO_TCP, TCP_INFO, &info, &length) != 0) return -1;
    if (info.tcpi_state != TCP_LISTEN) return -1;
    return (int)info.tcpi_unacked;
#else
    (void)listen_fd;
    return -1;
#endif
}

/// Bytes received on a socket and not read yet (FIONREAD), or -1.
static inline int liststate_unread_bytes(int fd) {
    int count = 0;
    if (ioctl(fd, FIONREAD, &count) != 0) return -1;
    return count;
}

/// Called when a connection opens (`opened` 1) or closes (0), with its socket.
typedef void (*liststate_connection_callback)(void *cls, int fd, int opened);

/// What MHD_OPTION_NOTIFY_CONNECTION calls through (no enum crosses into Swift).
struct liststate_connection_notifier {
    liststate_connection_callback callback;
    void *cls;
};

static inline void liststate_mhd_notify_connection(void *cls, struct MHD_Connection *connection,
                                                   void **socket_context, enum MHD_ConnectionNotificationCode code) {
    (void)socket_context;
    const struct liststate_connection_notifier *notifier = (const struct liststate_connection_notifier *)cls;
    if (!notifier || !notifier->callback || !connection) return;
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    if (!info) return;
    notifier->callback(notifier->cls, (int)info->connect_fd, code == MHD_CONNECTION_NOTIFY_STARTED ? 1 : 0);
}

/// The URI log callback type (MHD_OPTION_URI_LOG_CALLBACK): its return value
/// becomes the request's `*con_cls`.
typedef void *(*liststate_mhd_uri_log_callback)(void *cls, const char *uri, struct MHD_Connection *connection);

/// A log callback that receives an already formatted message (no va_list).
typedef void (*liststate_mhd_message_callback)(void *cls, const char *message);

/// Formats MHD's printf-style error messages and forwards them.
/// `cls` must point to a `struct liststate_mhd_logger`.
struct liststate_mhd_logger {
    liststate_mhd_message_callback callback;
    void *cls;
};

static inline void liststate_mhd_format_log(void *cls, const char *format, va_list ap) {
    const struct liststate_mhd_logger *logger = (const struct liststate_mhd_logger *)cls;
    char buffer[512];
    int written = vsnprintf(buffer, sizeof buffer, format, ap);
    if (written < 0) return;
    // MHD messages end in a newline; the Swift side adds its own.
    size_t length = strlen(buffer);
    while (length > 0 && (buffer[length - 1] == '\n' || buffer[length - 1] == '\r')) buffer[--length] = 0;
    if (logger && logger->callback) logger->callback(logger->cls, buffer);
}

/// Starts a daemon on an already bound and listening socket with every option
/// HTTPServer sets. `logger` and `notifier` must stay valid until MHD_stop_daemon returns.
/// Returns NULL when MHD refuses the combination (it says why through `logger`).
static inline struct MHD_Daemon *liststate_mhd_start(
    unsigned int flags,
    int listen_fd,
    MHD_AccessHandlerCallback handler, void *handler_cls,
    MHD_RequestCompletedCallback completed, void *completed_cls,
    liststate_mhd_uri_log_callback uri_log, void *uri_log_cls,
    struct liststate_mhd_logger *logger,
    struct liststate_connection_notifier *notifier,
    unsigned int thread_pool_size,
    unsigned int connection_limit,
    unsigned int per_ip_connection_limit,
    unsigned int connection_timeout_seconds,
    size_t memory_limit_bytes,
    int strict_for_client)
{
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls,
        MHD_OPTION_EXTERNAL_LOGGER, liststate_mhd_format_log, (void *)logger,
        MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_fd,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
        MHD_OPTION_URI_LOG_CALLBACK, uri_log, uri_log_cls,
        MHD_OPTION_NOTIFY_CONNECTION, liststate_mhd_notify_connection, (void *)notifier,
        MHD_OPTION_THREAD_POOL_SIZE, thread_pool_size,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_ip_connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit_bytes,
        MHD_OPTION_STRICT_FOR_CLIENT, strict_for_client,
        MHD_OPTION_END);
}

/// Ends the query of the URI log callback's `uri` right after its `?`, so that
/// libmicrohttpd, which splits it there after the callback (0.9.75 and 1.0),
/// stores no parameter in the connection's pool; the server reads its own copy.
/// `uri` lies in the connection's writable read buffer. A raw NUL before the
/// `?` hides it from `strchr`: such a query is still stored.
static inline void liststate_mhd_skip_query(const char *uri) {
    if (!uri) return;
    char *mark = strchr((char *)uri, '?');
    if (mark && mark[1] != '\0') mark[1] = '\0';
}

/// Copies the client's IPv4 address (4 bytes, network order) into `bytes`; returns 1,
/// or 0 when the client's address is another family or unknown.
static inline int liststate_mhd_client_ipv4(struct MHD_Connection *connection, uint8_t *bytes) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (!info || !info->client_addr || info->client_addr->sa_family != AF_INET) return 0;
    memcpy(bytes, &((const struct sockaddr_in *)info->client_addr)->sin_addr, 4);
    return 1;
}

/// Writes the numeric client address of a connection ("127.0.0.1", "::1")
/// into `buffer`; returns 1 on success, 0 when it is unknown.
static inline int liststate_mhd_client_address(struct MHD_Connection *connection, char *buffer, size_t length) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (!info || !info->client_addr || length == 0) return 0;
    const struct sockaddr *address = info->client_addr;
    const char *result = NULL;
    if (address->sa_family == AF_INET) {
        result = inet_ntop(AF_INET, &((const struct sockaddr_in *)address)->sin_addr, buffer, (socklen_t)length);
    } else if (address->sa_family == AF_INET6) {
        result = inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)address)->sin6_addr, buffer, (socklen_t)length);
    }
    return result ? 1 : 0;
}
#endif
