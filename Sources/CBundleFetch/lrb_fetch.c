/*
** A bounded GET on libcurl's easy interface (see CBundleFetch.h).
*/
#if __has_include(<curl/curl.h>)
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <pthread.h>
#include <curl/curl.h>
#include "CBundleFetch.h"

/* The body being received, and its bound. */
typedef struct lrb_receipt {
  CURL *curl;
  lrb_answer *answer;
  size_t limit;
  size_t capacity;
  int over;               /* 1 once the body passed the limit */
} lrb_receipt;

/* libcurl's write callback: keeps the piece, or stops the transfer (returning less than it was
** given) once the body would pass the limit. */
static size_t lrb_write(char *data, size_t size, size_t count, void *user) {
  lrb_receipt *r = user;
  size_t length = size * count;
  lrb_answer *a = r->answer;
  if (length > r->limit - a->body_length) {
    r->over = 1;
    return 0;
  }
  if (a->body_length + length > r->capacity) {
    size_t capacity = r->capacity ? r->capacity : 65536;
    while (capacity < a->body_length + length) capacity *= 2;
    if (capacity > r->limit) capacity = r->limit;
    unsigned char *grown = realloc(a->body, capacity);
    if (grown == NULL) return 0;
    a->body = grown;
    r->capacity = capacity;
  }
  memcpy(a->body + a->body_length, data, length);
  a->body_length += length;
  return length;
}

/* libcurl's header callback: keeps the ETag of the last response (after redirects), and stops
** the transfer before its body when its Content-Length is over the limit. */
static size_t lrb_header(char *data, size_t size, size_t count, void *user) {
  lrb_receipt *r = user;
  lrb_answer *a = r->answer;
  size_t length = size * count;
  if (length > 5 && strncasecmp(data, "HTTP/", 5) == 0) a->etag[0] = '\0';  /* a new response */
  if (length > 15 && strncasecmp(data, "content-length:", 15) == 0) {
    long long claimed = strtoll(data + 15, NULL, 10);
    long status = 0;
    curl_easy_getinfo(r->curl, CURLINFO_RESPONSE_CODE, &status);
    if (status == 200 && claimed > 0 && (unsigned long long)claimed > r->limit) {
      a->claimed = claimed;
      r->over = 1;
      return 0;
    }
  }
  if (length > 5 && strncasecmp(data, "etag:", 5) == 0) {
    size_t start = 5, end = length;
    while (start < end && (data[start] == ' ' || data[start] == '\t')) start++;
    while (end > start && (data[end - 1] == '\r' || data[end - 1] == '\n' || data[end - 1] == ' ')) end--;
    size_t kept = end - start < sizeof a->etag - 1 ? end - start : sizeof a->etag - 1;
    memcpy(a->etag, data + start, kept);
    a->etag[kept] = '\0';
  }
  return length;
}

/* libcurl's one-time set-up, before the first transfer of any thread. */
static void lrb_globalinit(void) {
  curl_global_init(CURL_GLOBAL_DEFAULT);
}

lrb_outcome lrb_fetch(const char *url, const char *user_agent, const char *if_none_match, size_t limit,
                      long timeout_ms, lrb_answer *answer) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, lrb_globalinit);
  CURL *curl = curl_easy_init();
  if (curl == NULL) {
    snprintf(answer->error, sizeof answer->error, "libcurl could not start a transfer");
    return LRB_FAILED;
  }
  lrb_receipt receipt = {curl, answer, limit, 0, 0};
  answer->claimed = -1;
  struct curl_slist *headers = NULL;
  char header[320];
  if (if_none_match != NULL && if_none_match[0] != '\0') {
    snprintf(header, sizeof header, "If-None-Match: %s", if_none_match);
    headers = curl_slist_append(headers, header);
  }
  headers = curl_slist_append(headers, "Accept-Encoding: identity");
  curl_easy_setopt(curl, CURLOPT_URL, url);
  curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
  curl_easy_setopt(curl, CURLOPT_MAXREDIRS, 5L);
  curl_easy_setopt(curl, CURLOPT_USERAGENT, user_agent);
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, timeout_ms);
  curl_easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)limit);
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, lrb_write);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &receipt);
  curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, lrb_header);
  curl_easy_setopt(curl, CURLOPT_HEADERDATA, &receipt);
  CURLcode code = curl_easy_perform(curl);
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &answer->status);
  lrb_outcome outcome = LRB_ANSWERED;
  if (code == CURLE_FILESIZE_EXCEEDED) {
    curl_off_t length = -1;
    curl_easy_getinfo(curl, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length);
    answer->claimed = (long long)length;
    outcome = LRB_TOO_LARGE;
  } else if (receipt.over) {
    outcome = LRB_TOO_LARGE;
  } else if (code == CURLE_OPERATION_TIMEDOUT) {
    outcome = LRB_TIMED_OUT;
  } else if (code != CURLE_OK) {
    snprintf(answer->error, sizeof answer->error, "%s", curl_easy_strerror(code));
    outcome = LRB_FAILED;
  }
  curl_slist_free_all(headers);
  curl_easy_cleanup(curl);
  return outcome;
}

void lrb_free(lrb_answer *answer) {
  free(answer->body);
  answer->body = NULL;
  answer->body_length = 0;
}
#endif
