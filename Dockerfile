# The web service: Daphne serving HTTP and websockets from one ASGI application.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    DEBUG=false \
    STATIC_ROOT=/app/staticfiles

WORKDIR /app
COPY pyproject.toml README.md ./
RUN pip install --upgrade pip && pip install .
COPY . .
# The image carries the project's bytecode: PYTHONDONTWRITEBYTECODE keeps a running container
# from writing it, so without this every server and worker start compiled the whole project
# again (docs/performance.md: 0.12 s of CPU a start here, paid again by each restarted process).
RUN python -m compileall -q -j 0 /app
RUN useradd --create-home cribbage && chown -R cribbage /app
USER cribbage

EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
    CMD python -c "import urllib.request,sys; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4).status != 200)"
# The web server does not migrate: Django's migrate takes no database lock, so replicas starting
# together could race. docker-compose.yml runs `python manage.py migrate --noinput` once, in its
# one-shot `migrate` service, and starts the replicas after it succeeds. Static files go to this
# container's own STATIC_ROOT, so collecting them on start cannot race with another replica.
CMD ["sh", "-c", "python manage.py collectstatic --noinput -v0 && exec daphne -b 0.0.0.0 -p 8000 --websocket-max-message-size 16384 --websocket-max-frame-size 16384 cribbage_site.asgi:application"]
