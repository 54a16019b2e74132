#ifndef ARTMAP_CCURL_SHIM_H
#define ARTMAP_CCURL_SHIM_H

#include <curl/curl.h>
#include <string.h>
#include <stdint.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <unistd.h>

/* curl_easy_setopt and curl_easy_getinfo are variadic, and CURL_GLOBAL_ALL is a macro: Swift sees neither,
   so each use artmap makes has a typed function here. */

static inline CURLcode artmap_curl_global_init(void) { return curl_global_init(CURL_GLOBAL_ALL); }

static inline CURLcode artmap_curl_set_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode artmap_curl_set_offset(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode artmap_curl_set_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode artmap_curl_set_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode artmap_curl_set_list(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }

typedef size_t (*artmap_curl_data_callback)(char *data, size_t size, size_t count, void *user);
typedef int (*artmap_curl_progress_callback)(void *user, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow);

static inline CURLcode artmap_curl_set_write(CURL *h, artmap_curl_data_callback f, void *user) {
    CURLcode c = curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, f);
    return c != CURLE_OK ? c : curl_easy_setopt(h, CURLOPT_WRITEDATA, user);
}
static inline CURLcode artmap_curl_set_header(CURL *h, artmap_curl_data_callback f, void *user) {
    CURLcode c = curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, f);
    return c != CURLE_OK ? c : curl_easy_setopt(h, CURLOPT_HEADERDATA, user);
}
static inline CURLcode artmap_curl_set_progress(CURL *h, artmap_curl_progress_callback f, void *user) {
    CURLcode c = curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, f);
    if (c == CURLE_OK) c = curl_easy_setopt(h, CURLOPT_XFERINFODATA, user);
    return c != CURLE_OK ? c : curl_easy_setopt(h, CURLOPT_NOPROGRESS, 0L);
}

static inline CURLcode artmap_curl_get_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode artmap_curl_get_string(CURL *h, CURLINFO i, char **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode artmap_curl_get_pointer(CURL *h, CURLINFO i, void **v) { return curl_easy_getinfo(h, i, v); }

/* A finished transfer of the multi handle: its easy handle and result, or 0 when the message is not "done". */
static inline int artmap_curl_done(CURLMsg *m, CURL **easy, CURLcode *result) {
    if (m == NULL || m->msg != CURLMSG_DONE) return 0;
    *easy = m->easy_handle;
    *result = m->data.result;
    return 1;
}

/* The loopback rule, checked on the address curl is about to connect to (before any byte is sent). */
typedef struct {
    int loopback_only;          /* set: only 127.0.0.0/8, ::1 and ::ffff:127.0.0.0/104 may be contacted */
    int refused;                /* out: a non-loopback address was refused */
    char refused_address[64];   /* out: which one */
} artmap_curl_socket_rule;

static inline int artmap_curl_is_loopback(const struct sockaddr *a) {
    if (a->sa_family == AF_INET) {
        const struct sockaddr_in *v4 = (const struct sockaddr_in *)a;
        return (ntohl(v4->sin_addr.s_addr) >> 24) == 127;
    }
    if (a->sa_family == AF_INET6) {
        const struct sockaddr_in6 *v6 = (const struct sockaddr_in6 *)a;
        static const unsigned char loop[16] = {0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,1};
        static const unsigned char mapped[12] = {0,0,0,0, 0,0,0,0, 0,0,0xff,0xff};
        if (memcmp(v6->sin6_addr.s6_addr, loop, 16) == 0) return 1;
        return memcmp(v6->sin6_addr.s6_addr, mapped, 12) == 0 && v6->sin6_addr.s6_addr[12] == 127;
    }
    return 0;
}

static inline curl_socket_t artmap_curl_open_socket(void *user, curlsocktype purpose, struct curl_sockaddr *address) {
    artmap_curl_socket_rule *rule = (artmap_curl_socket_rule *)user;
    (void)purpose;
    if (rule != NULL && rule->loopback_only && !artmap_curl_is_loopback(&address->addr)) {
        rule->refused = 1;
        const void *raw = address->family == AF_INET6 ? (const void *)&((const struct sockaddr_in6 *)&address->addr)->sin6_addr
                                                      : (const void *)&((const struct sockaddr_in *)&address->addr)->sin_addr;
        if (inet_ntop(address->family, raw, rule->refused_address, sizeof rule->refused_address) == NULL)
            strcpy(rule->refused_address, "?");
        return CURL_SOCKET_BAD;
    }
    return socket(address->family, address->socktype, address->protocol);
}

static inline CURLcode artmap_curl_set_socket_rule(CURL *h, artmap_curl_socket_rule *rule) {
    CURLcode c = curl_easy_setopt(h, CURLOPT_OPENSOCKETFUNCTION, artmap_curl_open_socket);
    return c != CURLE_OK ? c : curl_easy_setopt(h, CURLOPT_OPENSOCKETDATA, rule);
}

#endif
