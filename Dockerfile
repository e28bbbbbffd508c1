# The site's container image (docs/deploying.md). Stage "build" builds a release with every dependency; stage
# "runtime" holds the production dependencies, that release and its launchers, and runs them as the unprivileged
# `node` user. scripts/release.sh does the same two stages without Docker: keep the two in step (same files, same
# commands).
#
#   docker build -t domain-rebels-site --build-arg SITE_URL=https://www.example.com .
#   docker run -d --init --stop-timeout 15 -p 127.0.0.1:3000:3000 --env-file .env -v site-data:/app/data \
#     domain-rebels-site

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
# The sources, less what .dockerignore leaves out (what git ignores, and .git): no build/, so the build starts clean.
COPY . .
# The public configuration is baked into the prerendered pages: pass the values the container will run with.
# An empty value (compose passes one for a variable .env leaves unset) is dropped, so the default applies.
ARG SITE_URL
ARG APP_URL
ARG BOOKING_URL
ARG BRAND_NAME
ARG CONTACT_EMAIL
ARG SOCIAL_X_URL
ARG SOCIAL_LINKEDIN_URL
ARG SOCIAL_TIKTOK_URL
ARG HERO_VARIANT
ARG ROADMAP_URL
ARG REVIEWS_PAGE_URL
ARG REVIEWS_WIDGET_SCRIPT_URL
ARG REVIEWS_WIDGET_ID
ARG HELP_CENTER_SCRIPT_URL
ARG HELP_CENTER_ELEMENT
RUN for name in SITE_URL APP_URL BOOKING_URL BRAND_NAME CONTACT_EMAIL SOCIAL_X_URL SOCIAL_LINKEDIN_URL \
		SOCIAL_TIKTOK_URL HERO_VARIANT ROADMAP_URL REVIEWS_PAGE_URL REVIEWS_WIDGET_SCRIPT_URL REVIEWS_WIDGET_ID \
		HELP_CENTER_SCRIPT_URL HELP_CENTER_ELEMENT; do \
		if [ -z "$(printenv "$name")" ]; then unset "$name"; fi; \
	done \
	&& npm run build

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# Exactly what scripts/release.sh stage two copies; change both together. The build stage started without build/,
# so build/ holds the one release just built, build/releases/<id>, and the relative symlink build/current pointing
# at it: COPY keeps a symbolic link found inside a copied directory as a link.
COPY --from=build /app/scripts/start.mjs /app/scripts/command.mjs ./scripts/
COPY --from=build /app/server/release.mjs ./server/
COPY --from=build /app/content ./content
COPY --from=build /app/build ./build
# Everything above belongs to root and is read-only for the server; it writes only to DATA_DIR: the embedded
# database, the generated secrets and the control socket that `npm run db:backup` talks to.
ENV DATA_DIR=/app/data
RUN mkdir -p /app/data && chown node:node /app/data && chmod 700 /app/data
USER node
# Declared after the folder is made and owned: a new named volume starts as a copy of it, owner included.
VOLUME /app/data
EXPOSE 3000
# Liveness: the process answers and the database answers a read. Slim images have no curl; node has fetch.
# The start period covers a PostgreSQL that is still starting (DATABASE_URL; retried for 60 s by default).
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
	CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/healthz`, { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM: stop accepting, finish in-flight requests (forced after 10 s), end the outbox round, close the database.
STOPSIGNAL SIGTERM
# Exec form: node is the process that gets the signal, with no shell or npm in between.
CMD ["node", "scripts/start.mjs"]
