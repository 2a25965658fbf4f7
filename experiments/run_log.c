/* run_log.c - a long run's log file (run_log.h) */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "run_log.h"

struct wht_run_log {
  FILE *f;
  const char *path, *prog;
  int failed; /* a write failed: said once on stderr */
};

/* one line, the UTC time first, flushed: 1 when written */
static int vline(FILE *f, const char *fmt, va_list ap)
{
  char when[32];
  time_t now = time(NULL);
  struct tm tm;
  if (!gmtime_r(&now, &tm) || !strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm)) snprintf(when, sizeof when, "?");
  return fprintf(f, "%s ", when) >= 0 && vfprintf(f, fmt, ap) >= 0 && fputc('\n', f) != EOF && fflush(f) == 0;
}

static int line(FILE *f, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int ok = vline(f, fmt, ap);
  va_end(ap);
  return ok;
}

void wht_run_log_printf(wht_run_log *log, const char *fmt, ...)
{
  if (!log) return;
  va_list ap;
  va_start(ap, fmt);
  int ok = vline(log->f, fmt, ap);
  va_end(ap);
  if (!ok && !log->failed) {
    log->failed = 1;
    fprintf(stderr, "%s: log %s: write failed (%s); the run goes on, its log is incomplete\n", log->prog, log->path,
            strerror(errno));
  }
}

wht_run_log *wht_run_log_open_cmd(const char *path, const char *prog, const char *command, const char *revision,
                                  char *why, size_t len)
{
  struct stat st;
  /* a FIFO would block, a device would swallow the lines (as -o refuses) */
  if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
    snprintf(why, len, "%s: not a regular file (accepted: a log file to append to, or a new file name)", path);
    return NULL;
  }
  wht_run_log *log = calloc(1, sizeof *log);
  if (!log) {
    snprintf(why, len, "%s: out of memory", path);
    return NULL;
  }
  log->path = path, log->prog = prog;
  log->f = fopen(path, "a");
  if (!log->f) {
    snprintf(why, len, "%s: %s (accepted: a log file to append to, or a new file name in a writable folder)", path,
             strerror(errno));
    free(log);
    return NULL;
  }
  /* the run's first line: the program, its command line, the revision */
  if (!line(log->f, "%s started: %s (git %s)", prog, command, revision)) {
    snprintf(why, len, "%s: %s (accepted: a log file to append to, on a disk with room)", path, strerror(errno));
    fclose(log->f);
    free(log);
    return NULL;
  }
  return log;
}

wht_run_log *wht_run_log_open(const char *path, const char *prog, int argc, char **argv, const char *revision,
                              char *why, size_t len)
{
  /* the command line as one string: a log is read by people */
  size_t need = 1;
  for (int i = 0; i < argc; i++) need += strlen(argv[i]) + 1;
  char *cmd = malloc(need);
  if (!cmd) {
    snprintf(why, len, "%s: out of memory", path);
    return NULL;
  }
  char *p = cmd;
  *p = '\0';
  for (int i = 0; i < argc; i++) p += sprintf(p, "%s%s", i ? " " : "", argv[i]);
  wht_run_log *log = wht_run_log_open_cmd(path, prog, cmd, revision, why, len);
  free(cmd);
  return log;
}

int wht_run_log_option(const char *path, const char *prog, int argc, char **argv, const char *revision,
                       wht_run_log **log)
{
  char why[4400];
  *log = NULL;
  if (!path) return 0;
  if ((*log = wht_run_log_open(path, prog, argc, argv, revision, why, sizeof why))) return 0;
  fprintf(stderr, "%s: --log %s\n", prog, why);
  return 2;
}

int wht_run_log_close(wht_run_log *log)
{
  if (!log) return 0;
  int rc = (fclose(log->f) != 0 || log->failed) ? -1 : 0;
  free(log);
  return rc;
}

char *wht_run_log_beside(const char *output)
{
  size_t n = strlen(output);
  char *p = malloc(n + sizeof ".log");
  if (p) memcpy(p, output, n), memcpy(p + n, ".log", sizeof ".log");
  return p;
}
