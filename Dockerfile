# The site in a container: the same commands CI's production-path test runs (npm ci, npm run
# build, npm prune --omit=dev, node scripts/run-built.mjs main). Two stages: the build stage has
# the dev dependencies; the runtime stage gets only the build, the production dependencies and
# the files a first start copies (demo pictures, the empty embedded-database cluster).
# test/runtime/production-path.test.ts copies exactly the `COPY --from=build` paths below into a
# folder of their own and starts the site there, so this list cannot silently fall behind.

FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/demo-images ./demo-images
COPY --from=build /app/db-template ./db-template
RUN mkdir -p /data && chown node:node /data
# The embedded database, uploads, the outbox and the generated key live here: keep it on a volume.
VOLUME /data
USER node
EXPOSE 3000
# 503 {"status":"starting"} while a first start migrates and seeds, 200 once ready.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "scripts/run-built.mjs", "main"]
