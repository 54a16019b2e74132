#!/usr/bin/env bash
# Checks that the shape the house promises (docs/ARCHITECTURE.md, issue 17) stays true in the source tree.
#
# Usage: scripts/check-architecture.sh [--pending] [ROOT]
#
# Enforced checks fail the script (exit 1) whenever they are broken:
#   - no file in Sources/Curses imports Screen or App (the ncurses backend speaks Cells and TerminalTypes only);
#   - TerminalTypes imports no other module of the project;
#   - Cells (the cell layer: Buffer, Style, colours, text width, the backend protocol) imports only Foundation
#     and TerminalTypes;
#   - Screen's cell-level files (the map canvas and inks, SelectableList) import no App;
#   - no test has a `guard … else { … return }`: a test that cannot check what it expected must fail
#     (`try #require`, or throw), never end as passed;
#   - no file under Sources/App/Features names AppState (so no feature reducer takes `inout AppState`, nor
#     reads the root's state: a feature reads a FeatureContext and asks its parent with a Delegate);
#   - no file under Sources/Runtime/Effects names AppState (outside comments): an effect handler gets its effect and
#     the injected Dependencies, and what it needs travels in the effect (issue 45, item 2);
#   - Sources/Runtime/Session*.swift neither imports Curses nor names the ncurses `Terminal` (outside comments): the
#     loop runs over `TerminalBackend`, so tests drive whole sessions over `MemoryTerminal` (issue 45, item 3);
#   - no Swift file in Sources/App has more than 250 lines (a feature grows by children, not by a longer file);
#   - no function or initializer in Sources (Bench aside) has more than 80 lines, declaration to closing brace
#     (none is waived now; a waiver, listed under WAIVED, is printed on every run and must go once the function is short);
#   - nothing switches over the screen stack: each screen answers through StackScreen, each view is found
#     through StackViews;
#   - a screen's state (a type conforming to StackScreen in Sources/App/Features/<Folder>) is built and named only
#     in its folder, its view (Sources/Screen/Views/<Folder>View*.swift) and the registries (ScreenRegistry.swift,
#     StackViews.swift): the root pushes screen values and names none (Bench, like the tests, may);
#   - outside Sources/App/Features, nothing assigns to the main screen's fields: the root sends MainActions;
#   - no double optionals (`T??`) in Sources: an enum says what each kind of nothing means;
#   - Sources/Runtime (the run loop and the one place that performs effects) does not import ArtmapCLI, and
#     no file in Sources/ArtmapCLI is the run loop's (Session*.swift, ActionQueue.swift, PictureLoader.swift):
#     ArtmapCLI keeps commands and options;
#   - no file in Sources/ArtmapCLI looks an option up by its name (`.value("--…")`, `.has("--…")`): a command
#     declares its options as one typed struct (CommandOptions) and its `run` reads the fields;
#   - no file in Sources/ArtmapCLI switches over the words typed (`switch words.first`, `switch options.positionals…`):
#     a command with subcommands declares them (`Subcommand`), and its usage, checks and dispatch come from the list;
#   - Sources/Runtime opens the store (`CatalogStore(path:`, `CatalogStore.reader(path:`) only in Effects/StoreAccess.swift,
#     the store access its composition root builds; handlers ask it for a reader, the writer or a long work's connection;
#   - no command is run by words written in code (`ImportCommand.run([path, "--collection", …])`, or any `run(["…` in
#     Sources/ArtmapCLI): a refresh, the view's `s` and every other caller use typed code below the commands (Sources:
#     a `SourceProvider` per kind of source);
#   - nor by a word list built first (`ListCommand.run(passed, …)`): code calls a command's typed entry,
#     `XCommand.run(options: …)`; only Sources/ArtmapCLI/Artmap.swift (the dispatcher) hands on `arguments`, the words typed;
#   - a settings key ("walk.speed", "units", "news.read", …) is spelled in Sources only in Sources/Catalog/Setting.swift, where
#     each setting is declared (key, help, default, range); the rest name it through the declaration;
#   - the string literals "osm", "rijksmuseum" and "campus" appear in Sources only in Sources/Catalog/CollectionID.swift:
#     artmap's own collections are named by their typed identity (`CollectionID.osm`), never spelled across modules;
#   - only Sources/XMLReading imports CXML2 (libxml2 stays behind its node iterator);
#   - the C libraries are imported only by the module that wraps them, with one named exception: Bench
#     measures the map against bare libosmium on purpose, so Sources/Bench may import COsmium;
#   - docs/ARCHITECTURE.md names only files that exist (paths under Sources, Tests, scripts, docs, Fuzz, Resources,
#     and Name.swift anywhere under Sources or Tests) and types declared in Sources (`UpperCamelCase` in backticks);
#   - docs/ARCHITECTURE.md mentions every module folder under Sources;
#   - docs/DECISIONS.md marks a superseded entry right under its heading with a `> **Superseded** by [heading](#anchor)`
#     line whose every link names a heading of the file (GitHub's anchor: lower case, punctuation dropped, spaces to
#     `-`), or with `> **Superseded**: no longer so — …` when nothing replaced it.
# Pending checks (none at the moment) are reported, and fail only with --pending.
set -euo pipefail

strict_pending=0
root=""
for arg in "$@"; do
  case "$arg" in
    --pending) strict_pending=1 ;;
    -h|--help) awk 'NR == 1 { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "$0"; exit 0 ;;
    -*) echo "check-architecture: unknown option $arg (try --help)" >&2; exit 2 ;;
    *) root="$arg" ;;
  esac
done
[ -n "$root" ] || root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
[ -d Sources ] && [ -d Tests ] || { echo "check-architecture: $root has no Sources and Tests folders" >&2; exit 2; }
command -v python3 >/dev/null 2>&1 || { echo "check-architecture: needs python3 (sudo apt-get install python3)" >&2; exit 2; }

failed=0
pending=0
MAX_LINES=250
MAX_FUNCTION_LINES=80

# Lines of Swift files (given as arguments) that import one of the modules in $1 (a regex alternation).
imports_of() {
  local modules="$1"; shift
  [ "$#" -gt 0 ] || return 0
  grep -nHE "^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]+((typealias|struct|class|enum|protocol|let|var|func)[[:space:]]+)?($modules)([.[:space:]]|$)" "$@" || true
}

report() { # name, offending lines (may be empty), kind (enforced|pending)
  local name="$1" found="$2" kind="$3"
  if [ -z "$found" ]; then
    echo "ok       $name"
  elif [ "$kind" = enforced ]; then
    echo "FAILED   $name"; printf '%s\n' "$found" | sed 's/^/         /'
    failed=1
  else
    echo "PENDING  $name (a goal of the feature redesign; --pending makes it fail)"
    printf '%s\n' "$found" | sed 's/^/         /'
    pending=1
  fi
}

swift_files() { [ -d "$1" ] && find "$1" -name '*.swift' -type f | sort || true; }

mapfile -t curses < <(swift_files Sources/Curses)
report "Curses imports neither Screen nor App" "$(imports_of 'Screen|App' "${curses[@]}")" enforced

mapfile -t terminal_types < <(swift_files Sources/TerminalTypes)
project_modules=$(find Sources -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | grep -vx TerminalTypes | paste -sd'|' -)
report "TerminalTypes imports no other module of artmap" "$(imports_of "$project_modules" "${terminal_types[@]}")" enforced

mapfile -t cells < <(swift_files Sources/Cells)
cells_imports=$(imports_of '[A-Za-z_][A-Za-z0-9_]*' "${cells[@]}" | grep -vE ':[0-9]+:[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]+((typealias|struct|class|enum|protocol|let|var|func)[[:space:]]+)?(Foundation|TerminalTypes)([.[:space:]]|$)' || true)
report "Cells imports only Foundation and TerminalTypes" "$cells_imports" enforced

cell_level=()
for f in Sources/Screen/Map/MapCanvas.swift Sources/Screen/Map/MapInk.swift Sources/Screen/Widgets/SelectableList.swift; do
  [ -f "$f" ] && cell_level+=("$f")
done
report "Screen's cell-level files import no App" "$(imports_of App "${cell_level[@]}")" enforced

# Reads Swift files with comments and string literals blanked first, so only code is read. $1 says what to look for:
#   guards ROOT            a test's `guard … else { return }`, which lets the test end as passed;
#   functions LIMIT ROOT…  functions and initializers longer than LIMIT lines, counted from the declaration to the
#                          closing brace of the body (a brace count: nested functions are measured too).
swift_scan() {
python3 - "$@" <<'PY'
import os, re, sys

def blank(src):
    out = list(src)
    i, n = 0, len(src)
    def wipe(a, b):
        for k in range(a, b):
            if out[k] != '\n':
                out[k] = ' '
    def string_end(i):
        # i is at the opening quote(s), possibly after '#'s; returns the index after the literal.
        hashes = 0
        while src[i] == '#':
            hashes += 1; i += 1
        multi = src.startswith('"""', i)
        quote = '"""' if multi else '"'
        i += len(quote)
        close = quote + '#' * hashes
        while i < n:
            if src[i] == '\\' and src.startswith('#' * hashes, i + 1):
                j = i + 1 + hashes
                if j < n and src[j] == '(':
                    i = code_end(j + 1)      # an interpolation: code up to its closing parenthesis
                    continue
                i = j + 1
                continue
            if src.startswith(close, i):
                return i + len(close)
            if not multi and src[i] == '\n':
                return i
            i += 1
        return n
    def code_end(i):
        depth = 1
        while i < n:
            c = src[i]
            if c == '"' or (c == '#' and re.match(r'#+"', src[i:])):
                i = string_end(i); continue
            if c == '(':
                depth += 1
            elif c == ')':
                depth -= 1
                if depth == 0:
                    return i + 1
            i += 1
        return n
    while i < n:
        if src.startswith('//', i):
            j = src.find('\n', i); j = n if j < 0 else j
            wipe(i, j); i = j; continue
        if src.startswith('/*', i):
            depth, j = 1, i + 2
            while j < n and depth:
                if src.startswith('/*', j): depth += 1; j += 2
                elif src.startswith('*/', j): depth -= 1; j += 2
                else: j += 1
            wipe(i, j); i = j; continue
        if src[i] == '"' or (src[i] == '#' and re.match(r'#+"', src[i:])):
            j = string_end(i)
            wipe(i, j); i = j; continue
        i += 1
    return ''.join(out)

def bare_return_guards(code):
    found = []
    for m in re.finditer(r'\bguard\b', code):
        i, depth = m.end(), 0
        else_at = None
        while i < len(code):
            c = code[i]
            if c in '([{': depth += 1
            elif c in ')]}':
                depth -= 1
                if depth < 0: break
            elif depth == 0 and code.startswith('else', i) and not (code[i-1].isalnum() or code[i-1] == '_') \
                    and not (i + 4 < len(code) and (code[i+4].isalnum() or code[i+4] == '_')):
                else_at = i; break
            i += 1
        if else_at is None:
            continue
        j = code.find('{', else_at)
        if j < 0:
            continue
        depth, k = 1, j + 1
        while k < len(code) and depth:
            if code[k] == '{': depth += 1
            elif code[k] == '}': depth -= 1
            k += 1
        body = code[j + 1:k - 1]
        # `return` at the block's own level with nothing after it but `;` or the end of the block.
        level = 0
        for r in re.finditer(r'[{}]|\breturn\b', body):
            t = r.group()
            if t == '{': level += 1
            elif t == '}': level -= 1
            elif level == 0 and re.fullmatch(r'[\s;]*', body[r.end():]):
                found.append(code.count('\n', 0, m.start()) + 1)
                break
    return found

DECL = re.compile(r'(?<![.\w])(func\s+[^\s(<]+|init[?!]?|deinit)(?=\s*[(<{])')
NEXT_DECL = re.compile(r'\n\s*(@|func\b|var\b|let\b|init\b|case\b|subscript\b|typealias\b|associatedtype\b|static\b|public\b|private\b|fileprivate\b|internal\b|mutating\b|nonisolated\b|override\b|\}|#)')

def long_functions(code, limit):
    """Functions and initializers whose declaration-to-closing-brace span is over `limit` lines."""
    found = []
    for m in DECL.finditer(code):
        i, depth, body = m.end(), 0, None
        while i < len(code):
            c = code[i]
            if c in '([': depth += 1
            elif c in ')]': depth -= 1
            elif depth == 0 and c == '{': body = i; break
            elif depth == 0 and c == '}': break
            elif depth == 0 and c == '\n' and NEXT_DECL.match(code, i): break
            i += 1
        if body is None:
            continue
        d, k = 1, body + 1
        while k < len(code) and d:
            if code[k] == '{': d += 1
            elif code[k] == '}': d -= 1
            k += 1
        first = code.count('\n', 0, m.start()) + 1
        last = code.count('\n', 0, k - 1) + 1
        if last - first + 1 > limit:
            found.append((first, last - first + 1, m.group(1).split()[-1]))
    return found

def swift_files(root):
    for folder, _, files in sorted(os.walk(root)):
        for name in sorted(files):
            if name.endswith('.swift'):
                path = os.path.join(folder, name)
                with open(path, encoding='utf-8') as f:
                    yield path, blank(f.read())

SCREEN = re.compile(r'\b(?:extension|struct|class|enum)\s+([A-Za-z_][A-Za-z0-9_]*)\s*:[^{]*\bStackScreen\b')
REGISTRIES = {'Sources/App/Navigation/ScreenRegistry.swift', 'Sources/Screen/StackViews.swift'}

def screen_names(sources):
    """Each screen state (a type conforming to StackScreen under Sources/App/Features) and its feature folder;
    then every place outside that folder, its view (Sources/Screen/Views/<Folder>View*.swift) and the two
    registries that names it. Bench, like the tests, builds screens to measure them."""
    features = os.path.join(sources, 'App', 'Features')
    screens = {}
    for path, code in swift_files(features):
        folder = os.path.relpath(path, features).split(os.sep)[0]
        for m in SCREEN.finditer(code):
            screens[m.group(1)] = folder
    found = []
    if not screens:
        return found
    pattern = re.compile(r'(?<![A-Za-z0-9_])(' + '|'.join(map(re.escape, sorted(screens))) + r')(?![A-Za-z0-9_])')
    for path, code in swift_files(sources):
        rel = path
        if rel.startswith(os.path.join(sources, 'Bench') + os.sep) or rel in REGISTRIES:
            continue
        for m in pattern.finditer(code):
            name, folder = m.group(1), screens[m.group(1)]
            if rel.startswith(os.path.join(features, folder) + os.sep):
                continue
            if rel.startswith(os.path.join(sources, 'Screen', 'Views') + os.sep) and os.path.basename(rel).startswith(folder + 'View'):
                continue
            line = code.count('\n', 0, m.start()) + 1
            found.append(f"{rel}:{line}: names {name} (a screen's state) outside Sources/App/Features/{folder}, its view and the registries")
    return found

mode = sys.argv[1]
if mode == 'screens':
    for hit in screen_names(sys.argv[2]):
        print(hit)
elif mode == 'guards':
    for path, code in swift_files(sys.argv[2]):
        for line in bare_return_guards(code):
            print(f"{path}:{line}: guard … else {{ return }} in a test; use try #require, so the test fails when it cannot check")
elif mode == 'functions':
    limit = int(sys.argv[2])
    for root in sys.argv[3:]:
        for path, code in swift_files(root):
            for line, length, name in long_functions(code, limit):
                print(f"{path}:{line}: {name} has {length} lines (at most {limit})")
else:
    sys.exit(f"swift_scan: unknown mode {mode}")
PY
}

guards=$(swift_scan guards Tests)
report "no test ends as passed from a guard … else { return }" "$guards" enforced

app_state_in_features=$( [ -d Sources/App/Features ] && grep -rnE '\bAppState\b' Sources/App/Features --include='*.swift' || true)
report "no feature names AppState (no inout AppState in a feature reducer)" "$app_state_in_features" enforced

# Issue 45, item 2: a handler gets its effect and the injected Dependencies, never the app's state.
app_state_in_effects=$( [ -d Sources/Runtime/Effects ] && grep -rnE '\bAppState\b' Sources/Runtime/Effects --include='*.swift' | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true)
report "no effect handler names AppState (what a handler needs travels in its effect)" "$app_state_in_effects" enforced

# Issue 45, item 3: the run loop runs over the backend protocol (ncurses, or a terminal in memory in tests).
mapfile -t session_files < <(find Sources/Runtime -maxdepth 1 -name 'Session*.swift' -type f 2>/dev/null | sort)
session_terminal=$( [ "${#session_files[@]}" -gt 0 ] && { imports_of Curses "${session_files[@]}"; grep -nHE '\bTerminal\b' "${session_files[@]}" | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//'; } || true)
report "Session takes a TerminalBackend, not the ncurses Terminal (nor imports Curses)" "$session_terminal" enforced

sizes=""
if [ -d Sources/App ]; then
  while IFS= read -r f; do
    lines=$(wc -l < "$f")
    [ "$lines" -le "$MAX_LINES" ] || sizes+="$f: $lines lines (at most $MAX_LINES)"$'\n'
  done < <(swift_files Sources/App)
fi
report "no file in Sources/App has more than $MAX_LINES lines" "${sizes%$'\n'}" enforced

# Functions: every module but Bench (a benchmark reads best as one script from start to finish).
function_roots=()
while IFS= read -r d; do function_roots+=("$d"); done < <(find Sources -mindepth 1 -maxdepth 1 -type d ! -name Bench | sort)
long_functions=""
[ "${#function_roots[@]}" -eq 0 ] || long_functions=$(swift_scan functions "$MAX_FUNCTION_LINES" "${function_roots[@]}")
# Waived for now, each by file and name, and printed on every run: functions other work is rewriting (issue 33: the
# effect interpreter split by feature). A waiver whose function is no longer too long fails the rule, so the list
# only shrinks.
waived_functions=""
stale_waivers=""
while read -r file name; do
  [ -n "$file" ] || continue
  hit=$(printf '%s\n' "$long_functions" | grep -E "^$file:[0-9]+: $name has " || true)
  if [ -n "$hit" ]; then
    long_functions=$(printf '%s\n' "$long_functions" | grep -vE "^$file:[0-9]+: $name has " || true)
    waived_functions+="$hit"$'\n'
  elif [ -f "$file" ]; then
    stale_waivers+="$file: $name is waived but no longer over $MAX_FUNCTION_LINES lines; remove its waiver"$'\n'
  fi
done <<'WAIVED'
WAIVED
long_functions+="${stale_waivers%$'\n'}"
report "no function in Sources (Bench aside) has more than $MAX_FUNCTION_LINES lines" "$long_functions" enforced
[ -z "$waived_functions" ] || printf '%s' "$waived_functions" | sed 's/^/waived   /'

stack_switches=$(grep -rnE 'switch[^{]*\boverlays\b' Sources --include='*.swift' || true)
report "nothing switches over the screen stack (screens answer through StackScreen, views through StackViews)" "$stack_switches" enforced

# A screen is one folder: its state is built and named only there, in its view and in the two registries.
screen_names=$(swift_scan screens Sources)
report "no screen state is built or named outside its feature folder, its view and the registries" "$screen_names" enforced

root_writes=$(grep -rnE '\bmain\.[A-Za-z_.]+[[:space:]]*([-+*/]?=[^=]|\.(append|remove[A-Za-z]*|insert)\()' Sources/App --include='*.swift' | grep -v '^Sources/App/Features/' || true)
report "the root changes the main screen only through its feature's actions (routeMain, receiveOnMain)" "$root_writes" enforced

double_optionals=$(grep -rnE '[A-Za-z0-9_>)]\?\?([[:space:]]|[{,)>=]|\]|$)' Sources --include='*.swift' | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true)
report "no double optionals in Sources (say what nil means with an enum: KeyTaking, ScreenPointing)" "$double_optionals" enforced

mapfile -t runtime < <(swift_files Sources/Runtime)
report "Runtime does not import ArtmapCLI" "$(imports_of ArtmapCLI "${runtime[@]}")" enforced
loop_in_cli=$( [ -d Sources/ArtmapCLI ] && find Sources/ArtmapCLI -type f \( -name 'Session*.swift' -o -name ActionQueue.swift -o -name PictureLoader.swift \) | sort || true)
report "the run loop's files live in Sources/Runtime, not ArtmapCLI" "$loop_in_cli" enforced

string_options=$( [ -d Sources/ArtmapCLI ] && grep -rnE '\.(value|has)\("--' Sources/ArtmapCLI --include='*.swift' || true)
report "no option is looked up by name in Sources/ArtmapCLI (commands read typed options)" "$string_options" enforced

word_switches=$( [ -d Sources/ArtmapCLI ] && grep -rnE 'switch[[:space:]]+(words|options\.positionals|positionals|arguments)([.[]|[[:space:]]*\{)' Sources/ArtmapCLI --include='*.swift' || true)
report "no command switches over the words typed in Sources/ArtmapCLI (subcommands are declared)" "$word_switches" enforced

# Runtime opens store connections in one place: the store access its composition root builds (SharedStore, in
# Effects/StoreAccess.swift: the writer handed in, readers and long work's connections beside it). A handler asks it;
# it never opens the file itself (near-me opened one per progress step, issue 45).
runtime_opens=$( [ -d Sources/Runtime ] && grep -rnE 'CatalogStore(\.reader)?\(path:' Sources/Runtime --include='*.swift' | grep -v '^Sources/Runtime/Effects/StoreAccess.swift:' | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true)
report "Runtime opens the store only in its store access (Sources/Runtime/Effects/StoreAccess.swift)" "$runtime_opens" enforced

# A command is run by the words a person typed (Artmap's dispatch), never by words written in code elsewhere: what
# another command or the view needs is a typed call below the commands (a SourceProvider, issue 45).
argv_runs=$( { grep -rnE '[A-Za-z]+Command\.run\([[:space:]]*\[' Sources --include='*.swift'
               [ -d Sources/ArtmapCLI ] && grep -rnE '\brun\([[:space:]]*\[[[:space:]]*"' Sources/ArtmapCLI --include='*.swift'; } \
             | sort -u | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true)
report "no command is run by words written in code (\"XCommand.run([…])\"): other work calls typed code below the commands" "$argv_runs" enforced

# Nor by a list of words built first (`var passed = …; ListCommand.run(passed, …)`, issue 45): code calls a command's
# typed entry, `XCommand.run(options: …)` with its declared options struct. The words-taking `run` is the dispatcher's
# alone, handing on the words the person typed (`arguments`, in Sources/ArtmapCLI/Artmap.swift). A literal list is
# the rule above's.
built_runs=$(grep -rnE '[A-Za-z]+Command\.run\(' Sources --include='*.swift' | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' \
             | grep -vE 'Command\.run\([[:space:]]*(options:|\[)' \
             | grep -vE '^Sources/ArtmapCLI/Artmap\.swift:[0-9]+:.*[A-Za-z]+Command\.run\(arguments,' || true)
report "no command is run by a word list built in code (code calls \"XCommand.run(options: …)\", typed)" "$built_runs" enforced

# Artmap's own collections are named by their typed identity (CollectionID in Catalog, issue 45), never spelled.
collection_literals=$(grep -rnE '"(osm|rijksmuseum|campus)"' Sources --include='*.swift' | grep -v '^Sources/Catalog/CollectionID.swift:' | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true)
report "artmap's own collections are named only by CollectionID (no \"osm\", \"rijksmuseum\" or \"campus\" elsewhere)" "$collection_literals" enforced

# Settings are declared once (Setting in Catalog: key, help, default, range); everything else names them through
# the declarations (`Setting.walkSpeed`), never by spelling a key. Keys artmap keeps for itself are declared there too.
setting_keys=$(grep -rnE '"((slideshow|map|location|images|sync|rijks|news|osm|walk|cache|view|seen)\.[a-z][a-z_-]*|units|theme)"' Sources --include='*.swift' | grep -v '^Sources/Catalog/Setting.swift:' | grep -vE '"osm\.(gz|bz2)"' | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true)
report "settings keys are spelled only in their declarations (Sources/Catalog/Setting.swift)" "$setting_keys" enforced

mapfile -t all_swift < <(swift_files Sources)
report "only XMLReading imports CXML2" "$(imports_of CXML2 "${all_swift[@]}" | grep -v '^Sources/XMLReading/' || true)" enforced

# Each C module and the Swift modules allowed to import it (Bench: the named exception above).
c_imports=""
while read -r module allowed; do
  c_imports+=$(imports_of "$module" "${all_swift[@]}" | grep -vE "^Sources/($allowed)/" || true)
done <<'RULES'
CSQLite Store
COsmium Cartography|Bench
CCurl Sync
CNcursesw Curses
CTerminalRescue Curses
CMallocArena ArtmapCLI|Store
CJPEG Imaging
CPNG Imaging
CChafa Imaging
CProj Projection
RULES
report "C libraries imported only by their wrapper (and Bench, by name)" "$c_imports" enforced

# docs/ARCHITECTURE.md names only what exists, and names every module. $1 says what to look for:
#   names   every file path in the text (Sources/…, Tests/…, scripts/…, docs/…, Fuzz/…, Resources/…, or a bare or
#           partial Name.swift, found as the end of a path under Sources or Tests) exists, and every type in backticks
#           (`UpperCamelCase`, alone or before `.member` or `(…)`; a module's name before it is skipped) is declared
#           in Sources as a struct, enum, class, protocol, actor or typealias;
#   modules every folder under Sources is named in the text as a word.
doc_scan() {
python3 - "$@" <<'PY'
import os, re, sys

mode, doc = sys.argv[1], 'docs/ARCHITECTURE.md'
if not os.path.isfile(doc):
    sys.exit(print(f"{doc}: missing (it must describe every module and name only what exists)") or 0)
with open(doc, encoding='utf-8', errors='replace') as f:
    lines = f.read().split('\n')
modules = sorted(d for d in os.listdir('Sources') if os.path.isdir(os.path.join('Sources', d)))

if mode == 'modules':
    text = '\n'.join(lines)
    for m in modules:
        if not re.search(r'(?<![A-Za-z0-9_])' + re.escape(m) + r'(?![A-Za-z0-9_])', text):
            print(f"{doc}: the module Sources/{m} is not mentioned")
    sys.exit(0)

swift_paths = []
declared = set()
DECL = re.compile(r'\b(?:struct|enum|class|protocol|actor|typealias)\s+([A-Za-z_][A-Za-z0-9_]*)')
for top in ('Sources', 'Tests'):
    for folder, _, files in os.walk(top):
        for name in files:
            if not name.endswith('.swift'):
                continue
            path = os.path.join(folder, name)
            swift_paths.append('/' + path)
            if top == 'Sources':
                with open(path, encoding='utf-8', errors='replace') as f:
                    declared.update(DECL.findall(f.read()))

ROOTED = re.compile(r'(?<![A-Za-z0-9_./+-])((?:Sources|Tests|scripts|docs|Fuzz|Resources)/[A-Za-z0-9_./+<>*-]*)')
SWIFT = re.compile(r'(?<![A-Za-z0-9_./+<>*-])([A-Za-z0-9_+][A-Za-z0-9_./+-]*\.swift)(?![A-Za-z0-9_])')
TICKS = re.compile(r'`([^`\n]+)`')
TYPE = re.compile(r'[A-Z][A-Za-z0-9_]*[a-z][A-Za-z0-9_]*')
# The standard library's and Foundation's own, which the text may name beside artmap's.
STANDARD = {'Sendable', 'Hashable', 'Equatable', 'Codable', 'Error', 'String', 'Substring', 'Int', 'Int32', 'Double',
            'Bool', 'Data', 'Date', 'URL', 'Array', 'Set', 'Dictionary', 'Optional', 'Result', 'Task', 'TaskGroup'}
for number, line in enumerate(lines, 1):
    for m in ROOTED.finditer(line):
        path = m.group(1).rstrip('.,:;)')
        if '<' in path or '*' in path:
            continue  # a pattern (Features/<Name>/, Session*.swift), not a file
        if not os.path.exists(path):
            print(f"{doc}:{number}: {path} does not exist")
    for m in SWIFT.finditer(line):
        name = m.group(1)
        if re.match(r'(Sources|Tests|scripts|docs|Fuzz|Resources)/', name):
            continue  # checked above
        if not any(p.endswith('/' + name) for p in swift_paths):
            print(f"{doc}:{number}: {name} is no file under Sources or Tests")
    for m in TICKS.finditer(line):
        span = m.group(1).strip()
        if '.swift' in span or '/' in span.split('(')[0]:
            continue  # a file, checked above
        head = span.split('(')[0]
        if re.search(r'\s', head):
            continue  # code or prose, not a type's name
        parts = re.split(r'[.<\[?!]', head)
        if parts[0] in modules and len(parts) > 1:
            parts = parts[1:]  # Cells.DisplayText: the type is after the module
        name = parts[0]
        if TYPE.fullmatch(name) and name not in declared and name not in STANDARD:
            print(f"{doc}:{number}: `{name}` is no struct, enum, class, protocol, actor or typealias in Sources")
PY
}

# Assigned first, so that the scan failing ends the script (set -e) instead of reading as "ok".
doc_names=$(doc_scan names)
doc_modules=$(doc_scan modules)
report "docs/ARCHITECTURE.md names only files and types that exist" "$doc_names" enforced
report "docs/ARCHITECTURE.md mentions every module under Sources" "$doc_modules" enforced

# docs/DECISIONS.md keeps its superseded entries marked and linked (issue 45): every line that opens with
# `> **Superseded**` (or any quoted "Superseded") sits right under its entry's heading (only other quoted lines
# between), is `> **Superseded** by [heading](#anchor)…` or `> **Superseded**: no longer so…`, and every `(#anchor)`
# on it is the anchor GitHub gives a heading of the file (lower case, punctuation dropped, spaces to `-`, a repeated
# heading `-1`, `-2`…). A tree without the file has nothing to check.
decisions_scan() {
python3 - <<'PY'
import os, re, sys

doc = 'docs/DECISIONS.md'
if not os.path.isfile(doc):
    sys.exit(0)
with open(doc, encoding='utf-8', errors='replace') as f:
    lines = f.read().split('\n')

HEADING = re.compile(r'#{1,6}[ \t]+(.*?)[ \t]*#*[ \t]*$')
anchors, seen, fenced = set(), {}, False
headings = set()
for number, line in enumerate(lines, 1):
    if re.match(r'\s*(```|~~~)', line):
        fenced = not fenced
        continue
    m = None if fenced else HEADING.match(line)
    if m:
        slug = re.sub(r'[^\w\- ]', '', m.group(1).lower()).replace(' ', '-')
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        anchors.add(slug if count == 0 else f'{slug}-{count}')
        headings.add(number)

MARKER = re.compile(r'>\s*(\*\*)?superseded\b', re.IGNORECASE)
FORM = re.compile(r'> \*\*Superseded\*\* by \[[^\]]+\]\(#[^)\s]+\)|> \*\*Superseded\*\*: no longer so\b')
for number, line in enumerate(lines, 1):
    if not MARKER.match(line):
        continue
    above = number - 1
    while above >= 1 and lines[above - 1].startswith('>') and above not in headings:
        above -= 1
    if above < 1 or above not in headings:
        print(f"{doc}:{number}: a Superseded line must sit right under its entry's heading")
    if not FORM.match(line):
        print(f"{doc}:{number}: a Superseded line reads '> **Superseded** by [heading](#anchor): …' or '> **Superseded**: no longer so — …'")
    for link in re.finditer(r'\]\(#([^)\s]*)\)', line):
        if link.group(1) not in anchors:
            print(f"{doc}:{number}: #{link.group(1)} is the anchor of no heading in {doc}")
PY
}

decisions=$(decisions_scan)
report "docs/DECISIONS.md links each superseded entry to a heading that exists" "$decisions" enforced

if [ "$failed" = 1 ]; then
  echo "check-architecture: the source tree breaks the rules above" >&2
  exit 1
fi
if [ "$pending" = 1 ] && [ "$strict_pending" = 1 ]; then
  echo "check-architecture: goals still pending (see above)" >&2
  exit 1
fi
exit 0
