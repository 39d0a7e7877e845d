# The app image used by docker-compose.yml: API, projector and worker in one process, web app built in.
FROM node:20-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg libchromaprint-tools && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci
COPY . .
RUN npm run build:web
ENV NODE_ENV=production
# glibc's allocator as `npm start` sets it (docs/creation-renderer.md, Memory): two arenas, and every
# buffer from 128 KB up mapped on its own and given back when freed.
ENV MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
EXPOSE 3000
CMD ["npx", "tsx", "ops/start.ts"]
