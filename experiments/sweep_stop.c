/* sweep_stop.c - SIGINT/SIGTERM, and SIGHUP unless ignored (nohup), into a
 * flag the loops poll (sweep_stop.h): a closed terminal stops a sweep as
 * Ctrl-C does, its rows saved and its FILE.lock removed; SIGPIPE ignored
 * (a closed stderr pipe does not end a sweep). */
#include <signal.h>
#include <string.h>
#include "sweep_stop.h"

static volatile sig_atomic_t stop_requested, hup_caught;

/* the first stop signal asks; any second one (SIGINT after SIGTERM too)
 * ends the process as that signal does by default */
static void on_signal(int sig)
{
  (void)sig;
  stop_requested = 1;
  struct sigaction dfl;
  memset(&dfl, 0, sizeof dfl);
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  sigaction(SIGINT, &dfl, NULL);
  sigaction(SIGTERM, &dfl, NULL);
  if (hup_caught) sigaction(SIGHUP, &dfl, NULL);
}

void wht_sweep_catch_signals(void)
{
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sa.sa_flags = SA_RESETHAND;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  /* a reader of stderr that went away (wht-sweep ... 2>&1 | head) must not
   * end the sweep between saves: its progress goes on in the log file, its
   * rows to FILE, and the failed writes to the pipe are dropped */
  signal(SIGPIPE, SIG_IGN);
  struct sigaction old;
  if (sigaction(SIGHUP, NULL, &old) == 0 && old.sa_handler != SIG_IGN && sigaction(SIGHUP, &sa, NULL) == 0)
    hup_caught = 1;
}

int wht_sweep_stop_requested(void) { return stop_requested; }
