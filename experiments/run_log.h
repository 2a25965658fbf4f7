/* run_log.h - a long run's log file: its progress with the ETA, its
 * closing lines, one line each with the UTC time first, beside what the
 * terminal shows (README.md, "Progress"). Appended, never truncated, so a
 * resumed sweep's log continues the killed run's; the first line of each
 * run names the program, its command line and the build's git revision;
 * every line is flushed, so a killed run's log holds all it wrote. */
#ifndef WHT_RUN_LOG_H
#define WHT_RUN_LOG_H
#include <stddef.h>

typedef struct wht_run_log wht_run_log;

/* PATH opened for appending and the run's first line written: the log,
 * or NULL with one line in why (what is wrong and what is accepted): a
 * folder, a FIFO or a device, a file that cannot be opened or written */
wht_run_log *wht_run_log_open(const char *path, const char *prog, int argc, char **argv, const char *revision,
                              char *why, size_t len);
/* the same with the command line as one string (a program that keeps it) */
wht_run_log *wht_run_log_open_cmd(const char *path, const char *prog, const char *command, const char *revision,
                                  char *why, size_t len);
/* 1 when LOG is OUTPUT or one of its own files (OUTPUT.tmp, OUTPUT.lock),
 * by name (its folder resolved) or as the same file: its lines would go
 * into the results file, or to a file the next save unlinks */
int wht_run_log_is_output(const char *log, const char *output);
/* before anything is touched: 0, or the exit status after one line "PROG:
 * log 'PATH': WHY" on stderr: 2 for a path that cannot be a log (a folder,
 * a FIFO or device, a missing folder, OUTPUT or one of its own files;
 * OUTPUT may be NULL), 1 for a folder that is not writable (as an
 * output's, output_path.h) */
int wht_run_log_check(const char *prog, const char *path, const char *output);
/* a program's --log FILE (path NULL: none, *log NULL): 0, or the exit
 * status after one line on stderr: wht_run_log_check's, or 1 when the
 * file could not be opened or its first line written */
int wht_run_log_option(const char *path, const char *prog, int argc, char **argv, const char *revision,
                       wht_run_log **log);
/* one line (fmt without the newline), the UTC time first. A failed write
 * (a full disk) is said once on stderr; the run goes on, its results do
 * not depend on the log */
void wht_run_log_printf(wht_run_log *log, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* closes; NULL is nothing. 0, or -1 if some line was not written */
int wht_run_log_close(wht_run_log *log);
/* "FILE.log": the default log beside an output FILE (malloc'd; NULL
 * when out of memory) */
char *wht_run_log_beside(const char *output);
#endif
