/* libcurl through dlopen: the one owner of the library handle, which stays open for the process (libcurl is
   never unloaded once initialised, as curl_global_cleanup was never called when it was linked). */
#include "ccurl.h"

#include <arpa/inet.h>
#include <dlfcn.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* The functions artmap calls, bound from the loaded library. Written once under pthread_once, then only read. */
static struct {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *h);
    CURLcode (*easy_setopt)(CURL *h, CURLoption o, ...);
    CURLcode (*easy_getinfo)(CURL *h, CURLINFO i, ...);
    const char *(*easy_strerror)(CURLcode code);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_add_handle)(CURLM *m, CURL *h);
    CURLMcode (*multi_remove_handle)(CURLM *m, CURL *h);
    CURLMcode (*multi_perform)(CURLM *m, int *running);
    CURLMcode (*multi_poll)(CURLM *m, struct curl_waitfd extra[], unsigned int count, int timeoutMs, int *ready);
    CURLMsg *(*multi_info_read)(CURLM *m, int *left);
    CURLMcode (*multi_wakeup)(CURLM *m);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *text);
    void (*slist_free_all)(struct curl_slist *list);
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_failure[512];

static int bind_symbol(void *library, const char *library_name, const char *symbol, void **slot) {
    *slot = dlsym(library, symbol);
    if (*slot != NULL) return 1;
    snprintf(load_failure, sizeof load_failure,
             "%s has no %s: artmap needs libcurl 7.85 or later (the libcurl4 package)", library_name, symbol);
    return 0;
}

static void load_library(void) {
    const char *name = getenv("ARTMAP_LIBCURL");
    if (name == NULL || name[0] == '\0') name = "libcurl.so.4";
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *why = dlerror();
        snprintf(load_failure, sizeof load_failure,
                 "libcurl could not be loaded (%s); artmap needs it to download: install the libcurl4 package",
                 why != NULL ? why : name);
        return;
    }
#define BIND(field, symbol) \
    if (!bind_symbol(library, name, symbol, (void **)&api.field)) return
    BIND(global_init, "curl_global_init");
    BIND(easy_init, "curl_easy_init");
    BIND(easy_cleanup, "curl_easy_cleanup");
    BIND(easy_setopt, "curl_easy_setopt");
    BIND(easy_getinfo, "curl_easy_getinfo");
    BIND(easy_strerror, "curl_easy_strerror");
    BIND(multi_init, "curl_multi_init");
    BIND(multi_add_handle, "curl_multi_add_handle");
    BIND(multi_remove_handle, "curl_multi_remove_handle");
    BIND(multi_perform, "curl_multi_perform");
    BIND(multi_poll, "curl_multi_poll");
    BIND(multi_info_read, "curl_multi_info_read");
    BIND(multi_wakeup, "curl_multi_wakeup");
    BIND(slist_append, "curl_slist_append");
    BIND(slist_free_all, "curl_slist_free_all");
#undef BIND
}

const char *artmap_curl_load(void) {
    pthread_once(&load_once, load_library);
    return load_failure[0] != '\0' ? load_failure : NULL;
}

CURLcode artmap_curl_global_init(void) { return api.global_init(CURL_GLOBAL_ALL); }

CURL *artmap_curl_easy_init(void) { return api.easy_init(); }
void artmap_curl_easy_cleanup(CURL *h) { api.easy_cleanup(h); }
const char *artmap_curl_easy_strerror(CURLcode code) { return api.easy_strerror(code); }

CURLM *artmap_curl_multi_init(void) { return api.multi_init(); }
CURLMcode artmap_curl_multi_add_handle(CURLM *m, CURL *h) { return api.multi_add_handle(m, h); }
CURLMcode artmap_curl_multi_remove_handle(CURLM *m, CURL *h) { return api.multi_remove_handle(m, h); }
CURLMcode artmap_curl_multi_perform(CURLM *m, int *running) { return api.multi_perform(m, running); }
CURLMcode artmap_curl_multi_poll(CURLM *m, struct curl_waitfd extra[], unsigned int count, int timeoutMs, int *ready) {
    return api.multi_poll(m, extra, count, timeoutMs, ready);
}
CURLMsg *artmap_curl_multi_info_read(CURLM *m, int *left) { return api.multi_info_read(m, left); }
CURLMcode artmap_curl_multi_wakeup(CURLM *m) { return api.multi_wakeup(m); }

struct curl_slist *artmap_curl_slist_append(struct curl_slist *list, const char *text) { return api.slist_append(list, text); }
void artmap_curl_slist_free_all(struct curl_slist *list) { api.slist_free_all(list); }

CURLcode artmap_curl_set_long(CURL *h, CURLoption o, long v) { return api.easy_setopt(h, o, v); }
CURLcode artmap_curl_set_offset(CURL *h, CURLoption o, curl_off_t v) { return api.easy_setopt(h, o, v); }
CURLcode artmap_curl_set_string(CURL *h, CURLoption o, const char *v) { return api.easy_setopt(h, o, v); }
CURLcode artmap_curl_set_pointer(CURL *h, CURLoption o, void *v) { return api.easy_setopt(h, o, v); }
CURLcode artmap_curl_set_list(CURL *h, CURLoption o, struct curl_slist *v) { return api.easy_setopt(h, o, v); }

CURLcode artmap_curl_set_write(CURL *h, artmap_curl_data_callback f, void *user) {
    CURLcode c = api.easy_setopt(h, CURLOPT_WRITEFUNCTION, f);
    return c != CURLE_OK ? c : api.easy_setopt(h, CURLOPT_WRITEDATA, user);
}
CURLcode artmap_curl_set_header(CURL *h, artmap_curl_data_callback f, void *user) {
    CURLcode c = api.easy_setopt(h, CURLOPT_HEADERFUNCTION, f);
    return c != CURLE_OK ? c : api.easy_setopt(h, CURLOPT_HEADERDATA, user);
}
CURLcode artmap_curl_set_progress(CURL *h, artmap_curl_progress_callback f, void *user) {
    CURLcode c = api.easy_setopt(h, CURLOPT_XFERINFOFUNCTION, f);
    if (c == CURLE_OK) c = api.easy_setopt(h, CURLOPT_XFERINFODATA, user);
    return c != CURLE_OK ? c : api.easy_setopt(h, CURLOPT_NOPROGRESS, 0L);
}

CURLcode artmap_curl_get_long(CURL *h, CURLINFO i, long *v) { return api.easy_getinfo(h, i, v); }
CURLcode artmap_curl_get_string(CURL *h, CURLINFO i, char **v) { return api.easy_getinfo(h, i, v); }
CURLcode artmap_curl_get_pointer(CURL *h, CURLINFO i, void **v) { return api.easy_getinfo(h, i, v); }

int artmap_curl_done(CURLMsg *m, CURL **easy, CURLcode *result) {
    if (m == NULL || m->msg != CURLMSG_DONE) return 0;
    *easy = m->easy_handle;
    *result = m->data.result;
    return 1;
}

static int is_loopback(const struct sockaddr *a) {
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

static curl_socket_t open_socket(void *user, curlsocktype purpose, struct curl_sockaddr *address) {
    artmap_curl_socket_rule *rule = (artmap_curl_socket_rule *)user;
    (void)purpose;
    if (rule != NULL && rule->loopback_only && !is_loopback(&address->addr)) {
        rule->refused = 1;
        const void *raw = address->family == AF_INET6 ? (const void *)&((const struct sockaddr_in6 *)&address->addr)->sin6_addr
                                                      : (const void *)&((const struct sockaddr_in *)&address->addr)->sin_addr;
        if (inet_ntop(address->family, raw, rule->refused_address, sizeof rule->refused_address) == NULL)
            strcpy(rule->refused_address, "?");
        return CURL_SOCKET_BAD;
    }
    return socket(address->family, address->socktype, address->protocol);
}

CURLcode artmap_curl_set_socket_rule(CURL *h, artmap_curl_socket_rule *rule) {
    CURLcode c = api.easy_setopt(h, CURLOPT_OPENSOCKETFUNCTION, open_socket);
    return c != CURLE_OK ? c : api.easy_setopt(h, CURLOPT_OPENSOCKETDATA, rule);
}
