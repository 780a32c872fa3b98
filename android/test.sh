#!/usr/bin/env bash
# Builds the Kotlin library (src/main) and its tests (src/test) with kotlinc and runs the tests with
# JUnit 4, against FCM messages the built CLI writes now for every minute of every bundled fixture's
# timeline (so they cannot go stale). Needs Debian's kotlin, libandroid-json-java (Android's own
# org.json) and junit4 (scripts/setup.sh installs them), python3, and `swift build` done first
# (.build/debug/liverules).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
cli=${LIVERULES_CLI:-$root/.build/debug/liverules}
jars=(/usr/share/java/com.android.json.jar /usr/share/java/junit4.jar /usr/share/java/hamcrest-core.jar /usr/share/java/kotlin-stdlib.jar)

missing=()
for tool in kotlinc java python3; do command -v "$tool" >/dev/null 2>&1 || missing+=("$tool"); done
for jar in "${jars[@]}"; do [ -f "$jar" ] || missing+=("$jar"); done
if [ ${#missing[@]} -gt 0 ]; then
  echo "android/test.sh needs ${missing[*]}: sudo apt-get install -y kotlin libandroid-json-java junit4 (scripts/setup.sh --browser does)" >&2
  exit 1
fi
if [ ! -x "$cli" ]; then
  echo "android/test.sh needs the CLI at $cli: run swift build first" >&2
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
classpath=$(IFS=:; echo "${jars[*]}")

# The messages, presented while the compiler runs: one batch per chunk of lines, three at a time.
(
  python3 "$here/minutes.py" "$root/rules" "$work/minutes"
  cd "$root"
  for lines in "$work"/minutes/*.jsonl; do echo "$lines"; done | xargs -P 3 -I {} sh -c '
    pack=$(basename "$1" | cut -d. -f1)
    "$2" payload build "rules/$pack" "$1" --batch --platform android --workers 1 >"${1%.jsonl}.out" 2>"${1%.jsonl}.err" || [ $? -eq 1 ]
  ' _ {} "$cli"
) &
presenting=$!

# C1 only and the serial collector: the compiler runs once, briefly. Warnings fail the build.
status=0
JAVA_OPTS="-Xmx1g -XX:TieredStopAtLevel=1 -XX:+UseSerialGC" kotlinc -jvm-target 1.8 -cp "$classpath" \
  -d "$work/classes" "$here/src/main/kotlin" "$here/src/test/kotlin" >"$work/kotlinc.log" 2>&1 || status=$?
grep -v "^OpenJDK 64-Bit Server VM warning" "$work/kotlinc.log" >&2 || true
if [ $status -ne 0 ] || grep -v "^OpenJDK 64-Bit Server VM warning" "$work/kotlinc.log" | grep -q "warning:"; then
  echo "android/test.sh: the Kotlin sources do not compile cleanly (above)" >&2
  exit 1
fi
wait "$presenting" || { echo "android/test.sh: presenting the fixtures' minutes failed" >&2; exit 1; }

tests=$(cd "$work/classes" && find . -name '*Test.class' | sed 's|^\./||; s|\.class$||; s|/|.|g' | sort)
# shellcheck disable=SC2086
java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xss64m -cp "$work/classes:$classpath" -Dliverules.root="$root" -Dliverules.minutes="$work/minutes" \
  org.junit.runner.JUnitCore $tests
