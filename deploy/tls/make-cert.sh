#!/bin/sh
# A self-signed certificate for the balancer of docker-compose.yml (its one-shot `certs` service),
# so the shop runs over https on this machine and the token cookies can be Secure. Kept when it
# exists; delete the volume (docker compose down -v) for a new one. CERT_DIR: where to write.
set -eu
dir="${CERT_DIR:-/certs}"
if [ -s "$dir/tls.crt" ] && [ -s "$dir/tls.key" ]; then
  echo "certificate exists in $dir"
  exit 0
fi
mkdir -p "$dir"
# The compose service runs on plain Alpine, which has no openssl command until it is added.
command -v openssl >/dev/null 2>&1 || apk add --no-cache openssl >/dev/null
openssl req -x509 -newkey rsa:2048 -nodes -sha256 -days 365 \
  -subj "/CN=localhost" \
  -addext "subjectAltName=DNS:localhost,DNS:harbour.localhost,DNS:*.localhost,IP:127.0.0.1" \
  -keyout "$dir/tls.key" -out "$dir/tls.crt" 2>/dev/null
chmod 644 "$dir/tls.crt"
chmod 600 "$dir/tls.key"
echo "certificate written to $dir"
