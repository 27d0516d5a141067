#! /bin/sh
# timed-driver.sh DRIVER [DRIVER-ARGS...]: run a test driver (the harness
# calls LOG_DRIVER with --test-name, --log-file, --trs-file, ... -- TEST)
# and write the test's wall time, in seconds, to NAME.time beside its
# .trs, as "SECONDS NAME".  `make check-times` lists the slowest of them,
# so that a test that grows slow is seen before make check does.
name= trs=
prev=
for a in "$@"; do
    case $prev in
    --test-name) name=$a ;;
    --trs-file) trs=$a ;;
    esac
    [ "$a" = -- ] && break
    prev=$a
done
# GNU date gives nanoseconds; another date prints %N as is, and the time
# is then in whole seconds.
now() { t=$(date +%s.%N); case $t in *N) date +%s ;; *) echo "$t" ;; esac; }
t0=$(now)
"$@"
rc=$?
if [ -n "$trs" ]; then
    echo "$t0 $(now) ${name:-$trs}" |
        awk '{ printf "%.1f %s\n", $2 - $1, $3 }' > "${trs%.trs}.time"
fi
exit $rc
