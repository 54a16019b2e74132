#!/usr/bin/env bash
# Builds the libFuzzer harnesses (address sanitizer on) and runs each for SECONDS (default 60).
# Usage: Fuzz/run.sh [SECONDS]      Crash inputs are kept in Fuzz/out/<target>/crash-*.
# FUZZ_TARGETS="Cartography" runs only the named targets (every one by default).
# Leak reports are off: the only leaks found are inside Foundation's CoreFoundation error objects.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
out=Fuzz/out
build="$out/build"
mkdir -p "$build"
flags=(-sanitize=fuzzer,address -parse-as-library -Onone -g -I "$build" -package-name artmap)
# COsmium is C++ behind a C header: compiled here with the fuzzer's coverage and the address sanitizer,
# and given the module map SwiftPM would generate for it.
mkdir -p "$build/COsmium"
printf 'module COsmium {\n  header "%s"\n  export *\n}\n' "$PWD/Sources/COsmium/include/cosmium.h" > "$build/COsmium/module.modulemap"
clang++ -std=c++17 -O1 -g -fsanitize=fuzzer-no-link,address -I Sources/COsmium/include -c Sources/COsmium/cosmium.cpp -o "$build/cosmium.o"
cinc=(-I Sources/CJPEG -I Sources/CPNG -I Sources/CChafa -I Sources/CXML2 -I Sources/CGio -I Sources/CProj -I "$build/COsmium" $(pkg-config --cflags-only-I chafa gio-2.0 | sed 's/-I/-Xcc -I/g'))
# What every harness over Cartography links: libosmium's C interface and, for coordinate systems, Projection over PROJ.
osmium_links=("$build/cosmium.o" "$build/libProjection.a" -lz -lexpat -lbz2 -lstdc++ -lpthread -lproj)

# One Swift module at a time, as a static library the harness links.
module() { # name, sources..., extra flags after --
  local name="$1"; shift
  local sources=() extra=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do sources+=("$1"); shift; done
  [ "${1:-}" = "--" ] && shift && extra=("$@")
  swiftc "${flags[@]}" "${extra[@]}" -module-name "$name" -emit-module -emit-module-path "$build/$name.swiftmodule" \
    -emit-library -static -o "$build/lib$name.a" "${sources[@]}"
}
module Geo Sources/Geo/*.swift
# The cell layer (text cleaning, pixels) sits below Catalog and Imaging.
module TerminalTypes Sources/TerminalTypes/*.swift
module Cells Sources/Cells/*.swift
module Catalog $(find Sources/Catalog -name '*.swift')
module XMLReading Sources/XMLReading/*.swift -- "${cinc[@]}"
module Location Sources/Location/*.swift -- "${cinc[@]}"
module Imaging Sources/Imaging/*.swift -- "${cinc[@]}"
# PROJ's wrapper, below Cartography (the Position harness reaches the position readers Cartography keeps internal).
module Projection Sources/Projection/*.swift -- "${cinc[@]}"
module Cartography $(find Sources/Cartography -name '*.swift') -- "${cinc[@]}" -enable-testing
# The services' answers (Overpass, Nominatim) are read in Sync, which needs Store (SQLite) and CCurl (a C target:
# compiled here, given the module map SwiftPM would generate). Sync is built for testing: the harness calls the
# judge and parsers the client keeps internal.
mkdir -p "$build/CCurl"
printf 'module CCurl {\n  header "%s"\n  export *\n}\n' "$PWD/Sources/CCurl/include/ccurl.h" > "$build/CCurl/module.modulemap"
clang -O1 -g -fsanitize=fuzzer-no-link,address -I Sources/CCurl/include -c Sources/CCurl/ccurl.c -o "$build/ccurl.o"
# Store gives an import's freed pages back through CMallocArena (a C target, likewise compiled here).
mkdir -p "$build/CMallocArena"
printf 'module CMallocArena {\n  header "%s"\n  export *\n}\n' "$PWD/Sources/CMallocArena/include/malloc_arena.h" > "$build/CMallocArena/module.modulemap"
clang -O1 -g -fsanitize=fuzzer-no-link,address -I Sources/CMallocArena/include -c Sources/CMallocArena/malloc_arena.c -o "$build/malloc_arena.o"
sinc=("${cinc[@]}" -I Sources/CSQLite -I "$build/CCurl" -I "$build/CMallocArena")
module Store $(find Sources/Store -name '*.swift') -- "${sinc[@]}"
module Sync $(find Sources/Sync -name '*.swift') -- "${sinc[@]}" -enable-testing

harness() { # target, libraries..., link flags after --
  local target="$1"; shift
  local libs=() links=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do libs+=("$build/lib$1.a"); shift; done
  [ "${1:-}" = "--" ] && shift && links=("$@")
  swiftc "${flags[@]}" "${cinc[@]}" -o "$build/fuzz-$target" "Fuzz/${target}Fuzz.swift" "${libs[@]}" "${links[@]}"
}
harness Catalog Catalog Cells TerminalTypes Geo
harness Wikidata Catalog Cells TerminalTypes Geo
harness Location Location XMLReading Geo -- -lxml2 -lgio-2.0 -lgobject-2.0 -lglib-2.0
harness Imaging Imaging Cells TerminalTypes -- -ljpeg -lpng16 -lchafa -lglib-2.0
harness Cartography Cartography Catalog Cells TerminalTypes Geo -- "${osmium_links[@]}"
harness PBF Cartography Catalog Cells TerminalTypes Geo -- "${osmium_links[@]}"
harness CSV Cartography Catalog Cells TerminalTypes Geo -- "${osmium_links[@]}"
harness Position Cartography Catalog Cells TerminalTypes Geo -- "${osmium_links[@]}"
harness Overpass Sync Store Cartography Catalog Cells TerminalTypes Geo -- "${osmium_links[@]}" "$build/ccurl.o" "$build/malloc_arena.o" -I Sources/CSQLite -I "$build/CCurl" -I "$build/CMallocArena" -lsqlite3 -ldl
# The export writers live in ArtmapCLI, whose other files need the whole app: the two are compiled into the harness.
swiftc "${flags[@]}" "${cinc[@]}" -module-name ExportFuzz -o "$build/fuzz-Export" Fuzz/ExportFuzz.swift \
  Sources/ArtmapCLI/ExportFormat.swift Sources/ArtmapCLI/JSONWriter.swift \
  "$build/libCartography.a" "$build/libCatalog.a" "$build/libCells.a" "$build/libTerminalTypes.a" "$build/libGeo.a" "$build/libXMLReading.a" "${osmium_links[@]}" -lxml2

# What the terminal sends back: the key decoder and the probe's parsers (the rest of Curses needs ncurses).
swiftc "${flags[@]}" "${cinc[@]}" -module-name TerminalFuzz -o "$build/fuzz-Terminal" Fuzz/TerminalFuzz.swift \
  Sources/Curses/KeyDecoder.swift Sources/Curses/BackgroundProbe.swift Sources/Curses/PixelSupport.swift Sources/Curses/LateAnswers.swift \
  "$build/libImaging.a" "$build/libCells.a" "$build/libTerminalTypes.a" -ljpeg -lpng16 -lchafa -lglib-2.0

# Leaks are not what we look for (the only ones are inside Foundation); the Swift crash reporter does not
# work under the address sanitizer, and libFuzzer reports traps itself.
export ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export SWIFT_BACKTRACE="enable=no"
status=0
for target in ${FUZZ_TARGETS:-Catalog Wikidata Location Imaging Cartography PBF CSV Position Overpass Export Terminal}; do
  corpus="$out/$target/corpus"; mkdir -p "$corpus"
  for seed in Fuzz/seeds/$target/*; do [ -e "$seed" ] && cp -n "$seed" "$corpus/" ; done
  echo "== fuzz $target for ${seconds}s"
  ( cd "$out/$target" && "../build/fuzz-$target" -max_total_time="$seconds" -rss_limit_mb=2048 -max_len=65536 -detect_leaks=0 corpus \
      > "fuzz.log" 2>&1 ) || { status=1; echo "!! $target found a crash: see $out/$target/fuzz.log and $out/$target/crash-*"; }
  grep -E "^#[0-9]+.*(DONE|pulse)|Done [0-9]+ runs" "$out/$target/fuzz.log" | tail -1 || true
done
exit $status
