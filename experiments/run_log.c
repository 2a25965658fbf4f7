/* run_log.c - a long run's log file (run_log.h) */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "output_path.h"
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

/* path as its folder resolved and its name, one spelling per place: 0, or
 * -1 (a folder that does not resolve: the path checks say why) */
static int place(const char *path, char *out, size_t len)
{
  const char *slash = strrchr(path, '/');
  char dir[4096], real[PATH_MAX];
  if (!slash) snprintf(dir, sizeof dir, ".");
  else if ((size_t)(slash - path) >= sizeof dir) return -1;
  else snprintf(dir, sizeof dir, "%.*s", slash == path ? 1 : (int)(slash - path), path);
  if (!realpath(dir, real)) return -1;
  const int n = snprintf(out, len, "%s/%s", real, slash ? slash + 1 : path);
  return n < 0 || (size_t)n >= len ? -1 : 0;
}

int wht_run_log_is_output(const char *log, const char *output)
{
  static const char *const own[] = { "", ".tmp", ".lock" };
  char name[4200], a[PATH_MAX + 4200], b[PATH_MAX + 4200];
  struct stat sl, so;
  const int log_there = stat(log, &sl) == 0, log_placed = place(log, a, sizeof a) == 0;
  for (size_t i = 0; i < sizeof own / sizeof own[0]; i++) {
    snprintf(name, sizeof name, "%s%s", output, own[i]);
    if (log_there && stat(name, &so) == 0 && so.st_dev == sl.st_dev && so.st_ino == sl.st_ino) return 1;
    if (log_placed && place(name, b, sizeof b) == 0 && strcmp(a, b) == 0) return 1;
  }
  return 0;
}

int wht_run_log_check(const char *prog, const char *path, const char *output)
{
  char why[4200];
  int rc = wht_output_path_problem(path, why, sizeof why);
  if (!rc && output && wht_run_log_is_output(path, output))
    snprintf(why, sizeof why, "is the results file -o %s or one of its own (FILE.tmp, FILE.lock) (accepted: "
             "another file)", output), rc = 2;
  if (rc) fprintf(stderr, "%s: log '%s': %s\n", prog, path, why);
  return rc;
}

int wht_run_log_option(const char *path, const char *prog, int argc, char **argv, const char *revision,
                       wht_run_log **log)
{
  char why[4400];
  *log = NULL;
  if (!path) return 0;
  const int rc = wht_run_log_check(prog, path, NULL);
  if (rc) return rc;
  if ((*log = wht_run_log_open(path, prog, argc, argv, revision, why, sizeof why))) return 0;
  /* the path was fine: what failed is the writing (permissions, a full
   * disk), a failed run */
  fprintf(stderr, "%s: --log %s\n", prog, why);
  return 1;
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
