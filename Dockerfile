# Lookout: one process, one port (webhooks, /api, /health, /metrics). See docs/deploy.md.
#
#   docker build -t lookout .
#   docker run -d --name lookout -p 3030:3030 -v "$PWD/config:/app/config" lookout
#
# The image runs the compiled service (dist/), as `npm start` does: `npm ci` compiles it (the prepare script), and
# the start finds the build current, so nothing is compiled in the running container.

ARG NODE_VERSION=20

# ---- build: install the locked dependencies (better-sqlite3 compiles here when no prebuilt binary fits) ----
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json tsconfig.json tsconfig.build.json ./
COPY core ./core
COPY plugins ./plugins
COPY platforms ./platforms
# installs the locked dependencies and compiles core/, plugins/ and platforms/ into dist/ (prepare script)
RUN npm ci --no-audit --no-fund && test -f dist/.build-info.json
COPY fallbacks ./fallbacks
COPY config/config.example.toml ./config/config.example.toml
COPY resources/README.md ./resources/README.md
COPY deploy/healthcheck.mjs ./deploy/healthcheck.mjs
# the image carries what runs: typescript, the type packages and the test tools stay behind
RUN npm prune --omit=dev --no-audit --no-fund

# ---- runtime ----
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
# a dedicated user; a fixed uid so bind-mounted folders can be given to it (chown 10001:10001)
RUN groupadd --system --gid 10001 lookout \
 && useradd --system --uid 10001 --gid lookout --home-dir /app --no-create-home --shell /usr/sbin/nologin lookout
COPY --from=build /app /app
# what the service writes: config/ (SQLite database, journal, config/.cache, backups of templates), resources/
# (downloaded game data), .cache/ (downloaded geofences, pending clean deletions, gym state, forecast), logs/
RUN mkdir -p /app/config /app/resources /app/.cache /app/logs /app/geofences \
 && chown lookout:lookout /app/config /app/resources /app/.cache /app/logs
USER lookout
EXPOSE 3030
VOLUME ["/app/config", "/app/resources", "/app/.cache", "/app/logs"]
# SIGTERM (and SIGINT) stop gracefully: no new webhooks, queued alerts delivered for up to [tuning] stop_grace_secs
# (default 30), the rest kept in the journal. Give `docker stop` more than that: `docker stop -t 60`, or
# `stop_grace_period: 60s` in compose (the grace plus time to finish processing and close the database).
STOPSIGNAL SIGTERM
# GET /health on the [processor] port read from config/config.toml (3030 when it sets none)
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 CMD ["node", "deploy/healthcheck.mjs"]
CMD ["node", "core/launch.mjs", "start"]
