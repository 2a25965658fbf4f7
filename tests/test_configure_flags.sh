#!/bin/sh
# test_configure_flags.sh - ./quickstart's configure step
# (tools/configure-if-changed): a fresh tree is configured with
# $WHT_CONFIGURE_FLAGS; the same value again configures nothing; a changed
# value (unset included) reconfigures and cleans, so that make rebuilds.
# Runs the script in a scratch tree whose configure and config.status are
# stand-ins that log their arguments and quote them as autoconf does.
tap_name=test_configure_flags
. "${top_srcdir:-.}/tests/tap.sh"
src=$(cd "${top_srcdir:-.}" && pwd)
script=$src/tools/configure-if-changed
cd "$dir" || exit 1
cat > configure <<'EOS'
#!/bin/sh
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
step "a fresh tree is configured with the flags" "configure --with-cuda=no --enable-sanitizers" \
  WHT_CONFIGURE_FLAGS="--with-cuda=no --enable-sanitizers"
step "the same flags again: nothing runs" "" WHT_CONFIGURE_FLAGS="--with-cuda=no  --enable-sanitizers"
step "other flags: reconfigure and clean" "configure --with-cuda=no
clean" WHT_CONFIGURE_FLAGS="--with-cuda=no"
check 'grep -q "WHT_CONFIGURE_FLAGS is .--with-cuda=no., the build was configured with .--with-cuda=no --enable-sanitizers." err' \
  "the reconfigure is announced with both values ($(cat err))"
step "unset after a value: reconfigure without flags and clean" "configure 
clean" -u WHT_CONFIGURE_FLAGS
step "unset again: nothing runs" "" -u WHT_CONFIGURE_FLAGS
check 'grep -q "^tools/configure-if-changed$" "$src/quickstart"' "quickstart configures through the script"
tap_done
