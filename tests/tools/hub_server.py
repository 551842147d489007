#!/usr/bin/env python3
"""A stand-in for the Hugging Face hub on loopback, for the downloader's tests.

It speaks the subset of the hub's protocol that Tokenscope's downloader uses:
  GET  /api/models/ID[/revision/REV]?blobs=true   listing with sha, siblings, blobId, lfs
  HEAD /ID/resolve/REV/FILE                        X-Repo-Commit, ETag, X-Linked-Etag,
  GET  /ID/resolve/REV/FILE                        X-Linked-Size; LFS files answer 302
  GET  /blobs/SHA256 (on the "CDN" host)           Range requests (206 + Content-Range)
LFS files (weights) are redirected, as the hub does, to another host name: a second
listener on 127.0.0.2, or "localhost" when that address cannot be bound. Both are loopback.

Fault switches make the hard cases happen on purpose: --gated ID (401 without the token,
403 with a wrong one), --corrupt FILE (one flipped byte on the wire while the listing keeps
the true hash), --cut-after N (the first GET of each LFS blob stops after N bytes),
--chunk-delay S (a slow line: S seconds after each 16 kB), --claim-size FILE=BYTES (the
listing states another size, e.g. one larger than any disk). --proxy adds a third listener,
a forward HTTP proxy (as a school network has) that relays absolute-form requests to the
loopback servers only and logs them with server "proxy", so tests can see http_proxy obeyed.
Hostile hubs: --id-override ID (the listing names another repository), --endless-listing
fast|slow (a listing that never ends: as fast as the line allows, or 20 kB/s), --hang
listing|head (answers nothing at all to those requests), --extra-files N (N more listed files,
about 250 bytes of listing each, for listings over 1 MiB; --extra-padding 0 makes them short), --any-revision (every revision
name resolves to the commit, "../../x" included, as a careless mirror might answer),
--raw-listing FILE (the listing is that file's bytes, read at each request).
Every request is logged as a JSON line (--log) with its Authorization header, so tests can
check that the token never reaches the CDN. The server stops by itself after --lifetime
seconds. Usage:
  hub_server.py --repo ORG/NAME=DIR [--repo ...] --info-file F [--log L] [--token T]
"""
import argparse
import hashlib
import http.client
import json
import os
import socket
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LFS_SUFFIXES = (".safetensors", ".gguf", ".bin", ".onnx", ".pt", ".h5", ".msgpack")


class Repo:
    def __init__(self, repo_id, folder):
        self.id = repo_id
        self.files = {}
        for root, _dirs, names in os.walk(folder):
            for name in names:
                path = os.path.join(root, name)
                rel = os.path.relpath(path, folder).replace(os.sep, "/")
                with open(path, "rb") as f:
                    data = f.read()
                git = hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()
                self.files[rel] = {
                    "data": data,
                    "size": len(data),
                    "blob_id": git,
                    "sha256": hashlib.sha256(data).hexdigest(),
                    "lfs": rel.endswith(LFS_SUFFIXES),
                }
        listing = "".join(sorted(f"{n}:{v['sha256']}\n" for n, v in self.files.items()))
        self.commit = hashlib.sha1(("commit " + repo_id + "\n" + listing).encode()).hexdigest()


class State:
    def __init__(self, args):
        self.repos = {}
        for spec in args.repo:
            repo_id, folder = spec.split("=", 1)
            self.repos[repo_id] = Repo(repo_id, folder)
        self.gated = set(args.gated or [])
        self.token = args.token
        self.corrupt = set(args.corrupt or [])
        self.cut_after = args.cut_after
        self.cut_done = set()
        self.chunk_delay = args.chunk_delay
        self.claimed = dict((k, int(v)) for k, v in (c.split("=", 1) for c in (args.claim_size or [])))
        self.id_override = args.id_override
        self.endless = args.endless_listing
        self.hang = set(args.hang or [])
        self.extra_files = args.extra_files
        self.extra_padding = args.extra_padding
        self.extra_text = None
        self.raw_listing = args.raw_listing
        self.any_revision = args.any_revision
        self.lifetime = args.lifetime
        self.lock = threading.Lock()
        self.log_path = args.log
        self.endpoint = ""
        self.cdn = ""

    def log(self, entry):
        if not self.log_path:
            return
        with self.lock, open(self.log_path, "a", encoding="utf-8") as f:
            f.write(json.dumps(entry) + "\n")

    def blob(self, sha256):
        for repo in self.repos.values():
            for name, f in repo.files.items():
                if f["sha256"] == sha256:
                    return name, f
        return None, None


def make_handler(state, role):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, fmt, *args):  # the JSON log replaces stderr chatter
            pass

        def record(self):
            state.log({
                "server": "cdn" if self.path.startswith("/blobs/") else role,
                "method": self.command,
                "path": self.path,
                "host": self.headers.get("Host"),
                "auth": self.headers.get("Authorization"),
                "range": self.headers.get("Range"),
            })

        def send_json(self, status, obj, extra=None):
            body = json.dumps(obj).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            for k, v in (extra or {}).items():
                self.send_header(k, v)
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        def error(self, status, message):
            self.send_json(status, {"error": message}, {"X-Error-Message": message})

        def allowed(self, repo):
            if repo.id not in state.gated:
                return True
            auth = self.headers.get("Authorization")
            if not auth:
                self.error(401, "Access to model %s is restricted. You must be authenticated." % repo.id)
                return False
            if auth != "Bearer " + (state.token or ""):
                self.error(403, "Access to model %s is restricted and you are not in the authorized list." % repo.id)
                return False
            return True

        def find_repo(self, parts):
            # A repo id is one or two path segments; try the longer one first.
            for n in (2, 1):
                rid = "/".join(parts[:n])
                if rid in state.repos:
                    return state.repos[rid], parts[n:]
            return None, parts

        def do_HEAD(self):
            self.handle_quietly()

        def do_GET(self):
            self.handle_quietly()

        def handle_quietly(self):
            # A client that hangs up mid-answer (a cancelled or interrupted download) is a
            # scenario the tests cause on purpose, not a server error worth a traceback.
            try:
                self.handle_any()
            except (BrokenPipeError, ConnectionResetError):
                self.close_connection = True

        def handle_any(self):
            self.record()
            url = urllib.parse.urlsplit(self.path)
            parts = [urllib.parse.unquote(p) for p in url.path.split("/") if p]
            if parts[:1] == ["blobs"] and len(parts) == 2:
                return self.serve_blob(parts[1])
            if role == "cdn":
                return self.error(404, "Not found")
            if parts[:2] == ["api", "models"]:
                return self.serve_listing(parts[2:])
            repo, rest = self.find_repo(parts)
            if repo is None:
                return self.error(404, "Repository not found")
            if len(rest) >= 3 and rest[0] == "resolve":
                return self.serve_resolve(repo, rest[1], "/".join(rest[2:]))
            return self.error(404, "Not found")

        def revision_ok(self, repo, revision):
            return state.any_revision or revision in ("main", repo.commit)

        def hang_up_never(self):
            # Answer nothing; the client must give up (time limit) or be cancelled.
            time.sleep(state.lifetime)
            self.close_connection = True

        def serve_endless_listing(self, repo):
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            head = json.dumps({"id": repo.id, "sha": repo.commit})[:-1] + ', "siblings": ['
            entry = json.dumps({"rfilename": "x" * 200 + ".txt", "size": 1,
                                "blobId": "0" * 40}) + ","
            chunk = (entry * (65536 // len(entry) + 1)).encode()
            try:
                self.wfile.write(head.encode())
                while True:
                    if state.endless == "slow":
                        # 20 kB/s: above any stall threshold, below any sane time limit.
                        self.wfile.write(chunk[:2048])
                        self.wfile.flush()
                        time.sleep(0.1)
                    else:
                        self.wfile.write(chunk)
            except (BrokenPipeError, ConnectionResetError, OSError):
                return

        def serve_listing(self, parts):
            repo, rest = self.find_repo(parts)
            if repo is None:
                return self.error(404, "Repository not found")
            if not self.allowed(repo):
                return
            if "listing" in state.hang:
                return self.hang_up_never()
            if state.endless:
                return self.serve_endless_listing(repo)
            if state.raw_listing:
                with open(state.raw_listing, "rb") as f:
                    body = f.read()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            revision = "main"
            if rest[:1] == ["revision"] and len(rest) >= 2:
                revision = "/".join(rest[1:])
            elif rest:
                return self.error(404, "Not found")
            if not self.revision_ok(repo, revision):
                return self.error(404, "Revision Not Found for url: %s" % self.path)
            siblings = []
            for name, f in sorted(repo.files.items()):
                size = state.claimed.get(name, f["size"])
                s = {"rfilename": name, "size": size, "blobId": f["blob_id"]}
                if f["lfs"]:
                    s["lfs"] = {"sha256": f["sha256"], "size": size, "pointerSize": 134}
                siblings.append(s)
            shown_id = state.id_override if state.id_override is not None else repo.id
            listing = {"id": shown_id, "modelId": shown_id, "sha": repo.commit,
                       "private": False, "gated": repo.id in state.gated, "siblings": siblings}
            if not state.extra_files:
                return self.send_json(200, listing)
            # Files the downloader skips (not loadable), to make the listing large; rendered as
            # text once, so even 260,000 of them answer in a moment on a loaded CI machine.
            with state.lock:
                if state.extra_text is None:
                    pad = "p" * state.extra_padding
                    state.extra_text = ",".join(
                        '{"rfilename": "docs/extra-%06d-%s.md", "size": %d, "blobId": "%040x"}'
                        % (i, pad, 100 + i, i) for i in range(state.extra_files))
            text = json.dumps(listing)
            body = (text[:-2] + ("," if siblings else "") + state.extra_text + "]}").encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def serve_resolve(self, repo, revision, name):
            if not self.allowed(repo):
                return
            if self.command == "HEAD" and "head" in state.hang:
                return self.hang_up_never()
            if not self.revision_ok(repo, revision):
                return self.error(404, "Revision Not Found")
            f = repo.files.get(name)
            if f is None:
                return self.error(404, "Entry not found")
            common = {"X-Repo-Commit": repo.commit}
            if f["lfs"]:
                self.send_response(302)
                self.send_header("Location", "%s/blobs/%s?repo=%s" % (state.cdn, f["sha256"], urllib.parse.quote(repo.id)))
                self.send_header("X-Repo-Commit", repo.commit)
                self.send_header("ETag", '"%s"' % f["blob_id"])
                self.send_header("X-Linked-Etag", '"%s"' % f["sha256"])
                self.send_header("X-Linked-Size", str(f["size"]))
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            body = f["data"]
            self.send_response(200)
            for k, v in common.items():
                self.send_header(k, v)
            self.send_header("ETag", '"%s"' % f["blob_id"])
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        def serve_blob(self, sha256):
            name, f = state.blob(sha256)
            if f is None:
                return self.error(404, "No such blob")
            data = f["data"]
            if name in state.corrupt:
                data = bytes([data[0] ^ 0xFF]) + data[1:]
            start, status = 0, 200
            rng = self.headers.get("Range")
            if rng and rng.startswith("bytes=") and rng.endswith("-"):
                start = int(rng[6:-1])
                if start >= len(data):
                    self.send_response(416)
                    self.send_header("Content-Range", "bytes */%d" % len(data))
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                status = 206
            body = data[start:]
            self.send_response(status)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Accept-Ranges", "bytes")
            self.send_header("ETag", '"%s"' % sha256)
            if status == 206:
                self.send_header("Content-Range", "bytes %d-%d/%d" % (start, len(data) - 1, len(data)))
            self.end_headers()
            if self.command == "HEAD":
                return
            with state.lock:
                cut = state.cut_after is not None and sha256 not in state.cut_done
                if cut:
                    state.cut_done.add(sha256)
            if cut:
                # Promise the whole body, send part of it, hang up: an interrupted download.
                self.wfile.write(body[: state.cut_after])
                self.wfile.flush()
                self.close_connection = True
                self.connection.shutdown(socket.SHUT_RDWR)
                return
            if state.chunk_delay:
                # A slow line, so progress reports and cancellation happen mid-file.
                for i in range(0, len(body), 16384):
                    self.wfile.write(body[i:i + 16384])
                    self.wfile.flush()
                    time.sleep(state.chunk_delay)
                return
            self.wfile.write(body)

    return Handler


def make_proxy_handler(state):
    """A forward proxy for plain HTTP: `GET http://host:port/path HTTP/1.1` is logged and
    relayed. Only loopback targets are relayed, so a misconfigured test cannot reach out."""
    class ProxyHandler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, fmt, *args):
            pass

        def do_HEAD(self):
            self.relay()

        def do_GET(self):
            self.relay()

        def relay(self):
            url = urllib.parse.urlsplit(self.path)
            state.log({"server": "proxy", "method": self.command, "path": self.path,
                       "host": url.hostname, "auth": self.headers.get("Authorization"),
                       "range": self.headers.get("Range")})
            if url.scheme != "http" or url.hostname not in ("127.0.0.1", "127.0.0.2", "localhost"):
                body = b"proxy: only absolute http:// URLs to loopback are relayed"
                self.send_response(502)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            hop = {"connection", "proxy-connection", "keep-alive", "proxy-authorization", "te",
                   "trailers", "transfer-encoding", "upgrade"}
            headers = {k: v for k, v in self.headers.items() if k.lower() not in hop}
            conn = http.client.HTTPConnection(url.hostname, url.port or 80, timeout=30)
            target = url.path + ("?" + url.query if url.query else "")
            conn.request(self.command, target, headers=headers)
            answer = conn.getresponse()
            body = answer.read()
            self.send_response(answer.status)
            for k, v in answer.getheaders():
                if k.lower() not in hop and k.lower() != "content-length":
                    self.send_header(k, v)
            length = answer.getheader("Content-Length")
            self.send_header("Content-Length", length if self.command == "HEAD" and length else str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)
            conn.close()

    return ProxyHandler


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--repo", action="append", required=True, help="ORG/NAME=FOLDER to serve")
    p.add_argument("--info-file", required=True, help="where to write {endpoint, cdn} as JSON")
    p.add_argument("--log", help="JSON-lines request log")
    p.add_argument("--gated", action="append", help="repo ids that need the token")
    p.add_argument("--token", help="the token gated repos accept")
    p.add_argument("--corrupt", action="append", help="file names served with a flipped byte")
    p.add_argument("--cut-after", type=int, help="first GET of each blob stops after N bytes")
    p.add_argument("--chunk-delay", type=float, default=0.0, help="seconds to wait after each 16 kB of a blob")
    p.add_argument("--claim-size", action="append", help="FILE=BYTES: the listing states this size")
    p.add_argument("--proxy", action="store_true", help="also run a loopback forward HTTP proxy")
    p.add_argument("--id-override", help="the listing's id field says this instead of the repo's id")
    p.add_argument("--endless-listing", choices=["fast", "slow"], help="a listing that never ends")
    p.add_argument("--hang", action="append", choices=["listing", "head"],
                   help="never answer these requests")
    p.add_argument("--extra-files", type=int, default=0, help="list N more (unserved) files")
    p.add_argument("--extra-padding", type=int, default=150, help="characters added to each extra name")
    p.add_argument("--any-revision", action="store_true", help="accept every revision name")
    p.add_argument("--raw-listing", help="serve this file's bytes as every listing")
    p.add_argument("--lifetime", type=float, default=120.0, help="seconds until the server stops itself")
    args = p.parse_args()

    state = State(args)
    hub = ThreadingHTTPServer(("127.0.0.1", 0), make_handler(state, "hub"))
    hub.daemon_threads = True
    state.endpoint = "http://127.0.0.1:%d" % hub.server_address[1]
    servers = [hub]
    try:
        cdn = ThreadingHTTPServer(("127.0.0.2", 0), make_handler(state, "cdn"))
        cdn.daemon_threads = True
        state.cdn = "http://127.0.0.2:%d" % cdn.server_address[1]
        servers.append(cdn)
    except OSError:
        # Same listener, another host name: still a different origin for the token rule.
        state.cdn = "http://localhost:%d" % hub.server_address[1]

    proxy_url = ""
    if args.proxy:
        proxy = ThreadingHTTPServer(("127.0.0.1", 0), make_proxy_handler(state))
        proxy.daemon_threads = True
        proxy_url = "http://127.0.0.1:%d" % proxy.server_address[1]
        servers.append(proxy)

    threads = [threading.Thread(target=s.serve_forever, daemon=True) for s in servers]
    for t in threads:
        t.start()
    tmp = args.info_file + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump({"endpoint": state.endpoint, "cdn": state.cdn, "proxy": proxy_url, "pid": os.getpid(),
                   "commits": {rid: r.commit for rid, r in state.repos.items()}}, f)
    os.replace(tmp, args.info_file)

    # Stop by itself: a test that dies never leaves a server behind for long.
    stop = threading.Event()
    stop.wait(args.lifetime)
    for s in servers:
        s.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
