# syntax=docker/dockerfile:1
# The shop in one image: `docker build -t nour .` then `docker run -p 3000:3000 -v nour-data:/data nour`
# (README, "Deploy"). The build stage has every tool; the final one only what the compiled server runs.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The web app into dist/web and the server, compiled to plain JavaScript, into dist/server.
RUN npm run build

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# The embedded database, uploaded images and the generated secret live in DATA_DIR, owned by the
# image's unprivileged user (node, uid 1000).
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# The slim image has no curl: Node asks the health route itself.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((answer) => process.exit(answer.ok ? 0 : 1), () => process.exit(1))"]
# What `npm run serve` runs, without npm in between, so SIGTERM reaches the server and it closes cleanly.
CMD ["node", "--max-old-space-size=192", "--enable-source-maps", "dist/server/main.js"]
