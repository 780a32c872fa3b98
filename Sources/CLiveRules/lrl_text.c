/*
** The width model's one definition, and liverules/text.lua's common case natively: simple text,
** whose every scalar is ASCII other than "\r", a Latin letter or sign (U+00A1 to U+024F but for
** the soft hyphen and the (c) and (R) signs), an Arabic letter or digit (U+0621 to U+063A, U+0640
** to U+064A, U+0660 to U+0669), general punctuation from U+2010 to U+2027 (dashes, quotes,
** bullets, "…"), the minus sign U+2212, the check mark U+2713, or kana or a CJK ideograph (U+3041
** to U+3096, U+30A1 to U+30FA, U+30FC to U+30FE, U+4E00 to U+9FFF: wide). Each such scalar is a
** grapheme cluster on its own whatever simple scalars stand beside it (none extends, joins,
** prepends or pairs), none is an emoji or invisible, and none is blank but the ASCII whitespace,
** so a scan of the bytes gives exactly what the host's segmenting gives. For other text each
** function returns nothing and text.lua asks the host, which segments it.
*/
#include <stdint.h>
#include <string.h>
#include "CLuaShim.h"
#include "CLiveRules.h"
#include "lrl_text.h"

#define LRL_TEXT_OTHER 55  /* the advance of a simple scalar beyond ASCII, but "…" and wide ones */
#define LRL_TEXT_WIDE 100  /* the advance of kana and CJK ideographs */

int lrl_ascii_advance(unsigned char c) {
  switch (c) {
    case 'i': case 'l': case '.': case ',': case ':': case ';': case '\'': case '|': case '!': case ' ':
      return 30;
    case 'M': case 'W': case 'm': case 'w': case '@':
      return 80;
    default:
      return c >= 'A' && c <= 'Z' ? 65 : 55;
  }
}

/* The byte length of the simple scalar at s[i] (i < length), its advance in hundredths of the font
** size in *units; 0 when the bytes there are not a simple scalar or not valid UTF-8. */
static size_t lrl_text_scalar(const unsigned char *s, size_t length, size_t i, int *units) {
  unsigned char c = s[i];
  if (c < 0x80) {
    *units = lrl_ascii_advance(c);
    return c == '\r' ? 0 : 1;
  }
  size_t size = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : 0;
  if (size == 0 || size > length - i) return 0;
  uint32_t cp = c & (size == 2 ? 0x1F : 0x0F);
  for (size_t k = 1; k < size; k++) {
    if ((s[i + k] & 0xC0) != 0x80) return 0;
    cp = cp << 6 | (s[i + k] & 0x3F);
  }
  if (cp < 0x800 && size == 3) return 0;  /* overlong: not valid UTF-8 */
  *units = LRL_TEXT_OTHER;
  if (cp >= 0xA1 && cp <= 0x24F) return cp != 0xAD && cp != 0xA9 && cp != 0xAE ? size : 0;
  if ((cp >= 0x621 && cp <= 0x63A) || (cp >= 0x640 && cp <= 0x64A) || (cp >= 0x660 && cp <= 0x669)) return size;
  if ((cp >= 0x2010 && cp <= 0x2027) || cp == 0x2212 || cp == 0x2713) {
    if (cp == 0x2026) *units = LRL_ELLIPSIS_UNITS;
    return size;
  }
  *units = LRL_TEXT_WIDE;
  if ((cp >= 0x3041 && cp <= 0x3096) || (cp >= 0x30A1 && cp <= 0x30FA) || (cp >= 0x30FC && cp <= 0x30FE) ||
      (cp >= 0x4E00 && cp <= 0x9FFF))
    return size;
  return 0;
}

int lrl_text_simple(const char *s, size_t length) {
  const unsigned char *u = (const unsigned char *)s;
  int units;
  for (size_t i = 0, size; i < length; i += size)
    if (!(size = lrl_text_scalar(u, length, i, &units))) return 0;
  return 1;
}

lua_Integer lrl_text_width(const char *s, size_t length) {
  const unsigned char *u = (const unsigned char *)s;
  lua_Integer total = 0;
  int units;
  for (size_t i = 0, size; i < length && (size = lrl_text_scalar(u, length, i, &units)); i += size) total += units;
  return total;
}

lua_Integer lrl_text_count(const char *s, size_t length) {
  const unsigned char *u = (const unsigned char *)s;
  lua_Integer count = 0;
  int units;
  for (size_t i = 0, size; i < length && (size = lrl_text_scalar(u, length, i, &units)); i += size) count++;
  return count;
}

/* Whether byte c is blank in simple text: the ASCII whitespace, as Lua's "%s". */
static int lrl_text_blank(unsigned char c) {
  return c == ' ' || (c >= '\t' && c <= '\r');
}

size_t lrl_text_cut(const char *s, size_t length, double font, double room) {
  const unsigned char *u = (const unsigned char *)s;
  lua_Integer total = LRL_ELLIPSIS_UNITS;
  size_t cut = 0, size;
  int units;
  for (size_t i = 0; i < length && (size = lrl_text_scalar(u, length, i, &units)); i += size) {
    total += units;
    if (!((double)total * font / 100 <= room)) break;
    if (!lrl_text_blank(u[i])) cut = i + size;
  }
  return cut;
}

/* Argument 1, a string, with its bytes charged to the step budget (one step per byte, as the
** string library charges its scans); NULL when it is not simple text. [-0, +0, e] */
static const char *lrl_simplearg(lua_State *L, size_t *length) {
  const char *s = luaL_checklstring(L, 1, length);
  lrs_charge(L, (int64_t)*length);
  return lrl_text_simple(s, *length) ? s : NULL;
}

/* Pushes measure(s) of simple text argument 1; nothing for other text. [-0, +(0|1), e] */
static int lrl_pushmeasure(lua_State *L, lua_Integer (*measure)(const char *, size_t)) {
  size_t length;
  const char *s = lrl_simplearg(L, &length);
  if (s == NULL) return 0;
  lua_pushinteger(L, measure(s, length));
  return 1;
}

int lrl_text_units(lua_State *L) {
  return lrl_pushmeasure(L, lrl_text_width);
}

int lrl_text_length(lua_State *L) {
  return lrl_pushmeasure(L, lrl_text_count);
}

int lrl_text_prefix(lua_State *L) {
  size_t length;
  const char *s = lrl_simplearg(L, &length);
  double room = luaL_checknumber(L, 2) + 1e-9, font = luaL_checknumber(L, 3);
  if (s == NULL) return 0;
  lua_pushinteger(L, (lua_Integer)lrl_text_cut(s, length, font, room));
  return 1;
}

int lrl_text_trim(lua_State *L) {
  size_t length;
  const unsigned char *s = (const unsigned char *)lrl_simplearg(L, &length);
  if (s == NULL) return 0;
  int collapse = lua_toboolean(L, 2);
  size_t first = 0, last = length;
  while (first < last && lrl_text_blank(s[first])) first++;
  while (last > first && lrl_text_blank(s[last - 1])) last--;
  int runs = 0;
  for (size_t i = first; collapse && !runs && i < last; i++)
    runs = lrl_text_blank(s[i]) && (s[i] != ' ' || lrl_text_blank(s[i + 1]));
  if (!runs) {
    lua_pushlstring(L, (const char *)s + first, last - first);
    return 1;
  }
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  for (size_t i = first; i < last; i++) {
    if (!lrl_text_blank(s[i])) luaL_addchar(&b, (char)s[i]);
    else if (!lrl_text_blank(s[i - 1])) luaL_addchar(&b, ' ');
  }
  luaL_pushresult(&b);
  return 1;
}
