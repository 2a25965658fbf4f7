#!/bin/sh
# test_configure_flags.sh - ./quickstart's configure step
# (tools/configure-if-changed): a fresh tree is configured with
# $WHT_CONFIGURE_FLAGS; the same value again configures nothing; a changed
# value (unset included) reconfigures and cleans, so that make rebuilds;
# flags that configure's parsing refuses or warns of exit 2 (one line)
# before anything is configured or cleaned.
# Runs the script in a scratch tree whose configure and config.status are
# stand-ins that log their arguments and quote them as autoconf does.
tap_name=test_configure_flags
. "${top_srcdir:-.}/tests/tap.sh"
src=$(cd "${top_srcdir:-.}" && pwd)
script=$src/tools/configure-if-changed
cd "$dir" || exit 1
cat > configure <<'EOS'
#!/bin/sh
# --help=short first: parse the rest as autoconf does, print help, configure nothing
if [ "${1-}" = --help=short ]; then
  shift
  echo "check $*" >> checked
  for a; do
    case $a in
      --with-* | --without-* | --disable-*) ;;
      --enable-sanitizers | --enable-sanitizers=*) ;;
      --enable-*) echo "configure: WARNING: unrecognized options: $a" >&2 ;;
      -*) printf "configure: error: unrecognized option: \`%s'\nTry \`./configure --help' for more information\n" "$a" >&2; exit 1 ;;
    esac
  done
  echo "Configuration of a stand-in:"
  exit 0
fi
echo "configure $*" >> log
q=
for a; do q="$q '$a'"; done
printf '%s\n' "${q# }" > config.args
printf '#!/bin/sh\n[ "$1" = --config ] && cat config.args\n' > config.status
chmod +x config.status
printf 'clean:\n\techo clean >> log\n' > Makefile
EOS
chmod +x configure

# step DESCRIPTION EXPECTED-NEW-LOG-LINES [VAR=VALUE]: run the script, compare what it ran
step() {
  what=$1 want=$2
  shift 2
  : > log
  env "$@" "$script" > out 2> err
  rc=$?
  got=$(cat log)
  check '[ $rc -eq 0 ] && [ "$got" = "$want" ]' "$what (ran: '$(echo $got)')"
}
# refuse DESCRIPTION VALUE: WHT_CONFIGURE_FLAGS=VALUE exits 2 with one line
# naming it, and configures and cleans nothing
refuse() {
  : > log
  env WHT_CONFIGURE_FLAGS="$2" "$script" > out 2> err
  rc=$?
  check '[ $rc -eq 2 ] && [ ! -s log ] && [ "$(wc -l < err)" -eq 1 ] && grep -qF "WHT_CONFIGURE_FLAGS='"'$2'"'" err && grep -q accepted err' \
    "$1: exit 2, one line naming it, nothing configured (exit $rc: $(cat err))"
}
refuse "a fresh tree, an unknown option" "--with-cuda=no --bogus"
check '[ ! -e Makefile ] && [ ! -e config.status ] && grep -q "^check --with-cuda=no --bogus$" checked' \
  "... checked by configure --help=short, and the tree left unconfigured"
refuse "a fresh tree, an unknown --enable (configure would only warn)" "--enable-sanitiser"
step "a fresh tree is configured with the flags" "configure --with-cuda=no --enable-sanitizers" \
  WHT_CONFIGURE_FLAGS="--with-cuda=no --enable-sanitizers"
step "the same flags again: nothing runs" "" WHT_CONFIGURE_FLAGS="--with-cuda=no  --enable-sanitizers"
step "other flags: reconfigure and clean" "configure --with-cuda=no
clean" WHT_CONFIGURE_FLAGS="--with-cuda=no"
check 'grep -q "WHT_CONFIGURE_FLAGS is .--with-cuda=no., the build was configured with .--with-cuda=no --enable-sanitizers." err' \
  "the reconfigure is announced with both values ($(cat err))"
refuse "a configured tree, other flags with an unknown option" "--with-cuda=no -x"
check '! grep -q reconfiguring err && [ "$(cat config.args)" = "'"'--with-cuda=no'"'" ]' "... no reconfigure announced, the configuration kept"
step "unset after a value: reconfigure without flags and clean" "configure 
clean" -u WHT_CONFIGURE_FLAGS
step "unset again: nothing runs" "" -u WHT_CONFIGURE_FLAGS
check 'grep -q "^tools/configure-if-changed$" "$src/quickstart"' "quickstart configures through the script"
# the real configure's parsing (a copy: its --help=short stops before
# looking for the sources): an unknown option and an unknown --enable
if [ -x "$src/configure" ]; then
  mkdir real && cp "$src/configure" real/ && cd real || exit 1
  for v in "--with-cuda=no --bogus" "--enable-bogus"; do
    env WHT_CONFIGURE_FLAGS="$v" "$script" > out 2> err
    rc=$?
    check '[ $rc -eq 2 ] && [ "$(wc -l < err)" -eq 1 ] && grep -qF "WHT_CONFIGURE_FLAGS='"'$v'"'" err && grep -q "bogus" err && [ ! -e config.log ]' \
      "the real configure, WHT_CONFIGURE_FLAGS='$v': exit 2, one line, no config.log (exit $rc: $(cat err))"
  done
  cd .. || exit 1
else
  skip "no configure in the source tree"
fi
tap_done
