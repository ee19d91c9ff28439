#!/usr/bin/env bash
# Makes sure the system packages the test suites need are installed: Debian's Chromium
# (end-to-end tests). Installs them with apt when missing and running as root; otherwise
# stops with a message naming the package.
set -euo pipefail

need=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || need+=(chromium)

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
echo "Installed: ${need[*]}"
