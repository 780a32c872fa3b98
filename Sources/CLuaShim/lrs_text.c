/*
** Text checks every layer must agree on: colour text, and the name a typo most likely meant.
** The host's C and Swift code both call these, so a colour or a suggestion means the same
** wherever it is checked.
*/
#include <string.h>
#include "CLuaShim.h"

int lrs_iscolourtext(const char *text, size_t length) {
  if (length != 7 || text[0] != '#') return 0;
  for (int i = 1; i < 7; i++) {
    char ch = text[i];
    if (!((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F'))) return 0;
  }
  return 1;
}

/* The byte folded to lower case when it is an ASCII capital. */
static int lrs_fold(char ch) {
  return ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : (unsigned char)ch;
}

int lrs_typodistance(const char *name, size_t ln, const char *candidate, size_t lc) {
  size_t bound = ln < 6 ? 1 : 2;
  if (ln > LRS_NAME_LONGEST || lc > LRS_NAME_LONGEST) return -1;
  if ((ln > lc ? ln - lc : lc - ln) > bound) return -1;
  /* Rows i - 2, i - 1 and i of the edit-distance table (a swap of neighbours is one edit). */
  int rows[3][LRS_NAME_LONGEST + 1];
  int *before = rows[0], *above = rows[1], *row = rows[2];
  for (size_t j = 0; j <= lc; j++) above[j] = (int)j;
  for (size_t i = 1; i <= ln; i++) {
    row[0] = (int)i;
    for (size_t j = 1; j <= lc; j++) {
      int best = above[j - 1] + (lrs_fold(name[i - 1]) == lrs_fold(candidate[j - 1]) ? 0 : 1);
      if (above[j] + 1 < best) best = above[j] + 1;
      if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
      if (i > 1 && j > 1 && lrs_fold(name[i - 1]) == lrs_fold(candidate[j - 2]) &&
          lrs_fold(name[i - 2]) == lrs_fold(candidate[j - 1]) && before[j - 2] + 1 < best)
        best = before[j - 2] + 1;
      row[j] = best;
    }
    int *spare = before;
    before = above, above = row, row = spare;
  }
  return above[lc] <= (int)bound ? above[lc] : -1;
}

long lrs_closestname(const char *name, size_t length, const char *names, const size_t *lengths,
                     size_t count) {
  long best = -1;
  int bestDistance = 0;
  for (size_t i = 0; i < count; names += lengths[i], i++) {
    int d = lrs_typodistance(name, length, names, lengths[i]);
    if (d >= 0 && (best < 0 || d < bestDistance)) best = (long)i, bestDistance = d;
  }
  return best;
}

int lrs_pushdidyoumean(lua_State *L, int names, const char *name, size_t length) {
  const char *best = NULL;
  int bestDistance = 0;
  lua_Integer count = (lua_Integer)lua_rawlen(L, names);
  for (lua_Integer i = 1; i <= count; i++) {
    size_t lc;
    lua_rawgeti(L, names, i);
    const char *candidate = lua_tolstring(L, -1, &lc);
    int d = candidate == NULL ? -1 : lrs_typodistance(name, length, candidate, lc);
    if (d >= 0 && (best == NULL || d < bestDistance)) best = candidate, bestDistance = d;
    lua_pop(L, 1);  /* still anchored in names */
  }
  if (best == NULL) return 0;
  lua_pushfstring(L, LRS_HINT_BEFORE "%s" LRS_HINT_AFTER, best);
  return 1;
}
