# syntax=docker/dockerfile:1
# «Кварта»: one image for every role (ROLE=web | worker | all) and for the migration step.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY contract/package.json contract/package.json
RUN npm install --no-audit --no-fund
COPY . .
# Both front ends, the server-rendering bundle and the server itself (dist/node: main.js, migrate.js).
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim AS runtime
# pg_dump/pg_restore for `npm run backup` against the compose database; tini reaps children and forwards signals.
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client tini \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 DATA_DIR=/var/lib/kvarta
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# Files the server reads at run time, named from the project root (server/project-root.ts).
COPY --from=build /app/server/db/migrations ./server/db/migrations
COPY --from=build /app/server/catalog/data ./server/catalog/data
COPY --from=build /app/public/docs ./public/docs
# MEDIA_DIR (compose mounts its shared `media` volume here): a new named volume takes this folder's owner, so the
# unprivileged server can write feed photos into it.
RUN mkdir -p /var/lib/kvarta/media && chown -R node:node /var/lib/kvarta
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--enable-source-maps", "dist/node/main.js"]
