#!/usr/bin/env bash
# The search benchmark (issue 47, item 3): a Debian-shaped table of 60,000 rows
# with an FTS5 index of its summary and description, served by ListState without
# the response cache; each search page timed by curl, N requests in a row, the
# median in milliseconds: relevance order (the default with a search), the same
# search in key order (`sort=`, how every search was ordered before), its second
# page (a cursor), a label match (`q=bash`) and a literal (`q=g++`).
#
#     Benchmarks/search.sh            # the release build
#     LISTSTATE=.build/debug/liststate Benchmarks/search.sh
#
# Prints a Markdown section on standard output. Environment: LISTSTATE (the
# binary; default the release build), SEARCH_REQUESTS (default 40), SEARCH_ROWS
# (default 60000).
set -euo pipefail
cd "$(dirname "$0")/.."

liststate=${LISTSTATE:-$(swift build -c release --show-bin-path)/liststate}
requests=${SEARCH_REQUESTS:-40}
rows=${SEARCH_ROWS:-60000}
log() { printf '» %s\n' "$*" >&2; }

. Benchmarks/common.sh  # start_work, free_port, wait_for
start_work search

log "generating the table ($rows rows)"
mkdir -p "$work/data"
python3 - "$work/data/debian.sqlite" "$rows" <<'PY'
import random, sqlite3, sys
random.seed(47)
count = int(sys.argv[2])
stems = ["acl", "apt", "bash", "bison", "curl", "dbus", "dpkg", "emacs", "gawk", "glib", "gtk", "perl", "vim", "xz",
         "zlib", "nano", "sed", "tar", "ssh", "git", "gcc", "python", "ruby", "node", "rust", "go", "lua", "tcl"]
forms = ["{}", "lib{}1", "lib{}-dev", "lib{}-doc", "python3-{}", "{}-utils", "{}-common", "ruby-{}", "node-{}"]
words = ["library", "tool", "format", "support", "files", "network", "data", "fast", "simple", "interface", "editor",
         "compression", "parser", "runtime", "shared", "development", "documentation", "shell", "portable", "secure",
         "binding", "module", "protocol", "terminal", "graphical", "streaming", "index", "compiler", "text", "server"]
db = sqlite3.connect(sys.argv[1])
db.execute("CREATE TABLE packages (name TEXT PRIMARY KEY, section TEXT, summary TEXT, description TEXT)")
names = set(["bash", "g++", "c#-runtime", "libstdc++6"])
while len(names) < count:
    names.add(random.choice(forms).format(random.choice(stems)) + str(random.randint(0, 99999)))
def text(low, high):
    return " ".join(random.choice(words) for _ in range(random.randint(low, high)))
db.executemany("INSERT INTO packages VALUES (?, ?, ?, ?)", (
    (name, random.choice(["admin", "devel", "editors", "libs", "net", "text", "utils"]), text(3, 8) + " for " + name,
     text(20, 60) + (" built with g++" if random.random() < 0.02 else "")) for name in sorted(names)))
db.execute("CREATE VIRTUAL TABLE packages_fts USING fts5 (summary, description, content = 'packages')")
db.execute("INSERT INTO packages_fts (packages_fts) VALUES ('rebuild')")
db.commit()
PY

port=$(free_port)
"$liststate" serve --port "$port" --response-cache 0 "$work/data/debian.sqlite" > /dev/null 2> "$work/serve.err" &
pids+=($!)
wait_for "http://127.0.0.1:$port/packages" "${pids[-1]}"
base="http://127.0.0.1:$port"

# The median time of `requests` requests for a path, in milliseconds.
median_ms() {
  local times=()
  for _ in $(seq "$requests"); do
    times+=("$(curl -fsS -o /dev/null -w '%{time_total}' "$base$1")")
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{ t[NR] = $1 } END { printf "%.1f", t[int((NR + 1) / 2)] * 1000 }'
}
second=$(curl -fsS "$base/packages.json?q=editor" | python3 -c 'import json, sys; print(json.load(sys.stdin)["next"])')
matches=$(curl -fsS "$base/packages.json?q=editor" | python3 -c 'import json, sys; print(json.load(sys.stdin)["count"])')
literal=$(curl -fsS "$base/packages.json?q=g%2B%2B" | python3 -c 'import json, sys; print(json.load(sys.stdin)["count"])')

echo "## Search ($rows rows, FTS5; $(basename "$liststate") $("$liststate" version 2>/dev/null | head -1))"
echo
echo "Median of $requests requests each, no response cache, a 20-row page with its count:"
echo
echo "| page | ms |"
echo "| --- | --- |"
echo "| \`q=editor\` ($matches rows), relevance order | $(median_ms "/packages?q=editor") |"
echo "| \`q=editor&sort=\`, key order (the order before issue 47) | $(median_ms "/packages?q=editor&sort=") |"
echo "| \`q=editor\`, second page (its cursor) | $(median_ms "${second}") |"
few=$(curl -fsS "$base/packages.json?q=compiler+terminal+secure" | python3 -c 'import json, sys; print(json.load(sys.stdin)["count"])')
echo "| \`q=compiler+terminal+secure\` ($few rows), relevance order | $(median_ms "/packages?q=compiler+terminal+secure") |"
echo "| \`q=compiler+terminal+secure&sort=\`, key order | $(median_ms "/packages?q=compiler+terminal+secure&sort=") |"
echo "| \`q=bash\`, relevance order (the label first) | $(median_ms "/packages?q=bash") |"
echo "| \`q=g%2B%2B\` ($literal rows), a literal | $(median_ms "/packages?q=g%2B%2B") |"
