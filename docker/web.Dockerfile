# syntax=docker/dockerfile:1.7
# The web app (Vite build of apps/web) on unprivileged nginx, port 8080; /api is proxied to the gateway
# (API_UPSTREAM). In Kubernetes the Ingress sends /api to the gateway directly.
# Build from the repository root:  docker build -f docker/web.Dockerfile -t hintakori-web .
ARG NODE_IMAGE=node:24.21.0-bookworm-slim
FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm install --no-audit --no-fund --ignore-scripts
COPY tsconfig.base.json tsconfig.json ./
COPY libs libs
COPY apps/web apps/web
RUN npx vite build --config apps/web/vite.config.ts --logLevel warn

FROM nginxinc/nginx-unprivileged:1.27-alpine AS runtime
ENV API_UPSTREAM=http://gateway:3000 \
    NGINX_ENVSUBST_OUTPUT_DIR=/tmp/nginx-conf \
    NGINX_ENVSUBST_FILTER=API_UPSTREAM
USER root
# The unprivileged image already keeps its pid and temp files under /tmp; only the rendered server config moves
# there too, so the root filesystem can be read-only.
RUN rm -f /etc/nginx/conf.d/default.conf \
 && sed -i 's|include /etc/nginx/conf.d/\*.conf;|include /tmp/nginx-conf/*.conf;|' /etc/nginx/nginx.conf \
 && printf '#!/bin/sh\nmkdir -p /tmp/nginx-conf\n' > /docker-entrypoint.d/05-tmp-dirs.sh \
 && chmod 0755 /docker-entrypoint.d/05-tmp-dirs.sh
COPY docker/nginx/web.conf.template /etc/nginx/templates/web.conf.template
COPY docker/nginx/security-headers.conf /etc/nginx/snippets/security-headers.conf
COPY --from=build /src/dist/apps/web /usr/share/nginx/html
USER 101
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --retries=3 CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/healthz"]
