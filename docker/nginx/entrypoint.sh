#!/bin/sh
# Renders the server config with API_UPSTREAM into /tmp (the root filesystem is read-only) and runs nginx.
set -eu
mkdir -p /tmp/nginx-conf
sed "s|\${API_UPSTREAM}|${API_UPSTREAM}|g" /etc/nginx/templates/web.conf.template > /tmp/nginx-conf/web.conf
exec nginx -c /etc/nginx/hintakori.conf -g 'daemon off;'
