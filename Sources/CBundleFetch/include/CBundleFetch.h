/*
** One bounded HTTP(S) GET of a bundle URL, on the system's libcurl: the body is taken as it
** arrives and the transfer stops the moment it would pass its limit, or when the whole answer
** has not arrived within its time. libcurl hands over each piece synchronously, so nothing is
** read ahead of what is kept: memory stays within the limit whatever the server sends.
*/
#ifndef CBUNDLEFETCH_H
#define CBUNDLEFETCH_H

#include <stddef.h>

/* How a fetch ended. */
typedef enum lrb_outcome {
  LRB_ANSWERED = 0,   /* an answer arrived whole: status, etag and body are set */
  LRB_TOO_LARGE = 1,  /* the body passed the limit; claimed holds its Content-Length when that
                         said so before a byte was read, else -1 */
  LRB_TIMED_OUT = 2,  /* the whole answer did not arrive within the time given */
  LRB_FAILED = 3      /* no answer: error holds why */
} lrb_outcome;

/* What a fetch gives back. The caller zeroes it first and frees it with lrb_free. */
typedef struct lrb_answer {
  long status;            /* the HTTP status */
  char etag[256];         /* the ETag header's value, or "" */
  unsigned char *body;    /* the body's bytes (malloc'd), body_length of them */
  size_t body_length;
  long long claimed;      /* with LRB_TOO_LARGE: the Content-Length over the limit, or -1 */
  char error[256];        /* with LRB_FAILED: libcurl's words */
} lrb_answer;

/* GETs url (http or https, following at most 5 redirects) with the given User-Agent and, when
** not NULL or empty, If-None-Match; keeps at most limit bytes of body; gives up after
** timeout_ms milliseconds for the whole answer. Asks for the body as it is (no compression).
** Blocks the calling thread. */
lrb_outcome lrb_fetch(const char *url, const char *user_agent, const char *if_none_match, size_t limit,
                      long timeout_ms, lrb_answer *answer);

/* Frees what lrb_fetch allocated in answer. */
void lrb_free(lrb_answer *answer);

#endif
