/*
** lrs_pattern.c: string.find, string.match, string.gmatch and string.gsub with Lua 5.4's
** semantics, metered. The matcher is the classic backtracking one; every step it takes is
** counted and charged to the call's step budget (lrs_charge), so the work of any call is
** proportional to what it is charged and a hostile pattern ends in a budget error.
**
** One step is: an entry into the matcher or its advance to the next pattern item (so every
** start position tried by find, match, gmatch and gsub costs at least one), each single-byte
** test of a repeated item, each subject byte a %b scans, each 64 bytes a back-reference or the
** plain search compares, and each byte the plain search skips. Tests of long sets cost one more
** step per 8 bytes of the set. Steps are counted in the Matcher and charged every FLUSH_AT.
**
** Strings from the Lua API always have a '\0' after their last byte; the matcher relies on it
** when it peeks one byte past the end of the pattern or the subject (it then sees '\0').
*/
#include <ctype.h>
#include <string.h>

#include "CLuaShim.h"

#define MAX_CAPTURES 32   /* as LUA_MAXCAPTURES */
#define MAX_DEPTH 200     /* nested matcher calls before "pattern too complex" */
#define FLUSH_AT 256      /* steps counted locally before they are charged */
#define COMPARE_CHUNK 64  /* bytes compared per charged step */
#define CAP_OPEN (-1)     /* capture length while its ')' has not been reached */
#define CAP_POSITION (-2) /* capture length of a position capture "()" */

#define uc(c) ((unsigned char)(c))

typedef struct Matcher {
  const char *src;     /* subject */
  const char *src_end; /* its end (the '\0') */
  const char *pat_end; /* end of the pattern (the '\0') */
  lua_State *L;
  int depth_left;      /* nested matcher calls still allowed */
  int ncap;            /* captures opened so far */
  int64_t pending;     /* steps not yet charged */
  struct {
    const char *start;
    ptrdiff_t len;     /* or CAP_OPEN / CAP_POSITION */
  } cap[MAX_CAPTURES];
} Matcher;

/* ---------------------------------------------------------------- metering */

/* Charges the pending steps to the budget. [-0, +0, v] */
static void flush(Matcher *m) {
  int64_t n = m->pending;
  if (n > 0) {
    m->pending = 0;
    lrs_charge(m->L, n);
  }
}

/* Counts n steps, charging them once enough have accumulated. [-0, +0, v] */
static inline void charge(Matcher *m, int64_t n) {
  m->pending += n;
  if (m->pending >= FLUSH_AT) flush(m);
}

/* Prepares m for matching pattern p (length lp) against subject s (length ls). */
static void matcher_init(Matcher *m, lua_State *L, const char *s, size_t ls, const char *p,
                         size_t lp) {
  m->src = s;
  m->src_end = s + ls;
  m->pat_end = p + lp;
  m->L = L;
  m->pending = 0;
  m->ncap = 0;
  m->depth_left = MAX_DEPTH;
}

/* Forgets the captures and depth of the previous attempt before matching at a new position. */
static void matcher_restart(Matcher *m) {
  m->ncap = 0;
  m->depth_left = MAX_DEPTH;
}

/* ---------------------------------------------------------------- single items */
/* item_end raises for a malformed item ([-0, +0, e]); the other tests never touch the stack. */

/* Whether byte c is in class letter cl (%a, %D, ...); any other byte stands for itself. */
static int in_class(int c, int cl) {
  int r;
  switch (cl | 0x20) { /* lower-cases a letter; no other byte lands on a class letter */
    case 'a': r = isalpha(c); break;
    case 'c': r = iscntrl(c); break;
    case 'd': r = isdigit(c); break;
    case 'g': r = isgraph(c); break;
    case 'l': r = islower(c); break;
    case 'p': r = ispunct(c); break;
    case 's': r = isspace(c); break;
    case 'u': r = isupper(c); break;
    case 'w': r = isalnum(c); break;
    case 'x': r = isxdigit(c); break;
    case 'z': r = (c == 0); break; /* deprecated, but Lua 5.4 still accepts it */
    default: return cl == c;
  }
  return (cl & 0x20) ? r != 0 : !r; /* an upper-case letter means the complement */
}

/* Whether byte c is in the set that opens at set ('[') and closes at close (its ']'). */
static int in_set(int c, const char *set, const char *close) {
  int hit = 1; /* what a member yields: 0 for a complemented set */
  const char *p = set + 1;
  if (*p == '^') {
    hit = 0;
    p++;
  }
  for (; p < close; p++) {
    if (*p == '%') {
      p++;
      if (in_class(c, uc(*p))) return hit;
    } else if (p[1] == '-' && p + 2 < close) {
      if (uc(p[0]) <= c && c <= uc(p[2])) return hit;
      p += 2;
    } else if (uc(*p) == c) {
      return hit;
    }
  }
  return !hit;
}

/* End of the single-character item at p (where a quantifier would be); raises if malformed. */
static const char *item_end(Matcher *m, const char *p) {
  switch (*p++) {
    case '%':
      if (p == m->pat_end) luaL_error(m->L, "malformed pattern (ends with '%%')");
      return p + 1;
    case '[':
      if (*p == '^') p++;
      do { /* the first byte is a member even when it is ']' */
        if (p == m->pat_end) luaL_error(m->L, "malformed pattern (missing ']')");
        if (*p++ == '%' && p < m->pat_end) p++;
      } while (*p != ']');
      return p + 1;
    default:
      return p;
  }
}

/* Steps charged per test of the item p..ep: sets cost more the longer they are. */
static inline int64_t item_cost(const char *p, const char *ep) {
  return 1 + ((ep - p) >> 3);
}

/* Whether the subject byte at s exists and matches the item p..ep. */
static int item_matches(const Matcher *m, const char *s, const char *p, const char *ep) {
  int c;
  if (s >= m->src_end) return 0;
  c = uc(*s);
  switch (*p) {
    case '.': return 1;
    case '%': return in_class(c, uc(p[1]));
    case '[': return in_set(c, p, ep - 1);
    default: return uc(*p) == c;
  }
}

/* ---------------------------------------------------------------- the matcher */
/* These functions leave the Lua stack alone but raise errors for malformed patterns and for an
** exhausted budget: [-0, +0, e]. */

static const char *match(Matcher *m, const char *s, const char *p);

/* Longest-first: item p..ep repeated as often as possible from s, then the rest after ep. */
static const char *match_greedy(Matcher *m, const char *s, const char *p, const char *ep) {
  ptrdiff_t n = 0;
  while (item_matches(m, s + n, p, ep)) n++;
  charge(m, (int64_t)(n + 1) * item_cost(p, ep));
  for (; n >= 0; n--) {
    const char *r = match(m, s + n, ep + 1);
    if (r != NULL) return r;
  }
  return NULL;
}

/* Shortest-first: the rest after ep, consuming one more item p..ep per failed attempt. */
static const char *match_lazy(Matcher *m, const char *s, const char *p, const char *ep) {
  int64_t cost = item_cost(p, ep);
  for (;;) {
    const char *r = match(m, s, ep + 1);
    if (r != NULL) return r;
    charge(m, cost);
    if (!item_matches(m, s, p, ep)) return NULL;
    s++;
  }
}

/* Opens capture (len CAP_OPEN or CAP_POSITION) at s and matches the rest p; undone on failure. */
static const char *open_capture(Matcher *m, const char *s, const char *p, ptrdiff_t len) {
  const char *r;
  if (m->ncap >= MAX_CAPTURES) luaL_error(m->L, "too many captures");
  m->cap[m->ncap].start = s;
  m->cap[m->ncap].len = len;
  m->ncap++;
  r = match(m, s, p);
  if (r == NULL) m->ncap--;
  return r;
}

/* Closes the innermost open capture at s and matches the rest p; reopened on failure. */
static const char *close_capture(Matcher *m, const char *s, const char *p) {
  const char *r;
  int i = m->ncap - 1;
  while (i >= 0 && m->cap[i].len != CAP_OPEN) i--;
  if (i < 0) luaL_error(m->L, "invalid pattern capture");
  m->cap[i].len = s - m->cap[i].start;
  r = match(m, s, p);
  if (r == NULL) m->cap[i].len = CAP_OPEN;
  return r;
}

/* %bxy at s (p points at x): the end of the balanced run, or NULL. */
static const char *match_balance(Matcher *m, const char *s, const char *p) {
  const char *start = s;
  int depth = 1;
  if (p >= m->pat_end - 1) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
  if (*s != *p) return NULL;
  while (++s < m->src_end) {
    if (*s == p[1]) {
      if (--depth == 0) {
        charge(m, s - start);
        return s + 1;
      }
    } else if (*s == *p) {
      depth++;
    }
  }
  charge(m, s - start);
  return NULL;
}

/* %1..%9 at s (digit d): the end of a repeat of that capture, or NULL (always for a position). */
static const char *match_backref(Matcher *m, const char *s, int d) {
  int i = d - '1';
  size_t len;
  if (i < 0 || i >= m->ncap || m->cap[i].len == CAP_OPEN)
    luaL_error(m->L, "invalid capture index %%%d", i + 1);
  if (m->cap[i].len == CAP_POSITION) return NULL;
  len = (size_t)m->cap[i].len;
  if ((size_t)(m->src_end - s) < len) return NULL;
  charge(m, (int64_t)(len / COMPARE_CHUNK));
  return memcmp(m->cap[i].start, s, len) == 0 ? s + len : NULL;
}

/* The body of match, without the depth accounting. */
static const char *match_items(Matcher *m, const char *s, const char *p) {
  for (;;) {
    const char *ep;
    charge(m, 1);
    if (p == m->pat_end) return s;
    switch (*p) {
      case '(':
        if (p[1] == ')') return open_capture(m, s, p + 2, CAP_POSITION);
        return open_capture(m, s, p + 1, CAP_OPEN);
      case ')':
        return close_capture(m, s, p + 1);
      case '$':
        if (p + 1 == m->pat_end) return s == m->src_end ? s : NULL;
        break; /* a '$' elsewhere is literal */
      case '%':
        switch (p[1]) {
          case 'b':
            s = match_balance(m, s, p + 2);
            if (s == NULL) return NULL;
            p += 4;
            continue;
          case 'f': {
            int before, here;
            p += 2;
            if (*p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
            ep = item_end(m, p);
            charge(m, item_cost(p, ep));
            before = s == m->src ? '\0' : uc(s[-1]);
            here = uc(*s); /* '\0' at the end */
            if (in_set(before, p, ep - 1) || !in_set(here, p, ep - 1)) return NULL;
            p = ep;
            continue;
          }
          case '0': case '1': case '2': case '3': case '4':
          case '5': case '6': case '7': case '8': case '9':
            s = match_backref(m, s, uc(p[1]));
            if (s == NULL) return NULL;
            p += 2;
            continue;
          default:
            break; /* a class or an escaped character */
        }
        break;
      default:
        break;
    }
    /* a single-character item, maybe quantified */
    ep = item_end(m, p);
    charge(m, item_cost(p, ep) - 1);
    if (!item_matches(m, s, p, ep)) {
      if (*ep == '*' || *ep == '?' || *ep == '-') { /* zero repetitions are fine */
        p = ep + 1;
        continue;
      }
      return NULL;
    }
    switch (*ep) {
      case '?': {
        const char *r = match(m, s + 1, ep + 1);
        if (r != NULL) return r;
        p = ep + 1;
        continue;
      }
      case '+': return match_greedy(m, s + 1, p, ep);
      case '*': return match_greedy(m, s, p, ep);
      case '-': return match_lazy(m, s, p, ep);
      default:
        s++;
        p = ep;
        continue;
    }
  }
}

/* Matches pattern p at subject position s: the end of the match, or NULL. Raises
** "pattern too complex" beyond MAX_DEPTH nested calls. */
static const char *match(Matcher *m, const char *s, const char *p) {
  const char *r;
  if (m->depth_left-- == 0) luaL_error(m->L, "pattern too complex");
  r = match_items(m, s, p);
  m->depth_left++;
  return r;
}

/* ---------------------------------------------------------------- captures */

/* Capture i of the match s..e: its length (start in *start), or CAP_POSITION with the position
** pushed. With no captures, index 0 is the whole match. Raises on a bad index. [-0, +(0|1), v] */
static ptrdiff_t get_capture(Matcher *m, int i, const char *s, const char *e,
                             const char **start) {
  ptrdiff_t len;
  if (i >= m->ncap) {
    if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
    *start = s;
    return e - s;
  }
  len = m->cap[i].len;
  *start = m->cap[i].start;
  if (len == CAP_OPEN) luaL_error(m->L, "unfinished capture");
  if (len == CAP_POSITION) lua_pushinteger(m->L, (m->cap[i].start - m->src) + 1);
  return len;
}

/* Pushes capture i of the match s..e (a string, or an integer for a position). [-0, +1, e] */
static void push_capture(Matcher *m, int i, const char *s, const char *e) {
  const char *start;
  ptrdiff_t len = get_capture(m, i, s, e, &start);
  if (len != CAP_POSITION) lua_pushlstring(m->L, start, (size_t)len);
}

/* Pushes every capture; with none, the whole match s..e unless s is NULL. Returns how many.
** [-0, +n, e] */
static int push_captures(Matcher *m, const char *s, const char *e) {
  int i, n = (m->ncap == 0 && s != NULL) ? 1 : m->ncap;
  luaL_checkstack(m->L, n, "too many captures");
  for (i = 0; i < n; i++) push_capture(m, i, s, e);
  return n;
}

/* ---------------------------------------------------------------- find and match */

/* The 0-based offset for a 1-based init argument (negative counts from the end; may be > len). */
static size_t start_offset(lua_Integer pos, size_t len) {
  if (pos > 0) return (size_t)pos - 1;
  if (pos == 0 || pos < -(lua_Integer)len) return 0;
  return len - (size_t)(-pos);
}

/* Whether the pattern has no magic characters (so find may search it as plain text). [-0, +0, v] */
static int is_plain(Matcher *m, const char *p, size_t lp) {
  size_t i;
  for (i = 0; i < lp; i++) {
    switch (p[i]) {
      case '^': case '$': case '*': case '+': case '?':
      case '.': case '(': case '[': case '%': case '-':
        charge(m, (int64_t)i + 1);
        return 0;
      default:
        break;
    }
  }
  charge(m, (int64_t)lp);
  return 1;
}

/* Whether a and b agree in their n bytes, charging a step per full chunk compared. [-0, +0, v] */
static int same_bytes(Matcher *m, const char *a, const char *b, size_t n) {
  while (n > COMPARE_CHUNK) {
    charge(m, 1);
    if (memcmp(a, b, COMPARE_CHUNK) != 0) return 0;
    a += COMPARE_CHUNK;
    b += COMPARE_CHUNK;
    n -= COMPARE_CHUNK;
  }
  return memcmp(a, b, n) == 0;
}

/* The first occurrence of needle (nl bytes) in hay (hl bytes), or NULL; charges the bytes
** scanned. [-0, +0, v] */
static const char *find_plain(Matcher *m, const char *hay, size_t hl, const char *needle,
                              size_t nl) {
  const char *s = hay, *last;
  if (nl == 0) return hay;
  if (nl > hl) return NULL;
  last = hay + (hl - nl); /* the last possible start */
  while (s <= last) {
    const char *q = (const char *)memchr(s, needle[0], (size_t)(last - s) + 1);
    if (q == NULL) {
      charge(m, (last - s) + 1);
      return NULL;
    }
    charge(m, (q - s) + 1);
    if (same_bytes(m, q + 1, needle + 1, nl - 1)) return q;
    s = q + 1;
  }
  return NULL;
}

/* string.find (find = 1) or string.match (find = 0): pushes the results. [-0, +n, e] */
static int find_or_match(lua_State *L, int find) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  size_t init = start_offset(luaL_optinteger(L, 3, 1), ls);
  Matcher m;
  if (init > ls) {
    luaL_pushfail(L);
    return 1;
  }
  matcher_init(&m, L, s, ls, p, lp);
  if (find && (lua_toboolean(L, 4) || is_plain(&m, p, lp))) {
    const char *q = find_plain(&m, s + init, ls - init, p, lp);
    flush(&m);
    if (q != NULL) {
      lua_pushinteger(L, (q - s) + 1);
      lua_pushinteger(L, (lua_Integer)((size_t)(q - s) + lp));
      return 2;
    }
  } else {
    const char *start = s + init;
    int anchored = (*p == '^');
    if (anchored) p++;
    do {
      const char *e;
      matcher_restart(&m);
      e = match(&m, start, p);
      if (e != NULL) {
        flush(&m);
        if (!find) return push_captures(&m, start, e);
        lua_pushinteger(L, (start - s) + 1);
        lua_pushinteger(L, e - s);
        return 2 + push_captures(&m, NULL, NULL);
      }
    } while (start++ < m.src_end && !anchored);
    flush(&m);
  }
  luaL_pushfail(L);
  return 1;
}

int lrs_str_find(lua_State *L) { return find_or_match(L, 1); }

int lrs_str_match(lua_State *L) { return find_or_match(L, 0); }

/* ---------------------------------------------------------------- gmatch */

typedef struct GmatchState {
  Matcher m;
  const char *pattern;
  const char *next;      /* where the next search starts; past src_end when done */
  const char *last_end;  /* end of the previous match (no empty match may end there again) */
} GmatchState;

/* The gmatch iterator: upvalues subject, pattern, state. Pushes the next match's captures, or
** nothing at the end. [-0, +n, e] */
static int gmatch_step(lua_State *L) {
  GmatchState *g = (GmatchState *)lua_touserdata(L, lua_upvalueindex(3));
  const char *src;
  g->m.L = L; /* the iterator may run in another coroutine */
  for (src = g->next; src <= g->m.src_end; src++) {
    const char *e;
    matcher_restart(&g->m);
    e = match(&g->m, src, g->pattern);
    if (e != NULL && e != g->last_end) {
      g->next = g->last_end = e;
      flush(&g->m);
      return push_captures(&g->m, src, e);
    }
  }
  g->next = g->m.src_end + 1;
  flush(&g->m);
  return 0;
}

/* string.gmatch(s, pattern [, init]): '^' is not an anchor here (as in Lua 5.4). Drops the
** init argument and pushes the iterator. [-(0|1), +1, e] */
int lrs_str_gmatch(lua_State *L) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  size_t init = start_offset(luaL_optinteger(L, 3, 1), ls);
  GmatchState *g;
  lua_settop(L, 2); /* subject and pattern become upvalues and keep the pointers valid */
  g = (GmatchState *)lua_newuserdatauv(L, sizeof(GmatchState), 0);
  if (init > ls) init = ls + 1;
  matcher_init(&g->m, L, s, ls, p, lp);
  g->pattern = p;
  g->next = s + init;
  g->last_end = NULL;
  lrs_pushiterator(L, gmatch_step, 3);
  return 1;
}

/* ---------------------------------------------------------------- gsub */

/* Appends the replacement string (argument 3) for the match s..e, expanding %0..%9 and %%.
** [-0, +0, e] */
static void add_template(Matcher *m, luaL_Buffer *b, const char *s, const char *e) {
  lua_State *L = m->L;
  size_t l;
  const char *r = lua_tolstring(L, 3, &l);
  const char *pct;
  charge(m, 1 + (int64_t)(l / COMPARE_CHUNK));
  while ((pct = (const char *)memchr(r, '%', l)) != NULL) {
    int c = uc(pct[1]); /* '\0' when the '%' is last */
    charge(m, 1);
    luaL_addlstring(b, r, (size_t)(pct - r));
    if (c == '%') {
      luaL_addchar(b, '%');
    } else if (c == '0') {
      luaL_addlstring(b, s, (size_t)(e - s));
    } else if (isdigit(c)) {
      const char *start;
      ptrdiff_t len = get_capture(m, c - '1', s, e, &start);
      if (len == CAP_POSITION) luaL_addvalue(b);
      else luaL_addlstring(b, start, (size_t)len);
    } else {
      luaL_error(L, "invalid use of '%%' in replacement string");
    }
    l -= (size_t)(pct + 2 - r);
    r = pct + 2;
  }
  luaL_addlstring(b, r, l);
}

/* Appends the replacement for the match s..e given argument 3 of type kind; returns whether it
** replaced anything (a false or nil from a table or function keeps the match). [-0, +0, e] */
static int add_replacement(Matcher *m, luaL_Buffer *b, const char *s, const char *e, int kind) {
  lua_State *L = m->L;
  if (kind == LUA_TFUNCTION) {
    int n;
    flush(m);
    lua_pushvalue(L, 3);
    n = push_captures(m, s, e);
    lua_call(L, n, 1);
  } else if (kind == LUA_TTABLE) {
    flush(m);
    push_capture(m, 0, s, e);
    lua_gettable(L, 3);
  } else {
    add_template(m, b, s, e);
    return 1;
  }
  if (!lua_toboolean(L, -1)) {
    lua_pop(L, 1);
    luaL_addlstring(b, s, (size_t)(e - s));
    return 0;
  }
  if (!lua_isstring(L, -1))
    luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
  luaL_addvalue(b);
  return 1;
}

/* string.gsub(s, pattern, repl [, n]): pushes the new string and the count. [-0, +2, e] */
int lrs_str_gsub(lua_State *L) {
  size_t ls, lp;
  const char *src = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  const char *last_end = NULL;
  int kind = lua_type(L, 3);
  lua_Integer max_n = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
  int anchored = (*p == '^');
  lua_Integer n = 0;
  int changed = 0;
  Matcher m;
  luaL_Buffer b;
  luaL_argexpected(L, kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION ||
                   kind == LUA_TTABLE, 3, "string/function/table");
  luaL_buffinit(L, &b);
  matcher_init(&m, L, src, ls, p, lp);
  if (anchored) p++;
  while (n < max_n) {
    const char *e;
    matcher_restart(&m);
    e = match(&m, src, p);
    if (e != NULL && e != last_end) {
      n++;
      changed = add_replacement(&m, &b, src, e, kind) | changed;
      src = last_end = e;
    } else if (src < m.src_end) {
      luaL_addchar(&b, *src++);
    } else {
      break;
    }
    if (anchored) break;
  }
  flush(&m);
  if (!changed) {
    lua_pushvalue(L, 1);
  } else {
    luaL_addlstring(&b, src, (size_t)(m.src_end - src));
    luaL_pushresult(&b);
  }
  lua_pushinteger(L, n);
  return 2;
}
