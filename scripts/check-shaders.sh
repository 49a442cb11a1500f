#!/usr/bin/env bash
# Validates every shader in Shaders/ as GLSL ES 1.00 (OpenGL ES 2.0) with Khronos' reference compiler,
# fragment shaders with the mediump preamble a GPU without highp fragments gets (GLProgram.swift), so a
# construct that only GLSL ES 3.00 or an extension allows fails here, not on a kiosk's GPU. Then checks
# that the check can fail: a shader using a GLSL ES 3.00 feature must be rejected.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v glslangValidator >/dev/null || { echo "error: glslangValidator missing (apt-get install glslang-tools)" >&2; exit 1; }

# validate FILE [DEFINES]: 0 when FILE compiles as GLSL ES 1.00 for its stage (by extension), with DEFINES
# (#define lines, as GLProgram's callers prepend them for a shader's variants).
validate() {
  local file=$1 defines=${2:-} stage preamble tmp
  case "$file" in
    *.vert) stage=vert; preamble=$'#version 100\n' ;;
    *.frag) stage=frag; preamble=$'#version 100\nprecision mediump float;\n' ;;
    *) echo "error: $file: neither .vert nor .frag" >&2; return 2 ;;
  esac
  preamble+=$defines
  tmp=$(mktemp -d)
  printf '%s' "$preamble" > "$tmp/shader.$stage"
  # The line directive keeps the compiler's line numbers those of the file.
  printf '#line 1\n' >> "$tmp/shader.$stage"
  cat "$file" >> "$tmp/shader.$stage"
  local status=0
  glslangValidator -S "$stage" "$tmp/shader.$stage" > "$tmp/log" 2>&1 || status=$?
  [ "$status" -eq 0 ] || sed "s|$tmp/shader.$stage|$file|g" "$tmp/log" >&2
  rm -rf "$tmp"
  return "$status"
}

failed=0
count=0
for f in Shaders/*.vert Shaders/*.frag; do
  count=$((count + 1))
  validate "$f" || { echo "error: $f is not valid GLSL ES 1.00 (mediump)" >&2; failed=1; }
  # A shader's variants: each macro it tests with #ifdef defined alone, and all of them together.
  all=""
  for macro in $(sed -n 's/^#ifdef \([A-Z_]*\).*/\1/p' "$f" | sort -u); do
    all+="#define $macro"$'\n'
    validate "$f" "#define $macro"$'\n' || { echo "error: $f with $macro is not valid GLSL ES 1.00 (mediump)" >&2; failed=1; }
  done
  if [ -n "$all" ]; then
    validate "$f" "$all" || { echo "error: $f with all its macros is not valid GLSL ES 1.00 (mediump)" >&2; failed=1; }
  fi
done
[ "$failed" -eq 0 ] || exit 1

for f in scripts/shader-fixtures/*; do
  if validate "$f" 2>/dev/null; then
    echo "error: $f uses a GLSL ES 3.00 feature but passed the GLSL ES 1.00 check" >&2
    exit 1
  fi
done
echo "shaders: $count valid as GLSL ES 1.00 (mediump fragments); $(ls scripts/shader-fixtures | wc -l) GLSL ES 3 fixtures rejected"
