# syntax=docker/dockerfile:1

# Kortbord server image.
#
#   docker build -t kortbord .
#   docker run -d -p 127.0.0.1:8000:8000 -v kortbord-data:/data kortbord
#
# Both stages must use the same base: the virtualenv built in the first is copied into the
# second and links to its interpreter.
ARG PYTHON_IMAGE=python:3.12-slim

# ---------------------------------------------------------------------------------------
FROM ${PYTHON_IMAGE} AS build

ENV PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1 \
    PYTHONDONTWRITEBYTECODE=1

RUN python -m venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH

WORKDIR /app

# Dependencies first, in a layer of their own, so that a change to the code alone does not
# reinstall them. They are read from pyproject.toml, the only place they are listed.
COPY pyproject.toml README.md ./
RUN python -c "import tomllib; print('\n'.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies']))" \
        > /tmp/requirements.txt \
 && pip install -r /tmp/requirements.txt

COPY app/ app/
COPY migrations/ migrations/
COPY templates/ templates/
COPY static/ static/

# Editable install: `import app` resolves to /app/app, so Path(__file__).parents[2] is /app
# and app/web finds /app/templates and /app/static, app/store finds /app/migrations. A plain
# `pip install .` would put the package in site-packages, where those paths do not exist.
# The install also provides the `kortbord` command in /opt/venv/bin.
RUN pip install --no-deps -e . \
 && python -m compileall -q app migrations \
 && chmod -R a+rX,go-w /app

# ---------------------------------------------------------------------------------------
FROM ${PYTHON_IMAGE}

LABEL org.opencontainers.image.title="Kortbord" \
      org.opencontainers.image.description="A self-hostable online card table for Bismarck."

ENV PATH=/opt/venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    KORTBORD_HOST=0.0.0.0 \
    KORTBORD_DATA_DIR=/data

# A fixed UID/GID, so that a bind-mounted data directory can be chowned to it on the host.
RUN groupadd --system --gid 10001 kortbord \
 && useradd --system --uid 10001 --gid kortbord --create-home --home-dir /home/kortbord \
        --shell /usr/sbin/nologin kortbord \
 && install -d -o kortbord -g kortbord -m 0750 /data

COPY --from=build /opt/venv /opt/venv
COPY --from=build /app /app

WORKDIR /app
# Numeric, so that runtimes can verify it is not root without reading /etc/passwd.
USER 10001:10001

# The SQLite database (kortbord.db and its -wal/-shm files) lives here unless DATABASE_URL
# names another database. A named volume takes the ownership set above on first use.
VOLUME ["/data"]
EXPOSE 8000

# /healthz answers only once startup (including migrations) has finished.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ.get('KORTBORD_PORT', '8000'), timeout=4)"]

CMD ["kortbord", "serve"]
