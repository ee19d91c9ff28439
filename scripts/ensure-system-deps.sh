#!/usr/bin/env bash
# Makes sure the system packages the test suites need are installed: Debian's Chromium
# (end-to-end tests), PostgreSQL (the API suite runs on a real server too) and poppler-utils
# (pdftotext reads generated PDFs back in the tests) and curl (the examples of docs/api.md are run
# as written). Installs them
# with apt when missing and running as root; otherwise stops with a message naming them.
set -euo pipefail

need=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
command -v curl >/dev/null 2>&1 || need+=(curl)

if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "Missing system packages: ${need[*]}. Install them with: sudo apt-get install -y ${need[*]}" >&2
  exit 1
fi

echo "Installing system packages: ${need[*]} (apt-get)"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
# Debian's postgresql package starts a cluster of its own; the tests start their own on a free port.
if [[ " ${need[*]} " == *" postgresql "* ]]; then
  (command -v pg_ctlcluster >/dev/null && pg_lsclusters -h 2>/dev/null | awk '{print $1, $2}' | while read -r v c; do pg_ctlcluster "$v" "$c" stop || true; done) || true
fi
echo "Installed: ${need[*]}"
