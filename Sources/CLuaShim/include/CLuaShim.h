/*
** CLuaShim: the C side of the LiveRules Lua host.
**
** Everything that may longjmp lives here: the protected-call wrapper, the error trampoline for
** Swift functions, the instruction hook, the limited allocator and the guarded library functions.
** Swift calls only functions that return a status; none of them raises through a Swift frame.
*/
#ifndef CLUASHIM_H
#define CLUASHIM_H

#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <lua.h>
#include <lauxlib.h>

/* Which budget a failed call ran out of (sticky for the rest of that call). */
typedef enum lrs_exceeded {
  LRS_WITHIN_BUDGET = 0,
  LRS_EXCEEDED_INSTRUCTIONS = 1, /* the count hook: Lua VM instructions */
  LRS_EXCEEDED_MEMORY = 2,       /* the allocator: bytes live in the state */
  LRS_EXCEEDED_STEPS = 3,        /* C library work: pattern steps, elements, bytes allocated */
  LRS_EXCEEDED_STRING = 4,       /* one string longer than the string cap */
  LRS_EXCEEDED_DEADLINE = 5      /* the watchdog: CPU time of one call (lrs_watchdog.c) */
} lrs_exceeded;

/* A Swift function called from Lua. Runs with the arguments on the stack; returns the number of
** results it pushed, or -1 with an error value pushed (the trampoline raises it). Must not raise. */
typedef int (*lrs_host_fn)(lua_State *L, void *function_box);
/* Receives what a rule printed. Must not touch the Lua stack. */
typedef void (*lrs_log_fn)(void *host, const char *text, size_t length);

/* How many short keys the Codable bridge keeps interned (a power of two). */
#define LRS_KEY_CACHE 256

/* A key the bridge keeps: its bytes (up to 16, zero-padded), length and registry reference
** (0 when the entry is empty). */
typedef struct lrs_cachedkey {
  uint64_t bytes[2];
  size_t length;
  int reference;
} lrs_cachedkey;

/* Sizes the small-block pool serves: classes of LRS_POOL_GRANULE bytes up to LRS_POOL_LARGEST,
** carved from slabs of LRS_POOL_SLAB bytes. */
#define LRS_POOL_GRANULE 16
#define LRS_POOL_LARGEST 256
#define LRS_POOL_SLAB (16 * 1024)

/* The small-block pool of one state (lrs_pool.c): a free list per class and the slabs. */
typedef struct lrs_pool {
  void *free[LRS_POOL_LARGEST / LRS_POOL_GRANULE];  /* linked through each block's first word */
  char *next, *end;                                 /* the unused rest of the newest slab */
  struct lrs_slab *slabs;                           /* every slab, newest first */
  size_t slab_count;
} lrs_pool;

/* Per-state limits and counters. Owned by the Swift LuaState; reached from any lua_State of the
** state through lrs_ctx (it is the allocator's user data and sits in the extra space). */
typedef struct lrs_context {
  /* limits (set by the host) */
  size_t memory_limit;        /* bytes live in the state while rules run */
  size_t string_limit;        /* longest string a rule may create, in bytes */
  int64_t instruction_limit;  /* Lua VM instructions per protected call */
  int64_t step_limit;         /* C work units per protected call */
  int64_t deadline_ns;        /* CPU time per top-level call, in nanoseconds; 0: no deadline */
  /* counters */
  size_t memory_used;         /* bytes live now */
  size_t memory_peak;         /* high-water mark since the last reset */
  int64_t instructions_left;  /* what the current call may still execute */
  int64_t instructions_before;/* what the current call ran before a fresh allowance
                                 (lrs_freshinstructions), for the metered count */
  int64_t steps_left;         /* C work the current call may still do */
  int64_t host_steps;         /* C work the running host function reported (lrs_callhost charges
                                 it when the function returns) */
  int enforcing;              /* 1 while rule code runs; 0 while the host marshals (never fails) */
  int call_depth;             /* nesting of lrs_pcall: budgets reset only at depth 0, unheld */
  int held;                   /* 1 while lrs_holdbudgets keeps one allowance for every call */
  int held_serving;           /* serving as it was before the hold (a hold counts) */
  int exceeded;               /* an lrs_exceeded, sticky within one top-level call */
  int hook_slice;             /* instructions the count hook was last armed for */
  int coverage;               /* 1 while line hits are recorded (the hook also gets line events) */
  int metering;               /* 1: the count hook fires every instruction, so instructions_left is
                                 exact after a call (slow; for measuring, never for serving) */
  int serving;                /* 1: no count hook while calls run (instructions are not counted);
                                 the deadline arms it only to stop a call that overstays. Cleared by
                                 lrs_newstate when the state has no deadline to rely on */
  lua_State *main;            /* the state's main thread (the allocator re-arms its hook) */
  char where[LUA_IDSIZE + 16];/* "chunk:line: " where the allocator last refused, or "" */
  char holding[LUA_IDSIZE + 16];/* "chunk:line: " of the pack data being frozen, where a refusal
                                 is placed while no Lua function runs (lrs_notewhere), or "" */
  /* field names the Codable bridge pushes often (lrs_codable.c), anchored in the registry */
  lrs_cachedkey keys[LRS_KEY_CACHE];
  lrs_pool pool;              /* where the state's small blocks come from */
  /* the watchdog's view of the state (lrs_watchdog.c); watch_lock guards the call fields */
  pthread_mutex_t watch_lock;
  pthread_t thread;           /* the thread running the current call */
  int64_t started_at;         /* when it began, on the deadline's clock (ns) */
  int in_call;                /* 1 while a top-level call runs */
  volatile sig_atomic_t overdue; /* 1 once the current call passed its deadline */
  int watched;                /* 1 while the state is on the watchdog's list */
  struct lrs_context *watch_next, *watch_prev;
  /* host callbacks */
  lrs_host_fn dispatch;
  lrs_log_fn log;
  void *host;
} lrs_context;

/* The context of L (any thread of the state). */
static inline lrs_context *lrs_ctx(lua_State *L) {
  return *(lrs_context **)lua_getextraspace(L);
}

/* --- state lifecycle (lrs_state.c) --- */

/* A new state using the limited allocator over ctx; NULL if out of memory. Installs the count
** hook, the panic handler and the context pointer. ctx must outlive the state. */
lua_State *lrs_newstate(lrs_context *ctx);

/* Closes the state and frees what its allocator keeps. [-0, +0, -] */
void lrs_closestate(lua_State *L);

/* --- the deadline (lrs_watchdog.c) --- */

/* Puts the state under the watchdog when ctx->deadline_ns is set (starting the watchdog on first
** use). Returns 0 when deadlines are unavailable (the signal is the application's, or no thread
** could start); the state then runs without one. Called by lrs_newstate. */
int lrs_watchstate(lrs_context *ctx);
/* Takes the state from the watchdog. Called by lrs_closestate. */
void lrs_unwatchstate(lrs_context *ctx);
/* A top-level call begins on this thread: its deadline starts. Returns the state this thread
** was running before (for lrs_callends). */
lua_State *lrs_callbegins(lrs_context *ctx);
/* The top-level call ends: no deadline until the next. */
void lrs_callends(lrs_context *ctx, lua_State *outer);

/* --- small-block pool (lrs_pool.c) --- */

/* Reallocates like a lua_Alloc (osize is the block's size when ptr is not NULL): blocks of up to
** LRS_POOL_LARGEST bytes come from pool, larger ones from malloc. NULL when memory cannot be had;
** never fails to shrink. */
void *lrs_pool_realloc(lrs_pool *pool, void *ptr, size_t osize, size_t nsize);
/* Frees every slab of pool; its blocks must no longer be used. */
void lrs_pool_release(lrs_pool *pool);

/* --- protected calls (lrs_call.c) --- */

/* Registry key of the stack traceback of the last failed lrs_pcall ("stack traceback:\n..."),
** kept apart from the error message; absent when the failure had none (out of memory). */
#define LRS_TRACEBACK "lrs.traceback"

/* Calls the function below nargs arguments, like lua_pcall, with a message handler and the
** budgets armed (reset when this is the outermost call). On success the results replace the
** function and arguments; on failure one error message does, and the handler leaves the stack
** traceback in registry[LRS_TRACEBACK]. Returns a LUA_* status; the budget that ran out, if any,
** is in ctx->exceeded. [-(nargs+1), +(nresults|1), -] */
int lrs_pcall(lua_State *L, int nargs, int nresults);
/* Steps charged per byte of a pack's chunk (a pure one) before it is compiled: Lua's compiler
** does work no allocation shows (jump lists walked once per `and`, `or` and `elseif`, locals
** searched through every enclosing function), measured at up to 2.1 us per byte of a chunk of
** the size pack files may have (16 KiB); so the chunks one budget compiles are bounded too. */
#define LRS_COMPILE_STEPS 16

/* Compiles a text chunk (never binary) with the memory budget armed; when pure is set, first
** charges LRS_COMPILE_STEPS per byte (refusing the chunk with the steps budget error, at its
** line 1, when they run out) and then refuses it as a syntax error if it is not pure
** (lrs_checkchunk). Pushes the function or an error message. [-0, +1, -] */
int lrs_loadtext(lua_State *L, const char *source, size_t length, const char *chunkname, int pure);
/* Checks that the Lua function on top is a pure chunk: that no function nested in it assigns one
** of its top-level locals or its _ENV (lrs_purity.c). Returns LUA_OK, or pushes "chunk:line: a function
** assigns 'x', a local of the file's top level..." and returns the error status. The binary dump
** the check reads is built under the memory cap (a memory error sets ctx->exceeded) and its bytes
** are charged as any allocation. [-0, +(0|1), -] */
int lrs_checkchunk(lua_State *L);
/* Finds an assignment, by the Lua function at index or a function made inside it, to one of that
** function's upvalues: a variable it keeps between its calls (lrs_purity.c). Returns its line (0:
** none) and copies the variable's name into name. The dump it reads is built under the memory
** cap while the budgets are enforced. [-0, +0, m] */
lua_Integer lrs_keptassignment(lua_State *L, int index, char *name, size_t size);
/* Begins a hold: from now until lrs_releasebudgets every top-level lrs_pcall and lrs_loadtext
** shares one allowance of every counted budget (a pack's setup), and instructions are counted
** even serving; the deadline, a backstop, stays per call. Returns 1, or 0 (holding nothing) when
** a hold or a call is already in progress. [-0, +0, -] */
int lrs_holdbudgets(lua_State *L);
/* Ends the hold lrs_holdbudgets began; the next top-level call gets a fresh allowance.
** [-0, +0, -] */
void lrs_releasebudgets(lua_State *L);
/* Charges cost units of C work to the current call; raises a budget error when they run out.
** Library wrappers call it before doing work the count hook cannot see. [-0, +0, v] */
void lrs_charge(lua_State *L, int64_t cost);
/* Raises the error for the budget that ran out (sets ctx->exceeded first), prefixed with the
** chunk:line of the innermost Lua function. [-0, +1, v] */
int lrs_budget_error(lua_State *L, lrs_exceeded which);
/* Arms the count hook for ctx->instructions_left, with line events while ctx->coverage is set.
** [-0, +0, -] */
void lrs_armhook(lua_State *L);
/* Gives the running top-level call its whole instruction and steps allowances again (not under
** a hold, whose one allowance is shared on purpose, nor once a budget ran out): what ran before
** is not charged to what runs after. While metering, the instructions that ran before still
** count in the call's total. [-0, +0, -] */
void lrs_freshinstructions(lua_State *L);
/* Makes the count hook fire at the next instruction: it raises the budget in ctx->exceeded.
** For budgets that run out where raising is impossible (the allocator). [-0, +0, -] */
void lrs_raisesoon(lrs_context *ctx);
/* Writes "chunk:line: " of the innermost Lua function into ctx->where (ctx->holding when none):
** the prefix Lua puts on its own messages. */
void lrs_notewhere(lrs_context *ctx);
/* Pushes "chunk:line: " of the innermost Lua function, or "" when there is none. [-0, +1, m] */
void lrs_pushwhere(lua_State *L);

/* --- positions in messages (lrs_where.c) --- */

/* Notes chunkname ('@' or '=' first is dropped) as one this state loads: messages starting with
** it are positioned. Runs protected, outside the memory budget. [-0, +0, -] */
void lrs_notechunk(lua_State *L, const char *chunkname);
/* Whether the name of length bytes is a chunk the state noted; a name Lua shortened ("...tail",
** as it does for long chunk names) matches a noted name ending with its tail. Allocates nothing.
** [-0, +0, -] */
int lrs_isknownchunk(lua_State *L, const char *name, size_t length);
/* The length of the "chunk:line:" message starts with, when chunk is one the state noted; 0
** when the message starts with no position. Allocates nothing. [-0, +0, -] */
size_t lrs_wherelength(lua_State *L, const char *message);

/* lua_CFunction, a message handler for a module's first run: notes where an error value that is
** not a message (a table, a boolean, a number) was raised, the innermost Lua line, since that
** frame is gone once the error leaves the module. Returns the value unchanged. */
int lrs_noteraise(lua_State *L);
/* Copies the place noted for the error value at index ("chunk:line: ") into where; leaves where
** as it is when none was noted. [-0, +0, -] */
void lrs_raisedwhere(lua_State *L, int index, char *where, size_t size);
/* Notes where ("chunk:line: ") as the place the error value at index was raised, unless it is a
** message, nil or NaN; outside the memory budget. [-0, +0, m] */
void lrs_setraisedwhere(lua_State *L, int index, const char *where);

/* --- coverage (lrs_coverage.c) --- */

/* Registry key of the line hits: {[chunk source] = {[line] = hits}}. */
#define LRS_COVERAGE "lrs.coverage"

/* lua_CFunction: activelines(f) -> {[line] = true} of every line holding code in the Lua function
** f and all its nested functions, read from its binary dump. Leaves out each function's last
** instruction (the implicit return, reached only by falling off the end) unless other code shares
** its line, the VARARGPREP opening a vararg function, and line 0. */
int lrs_activelines(lua_State *L);
/* lua_CFunction: chunklines(dump) -> the lines of activelines for a binary chunk given as a
** string. Raises on a malformed or stripped dump. */
int lrs_chunklines(lua_State *L);
/* Counts a hit of the line event ar in the registry table LRS_COVERAGE. Called by the hook; the allocator does not refuse while it
** records. [-0, +0, m] */
void lrs_recordline(lua_State *L, lua_Debug *ar);
/* Sets ctx->coverage to on (0 or 1): line hits are recorded from the next call, or from the next
** hook slice when a call is running (the slice in progress keeps its count). [-0, +0, -] */
void lrs_setcoverage(lua_State *L, int on);

/* --- Swift functions (lrs_function.c) --- */

/* Steps every call of a Swift function costs before its own work: crossing into Swift, decoding
** the arguments and pushing the results take several instructions' time even for empty ones. */
#define LRS_HOST_CALL_STEPS 8
/* Pushes a Lua function that calls ctx->dispatch with box, charging LRS_HOST_CALL_STEPS and what
** the function reports; a -1 from dispatch becomes a Lua error raised here, in C. [-0, +1, -] */
void lrs_pushhostfunction(lua_State *L, void *box);

/* --- sandbox (lrs_sandbox.c) --- */

/* Opens the sandboxed libraries into the globals: base (trimmed), string, table, math, utf8,
** with guarded replacements for the functions the count hook cannot interrupt. Run it through
** lrs_pcall: [-0, +0, m] */
int lrs_opensandbox(lua_State *L);
/* lua_CFunction: seal(root...): freezes each root (lrs_freeze), then seals the globals and the
** library tables: later writes raise an error naming the global, reads of undefined globals
** raise too, and what the globals hold is frozen. Run it through lrs_pcall. */
int lrs_sealglobals(lua_State *L);
/* lua_CFunction: guards the globals while a pack loads: what they hold now (the libraries, host
** functions) moves behind them, the library tables become read-only, and assigning one of those
** names raises; other names may be assigned until lrs_sealglobals (rawset refuses the guarded
** globals: their metatable is protected). Run it through lrs_pcall. */
int lrs_guardglobals(lua_State *L);
/* Replaces the table on top by a read-only proxy (writes raise naming `what`, rawset refuses;
** reads, #, pairs and ipairs see the contents). [-1, +1, m] */
void lrs_makereadonly(lua_State *L, const char *what);
/* The same for a table frozen when the pack loaded: writes raise "cannot set field 'x': tables
** built when the pack loads are read-only (...)". [-1, +1, m] */
void lrs_makefrozen(lua_State *L);
/* Whether the table at index is read-only. [-0, +0, m] */
int lrs_isreadonly(lua_State *L, int index);
/* Pops a function and installs it as the module searcher `require` uses:
** searcher(name) -> source, chunkname, pure (raising when there is no such module; pure: check
** the module with lrs_checkchunk). [-1, +0, m] */
void lrs_setsearcher(lua_State *L);
/* Pushes the table behind the read-only table or input view at index and returns 1; returns 0
** and pushes nothing for any other value. [-0, +(0|1), m] */
int lrs_pushbehind(lua_State *L, int index);
/* For the host reading what rules returned: replaces a read-only table or view at index by the
** table behind it, whose fields raw reads see. [-0, +0, m] */
void lrs_readthrough(lua_State *L, int index);
/* table.sort(t [, less]) with Lua 5.4's contract, as a merge sort: the same order for the same
** input whatever the comparator (Lua's own picks pivots from the clock on unbalanced input).
** lrs_sort.c */
int lrs_table_sort(lua_State *L);
/* Guarded library functions (lrs_guard.c), installed into the library table on top. */
void lrs_guardbase(lua_State *L);
void lrs_guardstring(lua_State *L);
void lrs_guardtable(lua_State *L);
void lrs_guardutf8(lua_State *L);
void lrs_guardmath(lua_State *L);
/* Guards the arithmetic metamethods of the string metatable on top. */
void lrs_guardstringarithmetic(lua_State *L);

/* --- read-only proxies (lrs_proxy.c) --- */

/* Whose data the table behind a proxy is. */
typedef enum lrs_proxykind {
  LRS_PROXY_RULES = 0,  /* the rules' or the sandbox's: lrs_freeze freezes what it holds */
  LRS_PROXY_HOST = 1    /* the host's (rule inputs): lrs_freeze leaves it alone */
} lrs_proxykind;

/* Replaces the table below the function on top by a read-only proxy of it: an empty table whose
** metatable reads through to the table (__index), forwards # and pairs (in the defined order,
** skipping light userdata keys, the host's private notes) and calls the function for every write
** (__newindex: it should raise). The metatable is hidden (__metatable is false). [-2, +1, m] */
void lrs_makeproxy(lua_State *L, lrs_proxykind kind);
/* The lrs_proxykind of the proxy at index, or -1 when the value is not a proxy. [-0, +0, -] */
int lrs_proxykindof(lua_State *L, int index);

/* --- text checks shared by every layer (lrs_text.c) --- */

/* The longest name lrs_typodistance compares, in bytes; longer names are never suggested. */
#define LRS_NAME_LONGEST 255
/* How a suggestion is worded: LRS_HINT_BEFORE name LRS_HINT_AFTER (" — did you mean x?"). */
#define LRS_HINT_BEFORE " — did you mean "
#define LRS_HINT_AFTER "?"

/* Whether text is a colour `#RRGGBB` (hex digits in either case). */
int lrs_iscolourtext(const char *text, size_t length);
/* The edit distance from name to candidate (ASCII case ignored, a swap of neighbours one edit)
** when it is small enough for a typo: at most one edit for names under six bytes, two
** otherwise; -1 when it is larger. */
int lrs_typodistance(const char *name, size_t length, const char *candidate, size_t candidate_length);
/* The index of the candidate closest to name by lrs_typodistance (the first of equals), or -1
** when none is close. The candidates are packed back to back in names, lengths[i] bytes each. */
long lrs_closestname(const char *name, size_t length, const char *names, const size_t *lengths,
                     size_t count);
/* Pushes LRS_HINT_BEFORE x LRS_HINT_AFTER for the string x closest to name in the sequence at
** index names and returns 1; returns 0 and pushes nothing when none is close. [-0, +(0|1), m] */
int lrs_pushdidyoumean(lua_State *L, int names, const char *name, size_t length);

/* string.format with Lua 5.4's semantics (the original in upvalue 1), refusing %p and writing
** %s of tables and functions without addresses (lrs_tolstring); charges its conversions. */
int lrs_str_format(lua_State *L);

/* --- text without addresses (lrs_tostring.c) --- */

/* Pushes the value at index as tostring shows it to rules: __tostring or __name when present,
** otherwise as Lua's tostring but with no address ("table", "function"). [-0, +1, e] */
const char *lrs_tolstring(lua_State *L, int index, size_t *length);

/* --- the defined order of keys (lrs_order.c) --- */

/* Pushes a sequence of the keys of the table at t in the defined order: numbers ascending, then
** strings by bytes, then false, true. Keys of other types raise. Skips light userdata keys when
** skipprivate is set. Charges n (log n + 8) steps. [-0, +1, e] */
void lrs_pushorderedkeys(lua_State *L, int t, int skipprivate);
/* Pushes iterator, nil, nil for a generic for over the table at t in the defined order; the
** iterator ignores its arguments. [-0, +3, e] */
void lrs_pushorderedpairs(lua_State *L, int t, int skipprivate);
/* Pushes a C closure of f over the n values on top, marked as an iterator: a closure whose
** upvalues change as it runs (its position), so that freezing can refuse one a pack kept.
** [-n, +1, m] */
void lrs_pushiterator(lua_State *L, lua_CFunction f, int n);
/* Whether the value at index is a closure lrs_pushiterator made. [-0, +0, -] */
int lrs_isiterator(lua_State *L, int index);
/* Pushes the key after the key at k (nil: the first) in the table at t, in the defined order,
** and its value, returning 2; pushes nil and returns 1 past the last. Charges #t steps.
** [-0, +(1|2), e] */
int lrs_orderednext(lua_State *L, int t, int k, int skipprivate);

/* --- freezing what a pack built while loading (lrs_freeze.c) --- */

/* Replaces the value at index by its frozen version: a plain table by a read-only proxy of a
** deeply frozen copy, a Lua function's upvalues by their frozen versions (in place); read-only
** tables get their real tables' values frozen. What lrs_markhost marked is left alone. Raises
** for what cannot be frozen: a Lua function that assigns a variable it keeps between calls
** (lrs_keptassignment), an iterator (lrs_isiterator). [-0, +0, e] */
void lrs_freeze(lua_State *L, int index);
/* Freezes in place the values of the table at index (what the globals held) that the table at
** places names ({[name] = "chunk:line: "}: the globals the pack's files assigned, and where each
** was first assigned); an error names the global and that place. [-0, +0, e] */
void lrs_freezeglobals(lua_State *L, int index, int places);
/* Marks the value at index and all it reaches as the host's: lrs_freeze leaves it alone.
** [-0, +0, e] */
void lrs_markhost(lua_State *L, int index);
/* When the value at index is a frozen table, pushes the frozen copy behind it (its fields, raw)
** and returns 1; otherwise returns 0 and pushes nothing. [-0, +(0|1), m] */
int lrs_pushshadow(lua_State *L, int index);

/* --- guarded pattern matching (lrs_pattern.c) --- */

/* string.find, string.match, string.gmatch and string.gsub with Lua 5.4's semantics, charging one
** step (lrs_charge) per matcher step, so hostile patterns end in a budget error. */
int lrs_str_find(lua_State *L);
int lrs_str_match(lua_State *L);
int lrs_str_gmatch(lua_State *L);
int lrs_str_gsub(lua_State *L);

/* --- Codable fields (lrs_codable.c) --- */

/* For the host while it marshals (the allocator does not refuse): table is an absolute index of a
** table, key a string of length bytes. Keys of up to 16 bytes come from a per-state cache of
** LRS_KEY_CACHE strings held in the registry (a hit costs no hashing or interning; a miss
** replaces the entry). */
/* Pushes the key string. [-0, +1, -] */
void lrs_pushkey(lua_State *L, const char *key, size_t length);
/* Pushes table[key], read raw; returns its type. [-0, +1, -] */
int lrs_getfield(lua_State *L, int table, const char *key, size_t length);

/* The Lua release the shim was built with, e.g. "Lua 5.4.6" (lrs_release.c). */
const char *lrs_release(void);

/* --- macros Swift cannot call --- */

static inline void lrs_pop(lua_State *L, int n) { lua_settop(L, -(n)-1); }
static inline void lrs_newtable(lua_State *L) { lua_createtable(L, 0, 0); }
static inline int lrs_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline void lrs_collectgarbage(lua_State *L) { lua_gc(L, LUA_GCCOLLECT); }
static inline void lrs_pushglobaltable(lua_State *L) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
}

#endif
