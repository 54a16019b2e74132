#ifndef ARTMAP_CCURL_H
#define ARTMAP_CCURL_H

/* libcurl, loaded with dlopen the first time a download is asked for (artmap_curl_load), not linked: libcurl
   brings some thirty shared libraries (TLS, Kerberos, LDAP, SSH, ...) whose loading and relocation were two
   thirds of every command's start, downloads or not. <curl/curl.h> is included for its types and constants
   only: calling one of its functions directly would not link. Every function below except artmap_curl_load
   may be called only after artmap_curl_load returned NULL. */

#include <curl/curl.h>

/* Loads libcurl once for the process (later calls return the first call's answer) and keeps it loaded to
   the end. NULL when it is ready; otherwise why not, in a sentence naming the library and what was missing.
   The library is libcurl.so.4, or the file named by the environment variable ARTMAP_LIBCURL. */
const char *artmap_curl_load(void);

CURLcode artmap_curl_global_init(void);

CURL *artmap_curl_easy_init(void);
void artmap_curl_easy_cleanup(CURL *h);
const char *artmap_curl_easy_strerror(CURLcode code);

CURLM *artmap_curl_multi_init(void);
CURLMcode artmap_curl_multi_add_handle(CURLM *m, CURL *h);
CURLMcode artmap_curl_multi_remove_handle(CURLM *m, CURL *h);
CURLMcode artmap_curl_multi_perform(CURLM *m, int *running);
CURLMcode artmap_curl_multi_poll(CURLM *m, struct curl_waitfd extra[], unsigned int count, int timeoutMs, int *ready);
CURLMsg *artmap_curl_multi_info_read(CURLM *m, int *left);
CURLMcode artmap_curl_multi_wakeup(CURLM *m);

struct curl_slist *artmap_curl_slist_append(struct curl_slist *list, const char *text);
void artmap_curl_slist_free_all(struct curl_slist *list);

/* curl_easy_setopt and curl_easy_getinfo are variadic, and CURL_GLOBAL_ALL is a macro: Swift sees neither,
   so each use artmap makes has a typed function. */
CURLcode artmap_curl_set_long(CURL *h, CURLoption o, long v);
CURLcode artmap_curl_set_offset(CURL *h, CURLoption o, curl_off_t v);
CURLcode artmap_curl_set_string(CURL *h, CURLoption o, const char *v);
CURLcode artmap_curl_set_pointer(CURL *h, CURLoption o, void *v);
CURLcode artmap_curl_set_list(CURL *h, CURLoption o, struct curl_slist *v);

typedef size_t (*artmap_curl_data_callback)(char *data, size_t size, size_t count, void *user);
typedef int (*artmap_curl_progress_callback)(void *user, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow);

CURLcode artmap_curl_set_write(CURL *h, artmap_curl_data_callback f, void *user);
CURLcode artmap_curl_set_header(CURL *h, artmap_curl_data_callback f, void *user);
CURLcode artmap_curl_set_progress(CURL *h, artmap_curl_progress_callback f, void *user);

CURLcode artmap_curl_get_long(CURL *h, CURLINFO i, long *v);
CURLcode artmap_curl_get_string(CURL *h, CURLINFO i, char **v);
CURLcode artmap_curl_get_pointer(CURL *h, CURLINFO i, void **v);

/* A finished transfer of the multi handle: its easy handle and result, or 0 when the message is not "done". */
int artmap_curl_done(CURLMsg *m, CURL **easy, CURLcode *result);

/* The loopback rule, checked on the address curl is about to connect to (before any byte is sent). */
typedef struct {
    int loopback_only;          /* set: only 127.0.0.0/8, ::1 and ::ffff:127.0.0.0/104 may be contacted */
    int refused;                /* out: a non-loopback address was refused */
    char refused_address[64];   /* out: which one */
} artmap_curl_socket_rule;

CURLcode artmap_curl_set_socket_rule(CURL *h, artmap_curl_socket_rule *rule);

#endif
