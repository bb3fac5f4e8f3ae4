#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <microhttpd.h>

/*
 * MHD_start_daemon and MHD_get_daemon_info are variadic, and Swift cannot call a C variadic function; MHD's error
 * logger receives a va_list. These wrappers are used only by Sources/CurlCookieStore/MicroHTTPD.swift.
 */

/* The last message libmicrohttpd logged for one daemon: how a failed start explains itself. */
struct cookieharness_mhd_log {
    char message[512];
};

static void cookieharness_mhd_logger(void *context, const char *format, va_list arguments) {
    struct cookieharness_mhd_log *log = (struct cookieharness_mhd_log *)context;
    vsnprintf(log->message, sizeof(log->message), format, arguments);
}

/* Starts a daemon bound to `address`; with TLS when both PEM strings are given. NULL on failure (see `log`). */
static inline struct MHD_Daemon *cookieharness_mhd_start(
    unsigned int flags, const struct sockaddr *address, MHD_AccessHandlerCallback handler, void *handler_context,
    const char *tls_key_pem, const char *tls_cert_pem, struct cookieharness_mhd_log *log
) {
    if (tls_key_pem != NULL && tls_cert_pem != NULL) {
        return MHD_start_daemon(
            flags | MHD_USE_TLS, 0, NULL, NULL, handler, handler_context,
            MHD_OPTION_EXTERNAL_LOGGER, cookieharness_mhd_logger, log,
            MHD_OPTION_SOCK_ADDR, address,
            MHD_OPTION_HTTPS_MEM_KEY, tls_key_pem,
            MHD_OPTION_HTTPS_MEM_CERT, tls_cert_pem,
            MHD_OPTION_END);
    }
    return MHD_start_daemon(
        flags, 0, NULL, NULL, handler, handler_context,
        MHD_OPTION_EXTERNAL_LOGGER, cookieharness_mhd_logger, log,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_END);
}

/* The port the daemon listens on (it was bound to port 0); 0 when unknown. */
static inline uint16_t cookieharness_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info != NULL ? info->port : 0;
}
