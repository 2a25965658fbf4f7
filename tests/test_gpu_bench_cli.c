/* test_gpu_bench_cli - wht-bench's command line (DESIGN.md section 11):
 * --help exits 0 and prints the usage; each bad argument exits 2 with one
 * line on stderr naming the bad value and the accepted ones, and creates
 * no output file; an item named twice in a list is taken once. Needs no
 * GPU (parsing comes first); skips when CUDA is not compiled in (no
 * wht-bench). */
#include "tap.h"

#ifndef WHT_HAVE_CUDA
int main(void) { return tap_skip_all("CUDA not compiled in: no wht-bench"); }
#else
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char bench[4096], outfile[4096];
enum { BENCH_LIST = 64 }; /* items a list of wht-bench holds (bench.h) */

/* Run wht-bench ARGS with redirections REDIR; what it prints into out,
 * the exit status returned */
static int run_with(const char *args, const char *redir, char *out, size_t len)
{
  char cmd[16384];
  snprintf(cmd, sizeof cmd, "'%s' %s %s", bench, args, redir);
  FILE *p = popen(cmd, "r");
  if (!p) return -1;
  size_t n = fread(out, 1, len - 1, p);
  out[n] = 0;
  const int st = pclose(p);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* stderr alone into err */
static int run(const char *args, char *err, size_t len) { return run_with(args, "2>&1 >/dev/null", err, len); }

/* stdout and stderr into out */
static int run_all(const char *args, char *out, size_t len) { return run_with(args, "2>&1", out, len); }

static int lines(const char *s)
{
  int n = 0;
  for (; *s; s++) n += *s == '\n';
  return n;
}

/* lines of s that begin with prefix */
static int count_lines(const char *s, const char *prefix)
{
  int n = 0;
  for (const char *l = s; *l; l += strcspn(l, "\n") + (l[strcspn(l, "\n")] != 0))
    n += !strncmp(l, prefix, strlen(prefix));
  return n;
}

/* A repeated item is dropped, as wht-sweep drops it, not timed twice (two
 * /timings rows of one key, which the analysis refuses): a list of more
 * repeats than a list holds is taken, and with a GPU gives one row. */
static void repeats(void)
{
  static const struct { const char *opt, *item, *others; int n; } lists[] = {
    { "--algo", "folklore", "--format f32 --batch 1", BENCH_LIST + 1 },
    { "--format", "f32", "--algo folklore --batch 1", 5 },
    { "--batch", "1", "--algo folklore --format f32", BENCH_LIST + 1 },
  };
  for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
    char args[2048], out[8192];
    size_t o = (size_t)snprintf(args, sizeof args, "%s --log2n 4 --place in --reps 1 --warmup 0 %s ", lists[i].others,
                                lists[i].opt);
    for (int r = 0; r < lists[i].n; r++)
      o += (size_t)snprintf(args + o, sizeof args - o, "%s%s", r ? "," : "", lists[i].item);
    const int rc = run_all(args, out, sizeof out), rows = count_lines(out, "folklore ");
    const int no_gpu = rc == 2 && strstr(out, "no GPU") && lines(out) == 1;
    tap_ok(no_gpu || (rc == 0 && rows == 1), "%s with %d x %s: taken once (exit %d, %d rows%s)", lists[i].opt,
           lists[i].n, lists[i].item, rc, rows, no_gpu ? ", no GPU here" : "");
  }
}

int main(void)
{
  const char *top = getenv("top_builddir");
  snprintf(bench, sizeof bench, "%s/experiments/wht-bench", top ? top : ".");
  if (access(bench, X_OK)) return tap_skip_all("wht-bench not built");
  snprintf(outfile, sizeof outfile, "/tmp/test_gpu_bench_cli.%ld.h5", (long)getpid());
  unlink(outfile);

  char err[4096], cmd[8192 + 16];
  snprintf(cmd, sizeof cmd, "'%s' --help", bench);
  FILE *p = popen(cmd, "r");
  size_t n = p ? fread(err, 1, sizeof err - 1, p) : 0;
  err[n] = 0;
  const int st = p ? pclose(p) : -1;
  tap_ok(WIFEXITED(st) && WEXITSTATUS(st) == 0 && strstr(err, "usage: wht-bench"), "--help: exit 0, usage on stdout");

  static const struct { const char *args, *bad, *accepted; } cases[] = {
    { "--algo magic", "magic", "folklore" },
    { "--format f8", "f8", "bf16" },
    { "--log2n 5:3", "5:3", "A:B" },
    { "--log2n 41", "41", "0 <= K <= 40" },
    { "--log2n 3:9:0", "3:9:0", "A:B:STEP" },
    { "--log2n 3,,9", "3,,9", "a comma list" },
    { "--batch 0", "0", "1..2^40" },
    { "--format f32 --log2n 24 --batch 274877906945", "274877906945", "at most 2^48 bytes" },
    { "--place sideways", "sideways", "in, out or both" },
    { "--reps 0", "0", "1..10000" },
    { "--warmup x", "x", "0..1000" },
    { "--total-log2 99", "99", "0..40" },
    { "--frobnicate", "--frobnicate", "--algo" },
    { "--algo", "", "a value" },
    /* an empty item (strtok_r skipped it) */
    { "--algo ,folklore", ",folklore", "or all; here an empty item" },
    { "--format f32,", "f32,", "or all; here an empty item" },
    { "--batch 1,,1", "1,,1", "1..2^40; here an empty item" },
    /* a number with a space or sign (strtoull skipped them) */
    { "--reps ' 5'", " 5", "1..10000" },
    { "--batch +5", "+5", "1..2^40" },
    /* an option again, or --batch with --total-log2: the last won */
    { "--reps 5 --reps 6", "6", "--reps once" },
    { "--place in -o nodir/b.h5", "nodir/b.h5", "-o once" },
    { "--batch 4 --total-log2 5", "5", "not both" },
    { "--total-log2 5 --batch 4", "4", "not both" },
    /* cases from "-o": run as given (no -o FILE first) */
    { "-o nodir/x.h5", "nodir/x.h5", "a file in an existing directory" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char args[8192];
    if (!strncmp(cases[i].args, "-o ", 3))
      snprintf(args, sizeof args, "%s", cases[i].args);
    else
      snprintf(args, sizeof args, "-o '%s' %s", outfile, cases[i].args);
    const int rc = run(args, err, sizeof err);
    char quoted[128];
    snprintf(quoted, sizeof quoted, "'%s'", cases[i].bad);
    tap_ok(rc == 2, "%s: exit status 2 (got %d)", cases[i].args, rc);
    const int one_line = lines(err) == 1 && strstr(err, quoted) && strstr(err, cases[i].accepted);
    err[strcspn(err, "\n")] = 0;
    tap_ok(one_line, "%s: one line naming %s and the accepted values (%s)", cases[i].args, quoted, err);
    tap_ok(access(outfile, F_OK) != 0, "%s: no output file created", cases[i].args);
  }
  repeats();
  unlink(outfile);
  return tap_done();
}
#endif
