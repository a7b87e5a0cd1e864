#!/bin/sh
# Install loveletter, with the server's extras (PostgreSQL and Redis), into a virtual
# environment: the steps of the image (deploy/Dockerfile), which CI runs outside
# containers (tests/test_deploy.py).
#
#   deploy/build-app.sh VENV [SOURCE]
#
# VENV is made with $PYTHON (python3 by default) unless it exists; SOURCE is the
# project's tree (default: the one holding this script). pip's own settings apply
# (PIP_NO_CACHE_DIR in the image; a machine's cache of wheels elsewhere).
set -eu

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: $0 VENV [SOURCE]" >&2
    exit 2
fi
venv=$1
source=${2:-$(dirname "$0")/..}

if [ ! -x "$venv/bin/python" ]; then
    "${PYTHON:-python3}" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$source[postgres,redis]"
"$venv/bin/loveletter" --version
