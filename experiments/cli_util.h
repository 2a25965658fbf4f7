/* cli_util.h - what the programs' command lines share beyond their lists
 * (libcli.a): numbers as plain decimal digits, and the check that standard
 * output was written. */
#ifndef WHT_CLI_UTIL_H
#define WHT_CLI_UTIL_H

/* s as a number lo..hi in *v: 0, or -1 for anything but decimal digits
 * (strtoull alone would take ' 5' and '+5', and wrap '-1') or a value out
 * of range */
int wht_cli_uint(const char *s, unsigned long long lo, unsigned long long hi, unsigned long long *v);

/* 0, or 1 after one line "PROG: standard output: write failed..." on
 * stderr when standard output could not be written (a closed descriptor,
 * a full disk); closing: stdout is closed too, the end of the run */
int wht_cli_stdout_failed(const char *prog, int closing);

/* --log FILE at argv[*i] (a log the program opens once its operands are
 * checked, run_log.h): the value into *path, *i moved onto it; 0, or 2
 * after one line "PROG: --log ..." for a missing or empty value, one that
 * looks like an option, or a second --log */
int wht_cli_log_option(const char *prog, int argc, char **argv, int *i, const char **path);

/* --threads N at argv[*i] (1..WHT_MAX_THREADS, digits only), given at most
 * once (*given counts): libwht's threads set, *i moved onto the value; 0,
 * or 2 after one line "PROG: --threads ..." */
int wht_cli_threads_option(const char *prog, int argc, char **argv, int *i, int *given);

/* The environment's knobs of a run, checked at the start of a program
 * (wht-bench, wht-cpu-speed, oracle-speed, host-speed): libwht's
 * (wht_check_environment, lib/environment.c) and the progress lines'
 * WHT_PROGRESS_INTERVAL (sweep_progress.h); a value that would be
 * replaced by its default is refused instead. 0, or 2 after one line
 * "PROG: environment NAME='VALUE': not accepted (accepted: ...)". */
int wht_cli_check_environment(const char *prog);
#endif
