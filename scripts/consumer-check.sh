#!/usr/bin/env bash
# Proves LiveRules works as a versioned dependency, as the README's "Use as a package" section
# says: clones the current commit (what is committed, not the working tree) into a temporary
# folder, tags it with the package's version, writes a consumer package that depends on it with
# the README's `.package(url:from:)` and `.product(name:package:)` (the URL replaced by the
# clone's file:// URL) and the README's example program, builds it (debug) and runs it in the
# clone's folder: it presents a typed state and one bundled fixture and prints their phases.
# Then builds the clone's CLI as it builds by default (without the Studio and Service traits) and checks that
# it works and that its `preview` says how to get the studio. Exits non-zero, saying why, when
# any step fails.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
fail() { echo "consumer-check: FAILED: $*" >&2; exit 1; }

# What the README tells a consumer to write.
package_line=$(grep -o '\.package(url: "[^"]*", from: "[^"]*")' README.md | head -1) \
  || fail "README.md has no \`.package(url: \"…\", from: \"…\")\` line"
product_line=$(grep -o '\.product(name: "[^"]*", package: "[^"]*")' README.md | head -1) \
  || fail "README.md has no \`.product(name: \"…\", package: \"…\")\` line"
url=$(sed 's/.*url: "\([^"]*\)".*/\1/' <<<"$package_line")
from=$(sed 's/.*from: "\([^"]*\)".*/\1/' <<<"$package_line")
product=$(sed 's/.*name: "\([^"]*\)".*/\1/' <<<"$product_line")
package=$(sed 's/.*package: "\([^"]*\)".*/\1/' <<<"$product_line")
identity=$(basename "$url" .git)
[ "$(tr '[:upper:]' '[:lower:]' <<<"$package")" = "$(tr '[:upper:]' '[:lower:]' <<<"$identity")" ] \
  || fail "README.md: .product(package: \"$package\") is not the identity of $url ($identity)"
version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/LiveRulesCLI/LiveRulesVersion.swift)
[ -n "$version" ] || fail "no version in Sources/LiveRulesCLI/LiveRulesVersion.swift"
echo "README: .package(url: \"$url\", from: \"$from\"), .product(name: \"$product\", package: \"$package\"); tagging $version"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone --quiet "$root" "$work/$identity"
git -C "$work/$identity" -c user.name=consumer-check -c user.email=consumer-check@localhost tag "$version"

mkdir -p "$work/consumer/Sources/Consumer"
cat > "$work/consumer/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "file://$work/$identity", from: "$from"),
    ],
    targets: [
        .executableTarget(name: "Consumer", dependencies: [
            .product(name: "$product", package: "$package"),
            .product(name: "LiveRulesExamples", package: "$package"),
        ]),
    ]
)
SWIFT
# The README's example program, with one bundled fixture presented by its presenter after it.
awk '/^## Use as a package/ { section = 1; next } section && /^## / { exit }
     section && /^```swift$/ { block = 1; text = ""; next }
     block && /^```$/ { block = 0; if (text ~ /^import /) { printf "%s", text; exit } next }
     block { text = text $0 "\n" }' README.md >"$work/consumer/Sources/Consumer/main.swift"
grep -q '^import LiveRules$' "$work/consumer/Sources/Consumer/main.swift" \
  || fail "README.md's \"Use as a package\" section has no Swift program starting with imports"
fixture=rules/meetings/fixtures/combo-back-to-back-5-min.json
cat >>"$work/consumer/Sources/Consumer/main.swift" <<SWIFT

// Added by scripts/consumer-check.sh: a bundled fixture through the same presenter.
let fixture = try Fixture.load(from: URL(fileURLWithPath: "$fixture"), displayPath: "$fixture", manifest: pack.manifest)
let fixturePhase = try presenter.present(fixture).phase
print("phase of the fixture: \(fixturePhase)")
SWIFT

# What a consumer downloads: this package and at most swift-argument-parser (the studio's web
# server is behind the Studio and Service traits, which a dependency does not enable).
allowed='^(swift-argument-parser)$'
check_pins() {  # <Package.resolved> <what>: fails when anything else is pinned
  local extra
  extra=$( { grep -o '"identity" *: *"[^"]*"' "$1" 2>/dev/null || true; } | sed 's/.*: *"\(.*\)"/\1/' \
    | grep -v -x -i "$identity" | grep -v -E "$allowed" || true)
  [ -z "$extra" ] || fail "$2 resolved more than $identity and swift-argument-parser: $(tr '\n' ' ' <<<"$extra")"
  echo "$2 resolved: $( { grep -o '"identity" *: *"[^"]*"' "$1" 2>/dev/null || true; } | sed 's/.*: *"\(.*\)"/\1/' | tr '\n' ' ')"
}

echo "building the consumer (debug)…"
started=$(date +%s)
swift build --package-path "$work/consumer" >"$work/build.log" 2>&1 \
  || { cat "$work/build.log" >&2; fail "the consumer package did not build"; }
echo "the consumer's first build (resolving, fetching, compiling) took $(( $(date +%s) - started )) s"
check_pins "$work/consumer/Package.resolved" "a consumer depending on it by version"

# The same dependency by path (as a local checkout is used): resolving fetches no more.
mkdir -p "$work/by-path/Sources/Consumer"
sed "s|.package(url: \"file://$work/$identity\", from: \"$from\")|.package(path: \"$work/$identity\")|" \
  "$work/consumer/Package.swift" >"$work/by-path/Package.swift"
grep -q '.package(path:' "$work/by-path/Package.swift" || fail "could not write the by-path consumer"
cp "$work/consumer/Sources/Consumer/main.swift" "$work/by-path/Sources/Consumer/"
swift package --package-path "$work/by-path" resolve >"$work/resolve.log" 2>&1 \
  || { cat "$work/resolve.log" >&2; fail "the by-path consumer did not resolve"; }
check_pins "$work/by-path/Package.resolved" "a consumer depending on it by path"
consumer="$(swift build --package-path "$work/consumer" --show-bin-path)/Consumer"
grep -q "\"version\" *: *\"$version\"" "$work/consumer/Package.resolved" \
  || fail "the consumer did not resolve $identity at $version: $(cat "$work/consumer/Package.resolved")"

output=$(cd "$work/$identity" && "$consumer") || fail "the consumer failed: $output"
echo "$output"
expected=$(sed -n 's/^  "phase": "\(.*\)",\{0,1\}$/\1/p' "rules/meetings/golden/$(basename "$fixture")")
[ "$(sed -n 's/^phase of the fixture: //p' <<<"$output")" = "$expected" ] \
  || fail "the consumer printed a phase other than the golden's ($expected)"

# The CLI as the clone builds it by default, without the Studio and Service traits: it works, and its
# `preview` says how to get the studio.
swift build --package-path "$work/$identity" --product liverules >"$work/cli.log" 2>&1 \
  || { cat "$work/cli.log" >&2; fail "the CLI did not build without the Studio and Service traits"; }
cli="$(swift build --package-path "$work/$identity" --show-bin-path)/liverules"
(cd "$work/$identity" && "$cli" check rules >/dev/null) || fail "the CLI built without the studio cannot check the bundled packs"
status=0
said=$(cd "$work/$identity" && "$cli" preview 2>&1) || status=$?
[ "$status" -eq 2 ] && grep -q "scripts/install.sh" <<<"$said" && grep -q -- "--traits Studio" <<<"$said" \
  || fail "liverules preview without the studio (exit $status) does not say how to get it: $said"
echo "without the Studio trait, liverules preview says: $said"
echo "consumer-check: OK: a package depending on $identity from \"$from\" (resolved at $version) builds and presents; the CLI builds without the studio"
