/*
** Simple text (lrl_text.c): text whose every scalar is a grapheme cluster on its own that the
** width model measures by the scalar alone, so that the native text functions and the native
** layout (lrl_layout.c) measure, cut and count it by scanning its bytes.
*/
#ifndef LRL_TEXT_H
#define LRL_TEXT_H

#include <stddef.h>
#include "CLuaShim.h"

/* The byte length of the simple scalar at s[i] (i < length), its advance in hundredths of the font
** size in *units; 0 when the bytes there are not a simple scalar or not valid UTF-8. */
size_t lrl_text_scalar(const unsigned char *s, size_t length, size_t i, int *units);
/* Whether s is simple text: every scalar simple. */
int lrl_text_simple(const char *s, size_t length);
/* The width of simple text s in hundredths of the font size. */
lua_Integer lrl_text_width(const char *s, size_t length);
/* The number of scalars (clusters) of simple text s. */
lua_Integer lrl_text_count(const char *s, size_t length);
/* Whether byte c is blank in simple text: the ASCII whitespace, as Lua's "%s". */
int lrl_text_blank(unsigned char c);

#endif
