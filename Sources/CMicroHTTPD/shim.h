// libmicrohttpd for Swift. MHD_start_daemon is variadic and cannot be called
// from Swift; HTTPServer uses MHD_start_daemon_va with withVaList, or the
// wrappers below. https://www.gnu.org/software/libmicrohttpd/manual/
#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H
#include <sys/types.h>
#include <sys/socket.h>
#include <stdint.h>
#include <stdarg.h>
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
#endif
