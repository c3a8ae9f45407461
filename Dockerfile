# One image for both processes: the gateway (default command) and the reference platform
# (`node dist/platform/main.js`). Multi-stage: build with dev dependencies, run without them.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/dist ./dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=2s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The heap caps keep the gateway under 150 MB resident (docs/decisions/0008).
CMD ["node", "--enable-source-maps", "--max-old-space-size=96", "--max-semi-space-size=4", "dist/server/main.js"]
