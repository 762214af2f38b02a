#!/usr/bin/env bash
# Builds the Timeline example (XToolGenPlugin generates its data layer from
# Sources/Timeline/Specs/Timeline.yaml) and runs it against the project's local test server
# (Tests/TestSupport/Resources/local_server.py, on 127.0.0.1) with canned responses.
# Fails on any warning in the build output, on a wrong answer, and on a wrong request.
#   --clean   remove .build first (what CI does)
set -euo pipefail
cd "$(dirname "$0")"
server_script=../../Tests/TestSupport/Resources/local_server.py

[ "${1:-}" = "--clean" ] && rm -rf .build

echo "== build the example"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift build 2>&1 | tee "$log"
if grep -q "warning:" "$log"; then
  echo "error: the example's build has warnings:" >&2
  grep "warning:" "$log" >&2
  exit 1
fi
binary="$(swift build --show-bin-path)/Timeline"

echo "== validate its spec through the command plugin"
swift package xtoolgen validate Sources/Timeline/Specs/Timeline.yaml 2>&1 | tee "$log"
grep -q "Timeline.yaml: valid" "$log"
if swift package xtoolgen generate >"$log" 2>&1 || ! grep -q "generate-data-layer" "$log"; then
  echo "error: swift package xtoolgen generate must be refused with a pointer to generate-data-layer:" >&2
  cat "$log" >&2
  exit 1
fi

echo "== run it against the local test server"
# The server serves until its standard input closes, so it goes away with this script.
coproc SERVER { exec python3 "$server_script"; }
read -r -t 30 announcement <&"${SERVER[0]}"
port=$(python3 -c 'import json, sys; print(json.loads(sys.argv[1])["port"])' "$announcement")
server="http://127.0.0.1:$port"

# control METHOD PATH [JSON]: a request to the server's control API; prints the answer.
control() {
  python3 - "$server" "$@" <<'PY'
import sys, urllib.request
server, method, path = sys.argv[1:4]
data = sys.argv[4].encode() if len(sys.argv) > 4 else None
request = urllib.request.Request(server + path, data=data, method=method)
print(urllib.request.urlopen(request).read().decode())
PY
}

post() { printf '{"id": %s, "text": "%s", "author": "%s", "created_at": "%s"%s}' "$@"; }
first=$(post 2 "Hello again" grace 2025-01-02T10:30:00Z ', "like_count": 3')
second=$(post 1 "First post" ada 2025-01-01T09:00:00Z '')
published=$(post 3 "Built by the plugin" ada 2025-01-03T12:00:00.250Z '')
routes() {
  python3 - "$@" <<'PY'
import json, sys
path, *bodies = sys.argv[1:]
responses = []
for body in bodies:
    status, _, text = body.partition(" ")
    responses.append({"status": int(status), "headers": {"Content-Type": "application/json"}, "body": text})
print(json.dumps({"path": path, "responses": responses}))
PY
}
control POST /_control/routes "$(routes /api/posts/latest.json \
  "200 {\"posts\": [$first, $second]}" \
  '200 {"posts": []}' \
  '401 {"error": "token expired"}')" >/dev/null
control POST /_control/routes "$(routes /api/posts "200 $published")" >/dev/null

actual=$("$binary" "$server/api/")
expected='latest: 2 posts
  #2 grace at 2025-01-02T10:30:00Z: Hello again (3 likes)
  #1 ada at 2025-01-01T09:00:00Z: First post (0 likes)
published: #3 ada at 2025-01-03T12:00:00Z: Built by the plugin (0 likes)
since #3: 0 posts
error: The server answered with HTTP 401: {"error": "token expired"}
preview: #2 grace at 2025-01-02T10:30:00Z: Hello again (3 likes); #1 ada at 2025-01-01T09:00:00Z: First post (0 likes)'
echo "$actual"
if [ "$actual" != "$expected" ]; then
  echo "error: the example's output is not what the canned responses should give:" >&2
  diff <(echo "$expected") <(echo "$actual") >&2 || true
  exit 1
fi

# What the server received: the provided token on every request, the parameters the calls passed.
received=$(control GET "/_control/requests?path=/api/posts/latest.json")$'\n'$(control GET "/_control/requests?path=/api/posts")
python3 - "$received" <<'PY'
import json, sys
latest, publish = (json.loads(line) for line in sys.argv[1].splitlines())
queries = [request["query"] for request in latest]
expected = ["access_token=example-token&count=2",
            "access_token=example-token&since_id=3&count=20",
            "access_token=example-token&since_id=3&count=20"]
assert queries == expected, f"latest.json queries: {queries}"
[post] = publish
assert post["method"] == "POST", post
body = json.loads(post["body"])
assert body == {"access_token": "example-token", "text": "Built by the plugin"}, body
PY
echo "== the example works"
