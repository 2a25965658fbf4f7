# sweep_args.sh - sourced by the sweep scripts that pass their options on
# to wht-sweep after their defaults (thesis.sh, smoke.sh): names_output
# "$@" succeeds where the caller's options name the output file (-o FILE,
# -oFILE, --output FILE, --output=FILE or a prefix of --output that
# getopt_long takes, --ou at the shortest), so that the script leaves its
# default -o out: wht-sweep refuses a second output file rather than let
# one silently replace the other. names_resume "$@" succeeds where they
# ask to resume (--resume or a prefix of it that getopt_long takes, --r at
# the shortest: no other long option of wht-sweep, experiments/sweep_cli.c,
# starts with r; were one added, --r would be ambiguous and refused by
# wht-sweep itself), so that smoke.sh leaves its --force out.
names_output() {
  for a in "$@"; do
    case $a in
      --) return 1 ;;
      -o* | --ou | --ou=* | --out | --out=* | --outp | --outp=* | --outpu | --outpu=* | --output | --output=*) return 0 ;;
    esac
  done
  return 1
}
names_resume() {
  for a in "$@"; do
    case $a in
      --) return 1 ;;
      --r | --re | --res | --resu | --resum | --resume) return 0 ;;
    esac
  done
  return 1
}
