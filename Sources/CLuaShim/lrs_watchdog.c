/*
** The deadline: the last line of defence against work that no budget counts.
**
** The count hook sees only VM instructions, and the C work budget only what the library
** functions charge. A C call the hook cannot interrupt (a long comparison, an __index chain, a
** collision-heavy table lookup) can repeat without either running out. So one watchdog thread
** looks at every state in a call every LRS_TICK_NS; once a call has used more than its deadline of
** CPU time, it marks the call overdue and sends its thread a signal whose handler arms the count
** hook for the next instruction (lua_sethook is the one Lua API safe to call asynchronously:
** the stock interpreter stops a script on Ctrl-C the same way). The hook raises the budget error
** at the rule's line.
**
** The deadline counts the calling thread's CPU time (on Linux; wall time elsewhere), so a loaded
** machine, where a thread waits for a core, never stops a call that would have finished; it
** stretches while coverage or metering slow every instruction down, so that there too the
** counted budgets end a runaway rule first.
** A call costs the owner a read of its CPU clock and two uncontended lock/unlock pairs.
*/
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <time.h>
#include "CLuaShim.h"

#define LRS_TICK_NS 5000000LL           /* how often the watchdog looks: 5 ms */
#define LRS_IDLE_TICKS 200              /* ticks with no call in flight before it sleeps (1 s) */
#define LRS_SLOW_FACTOR 10              /* the deadline's stretch while every line or instruction
                                           reaches the hook (coverage, metering) */

#ifdef SIGRTMAX
#define LRS_SIGNAL (SIGRTMAX - 2)
#else
#define LRS_SIGNAL SIGUSR2
#endif

static pthread_mutex_t lrs_listlock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t lrs_listwake = PTHREAD_COND_INITIALIZER;
static lrs_context *lrs_watched;        /* every state with a deadline, through watch_next */
static _Atomic int lrs_sleeping;        /* the watchdog waits for lrs_listwake */
static int lrs_available = -1;          /* -1 not started; 1 running; 0 unavailable */
static _Thread_local lua_State *lrs_running;  /* the state this thread runs a call on, or NULL */

/* The signal's handler: arms the hook of the state this thread runs, if its call is overdue. */
static void lrs_onsignal(int signal) {
  (void)signal;
  int saved = errno;
  lua_State *L = lrs_running;
  if (L != NULL && lrs_ctx(L)->overdue) lrs_raisesoon(lrs_ctx(L));
  errno = saved;
}

/* Nanoseconds of the clock. */
static int64_t lrs_nanoseconds(clockid_t clock) {
  struct timespec now;
  if (clock_gettime(clock, &now) != 0) return 0;
  return (int64_t)now.tv_sec * 1000000000LL + now.tv_nsec;
}

/* The clock the deadline of a call on thread counts: its CPU time where the system has one. */
static clockid_t lrs_clockof(pthread_t thread) {
#if defined(__linux__)
  clockid_t clock;
  if (pthread_getcpuclockid(thread, &clock) == 0) return clock;
#else
  (void)thread;
#endif
  return CLOCK_MONOTONIC;
}

/* The same clock, read by the thread itself. */
static clockid_t lrs_ownclock(void) {
#if defined(__linux__)
  return CLOCK_THREAD_CPUTIME_ID;
#else
  return CLOCK_MONOTONIC;
#endif
}

/* Looks at one state (its lock held): a call past its deadline is marked and signalled, again
** each tick until it ends. Returns whether it is in a call. */
static int lrs_inspect(lrs_context *ctx) {
  if (!ctx->in_call) return 0;
  int64_t used = lrs_nanoseconds(lrs_clockof(ctx->thread)) - ctx->started_at;
  if (used >= ctx->deadline_ns * (ctx->coverage || ctx->metering ? LRS_SLOW_FACTOR : 1)) {
    ctx->overdue = 1;
    pthread_kill(ctx->thread, LRS_SIGNAL);
  }
  return 1;
}

/* The watchdog thread: a tick every LRS_TICK_NS while calls are in flight, asleep otherwise. */
static void *lrs_watch(void *unused) {
  (void)unused;
  int idle = 0;
  pthread_mutex_lock(&lrs_listlock);
  for (;;) {
    int busy = 0;
    for (lrs_context *ctx = lrs_watched; ctx != NULL; ctx = ctx->watch_next) {
      pthread_mutex_lock(&ctx->watch_lock);
      busy |= lrs_inspect(ctx);
      pthread_mutex_unlock(&ctx->watch_lock);
    }
    idle = busy ? 0 : idle + 1;
    if (idle >= LRS_IDLE_TICKS) {
      lrs_sleeping = 1;
      while (lrs_sleeping) pthread_cond_wait(&lrs_listwake, &lrs_listlock);
      idle = 0;
      continue;
    }
    pthread_mutex_unlock(&lrs_listlock);
    struct timespec tick = {0, LRS_TICK_NS};
    while (nanosleep(&tick, &tick) != 0 && errno == EINTR) {}
    pthread_mutex_lock(&lrs_listlock);
  }
  return NULL;
}

/* Installs the handler and starts the thread, once; deadlines stay off when the signal is taken
** by the application or the thread cannot start. Call with lrs_listlock held. */
static void lrs_startwatchdog(void) {
  if (lrs_available >= 0) return;
  lrs_available = 0;
  struct sigaction current;
  if (sigaction(LRS_SIGNAL, NULL, &current) != 0 || current.sa_handler != SIG_DFL) return;
  struct sigaction action = {0};
  action.sa_handler = lrs_onsignal;
  action.sa_flags = SA_RESTART;
  sigemptyset(&action.sa_mask);
  if (sigaction(LRS_SIGNAL, &action, NULL) != 0) return;
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
  pthread_t thread;
  if (pthread_create(&thread, &attributes, lrs_watch, NULL) == 0) lrs_available = 1;
  pthread_attr_destroy(&attributes);
}

int lrs_watchstate(lrs_context *ctx) {
  pthread_mutex_init(&ctx->watch_lock, NULL);
  ctx->in_call = 0;
  ctx->overdue = 0;
  ctx->watch_next = NULL;
  ctx->watch_prev = NULL;
  ctx->watched = 0;
  if (ctx->deadline_ns <= 0) return 1;
  pthread_mutex_lock(&lrs_listlock);
  lrs_startwatchdog();
  if (lrs_available) {
    ctx->watch_next = lrs_watched;
    if (lrs_watched) lrs_watched->watch_prev = ctx;
    lrs_watched = ctx;
    ctx->watched = 1;
  }
  pthread_mutex_unlock(&lrs_listlock);
  return lrs_available;
}

void lrs_unwatchstate(lrs_context *ctx) {
  pthread_mutex_lock(&lrs_listlock);
  if (ctx->watch_prev) ctx->watch_prev->watch_next = ctx->watch_next;
  else if (lrs_watched == ctx) lrs_watched = ctx->watch_next;
  if (ctx->watch_next) ctx->watch_next->watch_prev = ctx->watch_prev;
  ctx->watch_next = ctx->watch_prev = NULL;
  ctx->watched = 0;
  pthread_mutex_unlock(&lrs_listlock);
  pthread_mutex_destroy(&ctx->watch_lock);
}

/* Lets the signal reach this thread: libdispatch and others start their threads with every
** signal blocked. Only the watchdog sends it, to one thread, so nothing else changes. */
static void lrs_acceptsignal(void) {
  static _Thread_local int accepted;
  if (accepted) return;
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, LRS_SIGNAL);
  pthread_sigmask(SIG_UNBLOCK, &set, NULL);
  accepted = 1;
}

lua_State *lrs_callbegins(lrs_context *ctx) {
  lua_State *outer = lrs_running;
  lrs_running = ctx->main;
  if (!ctx->watched) return outer;
  lrs_acceptsignal();
  pthread_t self = pthread_self();
  int64_t now = lrs_nanoseconds(lrs_ownclock());
  pthread_mutex_lock(&ctx->watch_lock);
  ctx->thread = self;
  ctx->started_at = now;
  ctx->overdue = 0;
  ctx->in_call = 1;
  pthread_mutex_unlock(&ctx->watch_lock);
  if (lrs_sleeping) {  /* a racy read: at worst the first tick comes a moment late */
    pthread_mutex_lock(&lrs_listlock);
    lrs_sleeping = 0;
    pthread_cond_signal(&lrs_listwake);
    pthread_mutex_unlock(&lrs_listlock);
  }
  return outer;
}

void lrs_callends(lrs_context *ctx, lua_State *outer) {
  if (ctx->watched) {
    pthread_mutex_lock(&ctx->watch_lock);
    ctx->in_call = 0;
    pthread_mutex_unlock(&ctx->watch_lock);
  }
  lrs_running = outer;
}
