#!/usr/bin/env python3
"""Serve hexlab's web/ folder (this file's directory) for development and tests.

Every response carries the headers that make the page cross-origin isolated
(so SharedArrayBuffer and the threaded wasm build work), a strict
Content-Security-Policy (CSP below), correct MIME types for wasm and ES
modules, and `Cache-Control: no-cache`. `.wasm` and `.js` files go out
gzip-compressed (`Content-Encoding: gzip`, `Vary: Accept-Encoding`) to a client
whose `Accept-Encoding` accepts gzip; each file is compressed once and kept in
memory (until it changes on disk).

    python3 web/serve.py                 # port from $PORT, else 8080
    python3 web/serve.py --port 0        # a free port; the first stdout line names it
    python3 web/serve.py --no-isolation  # no COOP/COEP: tests the single-thread fallback
    python3 web/serve.py --csp "POLICY"  # another Content-Security-Policy ('' for none)
    python3 web/serve.py --csp-report    # the CSP also asks the browser to report violations
                                         # to /__csp-report (POST), listed by GET /__csp-report

The first line on stdout is always `serving http://localhost:PORT/`.
"""

import argparse
import email.utils
import functools
import gzip
import http.server
import json
import os
import sys
import threading

ROOT = os.path.dirname(os.path.abspath(__file__))

# The Content-Security-Policy of every response (the page, its modules, its workers: a worker served
# over HTTP takes the policy of its own response). The page needs no more than this; anything else a
# script could be tricked into doing (an inline script or handler, eval, a third-party origin, a form,
# a frame) is refused by the browser:
#   default-src 'self'                 nothing from another origin unless named below
#   script-src 'self' 'wasm-unsafe-eval'
#                                      modules from this origin only; 'wasm-unsafe-eval' lets
#                                      WebAssembly compile (no JS eval, no inline script)
#   worker-src 'self' blob:            js/worker.js, and the rayon pool's threads, which
#                                      wasm-bindgen-rayon starts from a blob: copy of its own
#                                      helper (pkg/threads/snippets/.../workerHelpers.no-bundler.js)
#   style-src 'self'                   css/*.css only: no <style>, no style="" attribute
#   img-src 'self' data:               the icons, the `data:,` icon of bench.html, and Export's PNG
#                                      (the board's SVG drawn from a data: URL onto a canvas)
#   connect-src 'self'                 fetch of the .wasm files and of that helper
#   object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'
#                                      no plugins, no <base>, no form submission (the link box is
#                                      handled in JS), never framed by another page
CSP = "; ".join([
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "worker-src 'self' blob:",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
])

# --csp-report (tests): the policy gets `report-uri` this path; the browser POSTs every violation
# there, from the page and from its workers alike (which no page event sees), and GET lists them.
REPORT_PATH = "/__csp-report"
REPORT_LIMIT = 1000  # reports kept (a test needs a handful); bodies over 64 KiB are refused

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".html": "text/html",
    ".svg": "image/svg+xml",
    ".json": "application/json",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".ts": "text/plain",  # wasm-bindgen's .d.ts files, readable in the browser
    ".webmanifest": "application/manifest+json",  # the web app manifest (installing the page)
}


# Sent gzip-compressed to a client that accepts it (the threaded wasm: 3.0 MB, 0.42 MB gzipped).
COMPRESSED = (".wasm", ".js", ".mjs")


def accepts_gzip(header):
    """Whether an Accept-Encoding header value accepts gzip (`gzip` or `*`, not with q=0)."""
    for part in (header or "").split(","):
        name, _, params = part.strip().partition(";")
        name = name.strip().lower()
        if name not in ("gzip", "x-gzip", "*"):
            continue
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if q > 0:
            return True
    return False


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with isolation, MIME and cache headers; quiet logs."""

    protocol_version = "HTTP/1.1"  # keep-alive: a page loads many small modules
    isolation = True
    csp = CSP
    reports = None  # a list with --csp-report, else None (no endpoint)
    reports_lock = threading.Lock()
    gzip_cache = {}  # path -> (mtime_ns, size, gzip bytes)
    gzip_lock = threading.Lock()
    verbose = False
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self):
        if self.isolation:
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        if self.csp:
            self.send_header("Content-Security-Policy", self.csp)
        self.send_header("Cache-Control", "no-cache")
        if self.path.split("?")[0].split("#")[0].endswith(COMPRESSED):
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def do_GET(self):
        if self.reports is not None and self.path.split("?")[0] == REPORT_PATH:
            with self.reports_lock:
                body = json.dumps(self.reports).encode()
            return self.reply(200, body, "application/json")
        if self.send_gzip(head=False):
            return None
        return super().do_GET()

    def do_HEAD(self):
        if self.send_gzip(head=True):
            return None
        return super().do_HEAD()

    def send_gzip(self, head):
        """Sends a .wasm or .js file gzip-compressed when the client accepts it; False to serve it as usual."""
        path = self.translate_path(self.path)
        if not path.endswith(COMPRESSED) or not accepts_gzip(self.headers.get("Accept-Encoding")):
            return False
        try:
            st = os.stat(path)
        except OSError:
            return False
        if not os.path.isfile(path):
            return False
        with self.gzip_lock:
            cached = self.gzip_cache.get(path)
        if cached and cached[0] == st.st_mtime_ns and cached[1] == st.st_size:
            body = cached[2]
        else:
            try:
                with open(path, "rb") as f:
                    body = gzip.compress(f.read(), compresslevel=9, mtime=0)
            except OSError:
                return False
            with self.gzip_lock:
                self.gzip_cache[path] = (st.st_mtime_ns, st.st_size, body)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", email.utils.formatdate(st.st_mtime, usegmt=True))
        self.end_headers()
        if not head:
            self.wfile.write(body)
        return True

    def do_POST(self):
        if self.reports is None or self.path.split("?")[0] != REPORT_PATH:
            return self.reply(405, b"only GET and HEAD\n", "text/plain")
        length = int(self.headers.get("Content-Length") or 0)
        if length > 65536:
            self.close_connection = True
            return self.reply(413, b"report too large\n", "text/plain")
        try:
            report = json.loads(self.rfile.read(length) or b"null")
        except ValueError:
            return self.reply(400, b"not JSON\n", "text/plain")
        with self.reports_lock:
            if len(self.reports) < REPORT_LIMIT:
                self.reports.append(report)
        if self.verbose:
            sys.stderr.write("CSP report: %s\n" % json.dumps(report))
        return self.reply(204, b"", None)

    def reply(self, status, body, content_type):
        self.send_response(status)
        if content_type:
            self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if body:
            self.wfile.write(body)

    def log_message(self, format, *args):
        # Quiet by default; --verbose logs one line per request to stderr.
        if self.verbose:
            sys.stderr.write("%s %s\n" % (self.address_string(), format % args))


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A browser closing a connection early is not worth a traceback.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8080")),
                        help="port to listen on; 0 picks a free one (default: $PORT or 8080)")
    parser.add_argument("--bind", default="127.0.0.1", help="address to bind (default: 127.0.0.1)")
    parser.add_argument("--no-isolation", action="store_true",
                        help="omit the COOP/COEP headers (the page then falls back to one thread)")
    parser.add_argument("--csp", metavar="POLICY",
                        help="send this Content-Security-Policy instead of the strict one ('' sends none): "
                             "to try how the page copes with a host's policy")
    parser.add_argument("--csp-report", action="store_true",
                        help=f"the CSP asks for violation reports, kept and listed at {REPORT_PATH}")
    parser.add_argument("--verbose", action="store_true", help="log every request to stderr")
    args = parser.parse_args(argv)

    Handler.isolation = not args.no_isolation
    Handler.verbose = args.verbose
    if args.csp is not None:
        Handler.csp = args.csp
    if args.csp_report:
        if Handler.csp:
            Handler.csp = f"{Handler.csp}; report-uri {REPORT_PATH}"
        Handler.reports = []
    handler = functools.partial(Handler, directory=ROOT)
    with Server((args.bind, args.port), handler) as httpd:
        port = httpd.server_address[1]
        print(f"serving http://localhost:{port}/", flush=True)
        if not Handler.isolation:
            print("cross-origin isolation headers are OFF (--no-isolation)", flush=True)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
