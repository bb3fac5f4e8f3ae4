#include <curl/curl.h>

/*
 * curl_easy_setopt and curl_easy_getinfo are variadic, and Swift cannot call a C variadic function: one typed
 * wrapper per argument type the harness passes. Used only by Sources/CurlCookieStore/LibCurl.swift.
 */

static inline CURLcode cookieharness_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode cookieharness_curl_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode cookieharness_curl_setopt_write_function(CURL *handle, curl_write_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}

static inline CURLcode cookieharness_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode cookieharness_curl_getinfo_slist(CURL *handle, CURLINFO info, struct curl_slist **list) {
    return curl_easy_getinfo(handle, info, list);
}

static inline curl_version_info_data *cookieharness_curl_version_info(void) {
    return curl_version_info(CURLVERSION_NOW);
}
