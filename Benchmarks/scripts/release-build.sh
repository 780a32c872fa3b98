# Sourced by the benchmark scripts (sh or bash), from the package root. `release_build PRODUCT...`
# builds each product in release, with the benchmark targets in the package graph and the traits
# `serve` needs (Studio,Service), so that every script uses one release build in .build/release
# whatever order they run in; the build's errors go to stderr, and a failed build exits 1.
export LIVERULES_DEVELOPMENT=1   # the benchmark and fuzz targets join the package (Package.swift)
release_build() {
  for release_product in "$@"; do
    swift build -c release --traits Studio,Service --product "$release_product" >/dev/null || exit 1
  done
}
