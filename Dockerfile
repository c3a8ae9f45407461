# One image for both processes: the gateway (default command) and the reference platform
# (`node dist/platform/main.js`). Multi-stage: build with dev dependencies, run without them.
# Node 24, the active LTS (docs/decisions/0227). Health checks are the orchestrator's, per process
# (docker-compose.yml, deploy/k8s/): one image-wide HEALTHCHECK cannot fit both.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production
# The platform's embedded database when it runs without DATABASE_URL: a directory the `node` user
# may write, to mount a volume on (docker-compose.yml's platform-data).
ENV DATA_DIR=/data
RUN mkdir -p /data && chown node:node /data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/dist ./dist
COPY --from=build /app/scripts/gateway.sh ./scripts/gateway.sh
USER node
EXPOSE 3000 4000 9464
# The gateway with its heap caps: old generation 96 MB, semi-spaces 4 MB, never shrunk below
# that (docs/decisions/0008, 0293).
# Resident memory on Node 24 with Sentry, Redis and every cache on peaks at ~205 MB under load:
# give the container 256 MiB (docs/decisions/0228). NODE_OPTIONS=--max-old-space-size=N raises the
# cap (scripts/gateway.sh); raise the container's memory by as much.
CMD ["sh", "scripts/gateway.sh"]
