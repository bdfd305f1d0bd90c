#!/bin/sh
# Stands in for `astro build` in src/server/build.test.ts (a shell script: it starts in
# milliseconds): `fake-site-build.sh {checkout} --outDir {folder}` writes index.html (the
# checkout's site.txt, so a test can tell builds apart) and counts itself in
# {checkout}/builds.log. With {checkout}/hold present it first writes HOLDING there and waits until
# {checkout}/go exists; {checkout}/fail makes it exit with status 3 after half a site.
set -e
checkout="$1"
[ "$2" = "--outDir" ] && [ -n "$3" ] || { echo "usage: {checkout} --outDir {dir}" >&2; exit 2; }
out="$3"
mkdir -p "$out"
echo half > "$out/half.html"
if [ -e "$checkout/hold" ]; then
  echo "HOLDING $$" >> "$checkout/builds.log"
  while [ ! -e "$checkout/go" ]; do sleep 0.01; done
fi
[ -e "$checkout/fail" ] && exit 3
cat "$checkout/site.txt" > "$out/index.html"
echo "BUILT $out" >> "$checkout/builds.log"
