#!/usr/bin/env bash
# Build phase: validate environments.json and encrypt it to environments.bin when it, or what it is
# encrypted with, changed.
#
# Usage: scripts/encrypt-environments.sh [--format FORMAT] [INPUT.json [OUTPUT.bin]]
#   INPUT  default $ENVIRONMENTS_JSON, else environments/environments.json
#   OUTPUT default $ENVIRONMENTS_BIN, else INPUT with .bin instead of .json
#   FORMAT default $ENVTOOL_FORMAT, else as `envtool encrypt` chooses for the secret:
#          age, v1, or rncryptor: the RNCryptor v3 file that an app built on T21Environment's
#          recipe decrypts with `RNCryptor.DecryptorV3(password:)` (the password in
#          ENVTOOL_PASSPHRASE) or `DecryptorV3(encryptionKey:hmacKey:)` (an RNCryptor key file in
#          ENVTOOL_KEY_FILE), so such an app keeps working unchanged
#
# The secret comes from the environment, never from arguments:
#   ENVTOOL_KEY_FILE   a key file from `envtool keygen` (mode 0600), or an RNCryptor key file
#   ENVTOOL_PASSPHRASE a passphrase (Argon2id; scrypt for age; the password for rncryptor)
#   ENVTOOL_RECIPIENT  a recipient .pub file or text (`envtool keygen --public`)
# ENVTOOL names the envtool binary (default: envtool on PATH, else built with `swift build`).
# ENVTOOL_FORCE=1 encrypts even when nothing changed.
#
# OUTPUT is encrypted again when it is missing or older than INPUT, and also when what it would be
# encrypted with changed: OUTPUT.stamp (written beside it after each encryption) records the format
# asked for, the kind of secret, a SHA-256 of the recipient (ENVTOOL_RECIPIENT's text or file) and of
# the recipients sidecar OUTPUT.recipients; a different stamp is a stale file. A new key file or
# passphrase is found by decrypting OUTPUT with it (no digest of a passphrase is ever written down):
# a file the current secret cannot open is stale too. The stamp holds no secret and may be committed.
#
# Diagnostics are printed as `file:line:col: error: message` with absolute paths, which Xcode
# shows inline in a Run Script phase; Makefiles and CI logs read them too.
set -euo pipefail

me=$(basename "$0")
fail() { echo "$me: error: $1" >&2; exit "${2:-1}"; }

format=${ENVTOOL_FORMAT:-}
case "${1:-}" in
  --format) (($# >= 2)) || fail "--format needs a value: age, v1 or rncryptor" 64; format=$2; shift 2 ;;
  --format=*) format=${1#--format=}; shift ;;
esac
case "$format" in
  ""|age|v1|rncryptor) ;;
  *) fail "unknown format '$format' (ENVTOOL_FORMAT or --format): age, v1 or rncryptor" 64 ;;
esac

input=${1:-${ENVIRONMENTS_JSON:-environments/environments.json}}
output=${2:-${ENVIRONMENTS_BIN:-${input%.json}.bin}}

[[ -f $input ]] || fail "cannot read $input: no such file (set ENVIRONMENTS_JSON or pass the path)" 66
input="$(cd "$(dirname "$input")" && pwd)/$(basename "$input")"

if [[ -z ${ENVTOOL_KEY_FILE:-} && -z ${ENVTOOL_PASSPHRASE:-} && -z ${ENVTOOL_RECIPIENT:-} ]]; then
  fail "no secret to encrypt with: set ENVTOOL_KEY_FILE (envtool keygen -o FILE), ENVTOOL_PASSPHRASE or ENVTOOL_RECIPIENT" 77
fi

envtool=${ENVTOOL:-}
if [[ -z $envtool ]]; then
  if command -v envtool >/dev/null 2>&1; then
    envtool=envtool
  else
    root="$(cd "$(dirname "$0")/.." && pwd)"
    swift build --package-path "$root" --product envtool >&2
    envtool="$(swift build --package-path "$root" --show-bin-path)/envtool"
  fi
fi

"$envtool" validate --environments "$input" >/dev/null

# SHA-256 of standard input, with whichever tool the system has (GNU coreutils, macOS, OpenSSL).
digest() {
  if command -v sha256sum >/dev/null 2>&1; then sha256sum | cut -d' ' -f1
  elif command -v shasum >/dev/null 2>&1; then shasum -a 256 | cut -d' ' -f1
  else openssl dgst -sha256 | sed 's/^.*= *//'
  fi
}

# What OUTPUT is encrypted with, without any secret: the format, the kind of secret, and digests of
# the recipient and of the recipients sidecar (a recipient file may be given by mistake for an
# identity: only its digest is written).
stamp() {
  local kind=passphrase recipient=""
  [[ -z ${ENVTOOL_KEY_FILE:-} ]] || kind=key-file
  if [[ -n ${ENVTOOL_RECIPIENT:-} ]]; then
    kind=recipient
    if [[ -f $ENVTOOL_RECIPIENT ]]; then recipient=$(digest < "$ENVTOOL_RECIPIENT"); else recipient=$(printf '%s' "$ENVTOOL_RECIPIENT" | digest); fi
  fi
  local sidecar=none
  [[ ! -f $output.recipients ]] || sidecar=$(digest < "$output.recipients")
  printf 'envtool-encrypt-stamp 1\nformat: %s\nsecret: %s\nrecipient: %s\nrecipients-file: %s\n' \
    "${format:-default}" "$kind" "${recipient:-none}" "$sidecar"
}

# Why OUTPUT must be encrypted again, or nothing when it is up to date.
stale() {
  [[ -f $output ]] || { echo "$output does not exist"; return; }
  [[ $output -nt $input ]] || { echo "$input changed"; return; }
  [[ -f $output.stamp && "$(cat "$output.stamp")" == "$(stamp)" ]] || { echo "the format or the recipients changed"; return; }
  if [[ -z ${ENVTOOL_RECIPIENT:-} ]] && ! "$envtool" decrypt "$output" >/dev/null 2>&1; then
    echo "the key or passphrase changed"
  fi
}

if [[ -z ${ENVTOOL_FORCE:-} ]]; then
  reason=$(stale)
  if [[ -z $reason ]]; then
    echo "$me: $output is up to date"
    exit 0
  fi
  echo "$me: encrypting $output: $reason"
fi

to=()
[[ -z $format ]] || to=(--to "$format")
# ${to[@]+…}: an empty array is "unbound" to the bash 3.2 of macOS, which runs Xcode build phases.
"$envtool" encrypt "$input" --output "$output" ${to[@]+"${to[@]}"}
stamp > "$output.stamp.tmp.$$"
mv -f "$output.stamp.tmp.$$" "$output.stamp"
