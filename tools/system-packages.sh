#!/usr/bin/env bash
# The Debian packages the browser tests, the PDF and the screenshots need: installed when one is
# missing (as root, or through sudo), else the command to run is printed. .ci/run, the GitHub
# workflow and `make pdf` call it: this is the one list.
#   chromium             headless browser (Playwright drives /usr/bin/chromium)
#   fonts-noto-cjk       Chinese on the pages in the browser
#   fonts-wqy-microhei   Chinese in the PDF (a TrueType font: Chromium embeds it as a font, not as drawings)
#   poppler-utils        pdftotext for the PDF tests, pdftoppm to look at its pages
set -euo pipefail
packages=(chromium fonts-noto-cjk fonts-wqy-microhei poppler-utils)
run=()
[ "$(id -u)" -eq 0 ] || { command -v sudo >/dev/null 2>&1 && run=(sudo -n); }
# Ubuntu's "chromium" package is a snap stub that does not run on a CI runner: there, Google
# Chrome (the same engine, preinstalled on GitHub's runners) stands at the path the tests use.
if grep -qs '^ID=ubuntu' /etc/os-release && [ ! -x /usr/bin/chromium ] && command -v google-chrome >/dev/null 2>&1; then
  "${run[@]}" ln -s "$(command -v google-chrome)" /usr/bin/chromium
fi
[ -x /usr/bin/chromium ] && packages=("${packages[@]:1}")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "system packages: not a Debian system; install the equivalents of: ${missing[*]}" >&2
  exit 0
fi
if [ "$(id -u)" -ne 0 ] && [ ${#run[@]} -eq 0 ]; then
  echo "system packages missing: ${missing[*]}; run: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${run[@]}" apt-get update -qq
"${run[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
