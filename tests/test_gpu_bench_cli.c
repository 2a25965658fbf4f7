/* test_gpu_bench_cli - wht-bench's command line (DESIGN.md section 11):
 * --help exits 0 and prints the usage; each bad argument exits 2 with one
 * line on stderr naming the bad value and the accepted ones, and creates
 * no output file. Needs no GPU (parsing comes first); skips when CUDA is
 * not compiled in (no wht-bench). */
#include "tap.h"

#ifndef WHT_HAVE_CUDA
int main(void) { return tap_skip_all("CUDA not compiled in: no wht-bench"); }
#else
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char bench[4096], outfile[4096];

/* Run wht-bench ARGS; stderr into err, the exit status returned. */
static int run(const char *args, char *err, size_t len)
{
  char cmd[16384];
  snprintf(cmd, sizeof cmd, "'%s' %s 2>&1 >/dev/null", bench, args);
  FILE *p = popen(cmd, "r");
  if (!p) return -1;
  size_t n = fread(err, 1, len - 1, p);
  err[n] = 0;
  const int st = pclose(p);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int lines(const char *s)
{
  int n = 0;
  for (; *s; s++) n += *s == '\n';
  return n;
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
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char args[8192];
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
  unlink(outfile);
  return tap_done();
}
#endif
