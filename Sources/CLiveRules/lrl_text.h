/*
** Simple text (lrl_text.c): text whose every scalar is a grapheme cluster on its own that the
** width model measures by the scalar alone, so that the native text functions and the native
** layout (lrl_layout.c) measure, cut and count it by scanning its bytes.
*/
#ifndef LRL_TEXT_H
#define LRL_TEXT_H

#include <stddef.h>
#include "CLuaShim.h"

/* Whether s is simple text: every scalar simple. */
int lrl_text_simple(const char *s, size_t length);
/* The width of simple text s in hundredths of the font size. */
lua_Integer lrl_text_width(const char *s, size_t length);
/* The number of scalars (clusters) of simple text s. */
lua_Integer lrl_text_count(const char *s, size_t length);
/* text.truncate's cut of simple text s: the byte length of its longest prefix that ends in a
** scalar that is not blank and fits room points at font points with "…" after it; 0 for none. */
size_t lrl_text_cut(const char *s, size_t length, double font, double room);

#endif
