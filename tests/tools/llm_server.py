#!/usr/bin/env python3
"""A stand-in model server on loopback for the remote-model tests (#50).

It speaks the subset of each server's protocol that Tokenscope's remote client uses, with the
field names of their own code (vLLM's entrypoints/openai/protocol.py, SGLang's
managers/io_struct.py GenerateReqInput and meta_info, llama.cpp's tools/server):
  --kind vllm    GET /v1/models (owned_by "vllm", max_model_len), /version, /tokenizer_info;
                 POST /v1/completions {model, prompt: [ids], max_tokens, logprobs,
                 prompt_logprobs, return_tokens_as_token_ids} -> choices[0].logprobs
                 {tokens, token_logprobs, top_logprobs: [{"token_id:N": lp}], text_offset} and
                 choices[0].prompt_logprobs [null, {"N": {logprob, rank, decoded_token}}];
                 POST /tokenize {model, prompt, add_special_tokens} -> {tokens, count}
  --kind sglang  GET /v1/models (owned_by "sglang"), /get_model_info, /get_server_info;
                 POST /generate {input_ids, sampling_params, return_logprob,
                 logprob_start_len, top_logprobs_num} -> meta_info {input_token_logprobs,
                 output_token_logprobs, input_top_logprobs, output_top_logprobs}
  --kind llama   GET /v1/models (owned_by "llamacpp", meta.n_vocab), /props; POST
                 /completion {prompt: [ids], n_probs} -> completion_probabilities; /tokenize
The model is a fixed function of the ids (logit of v after ids = ((sum(ids) * 7 + v * 13) %
31) / 4), so tests can compute the expected numbers themselves.

Hostile switches (--hostile MODE) make a broken or malicious server on purpose: truncated
(the logprob answer cut in the middle), wrong-vocab (an id past the vocabulary), nan (NaN
logprobs, as Python's json writes them), redirect (302 to another host: 127.0.0.2), endless
(an answer that never ends, as fast as the line allows), trickle (one byte a second), html
(/v1/models answers an HTML page), busy (503 with Retry-After 0 twice, then the answer),
max-logprobs (vLLM's 400 for too many logprobs). Every request is logged as a JSON line
(--log) with method, path, body and whether an Authorization header came. The server writes
{"url": ...} to --info-file once it listens and stops by itself after --lifetime seconds.
"""
import argparse
import json
import math
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ARGS = None
LOG_LOCK = threading.Lock()
BUSY = {"left": 2}


def logits_after(ids, vocab):
    s = sum(ids)
    return [((s * 7 + v * 13) % 31) / 4.0 for v in range(vocab)]


def logprobs_after(ids, vocab):
    lg = logits_after(ids, vocab)
    m = max(lg)
    z = m + math.log(sum(math.exp(x - m) for x in lg))
    return [x - z for x in lg]


def top(lps, k):
    order = sorted(range(len(lps)), key=lambda v: (-lps[v], v))
    return order[: max(0, min(k, len(lps)))]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *a):
        pass

    def log(self, body):
        if not ARGS.log:
            return
        with LOG_LOCK, open(ARGS.log, "a") as f:
            f.write(json.dumps({"method": self.command, "path": self.path, "body": body,
                                "auth": self.headers.get("Authorization") is not None,
                                "auth_value_ok": self.headers.get("Authorization") ==
                                ("Bearer " + ARGS.key if ARGS.key else None)}) + "\n")

    def send(self, status, obj=None, raw=None, headers=None):
        data = raw if raw is not None else json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)

    def endless(self, slow):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        try:
            self.wfile.write(b'{"completion_probabilities":[{"top_logprobs":[')
            chunk = b'{"id":1,"logprob":-1.0},' * 4000
            while True:
                self.wfile.write(b"{" if slow else chunk)
                if slow:
                    self.wfile.flush()
                    time.sleep(1)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def do_GET(self):
        self.log(None)
        h = ARGS.hostile
        if self.path == "/v1/models":
            if h == "html":
                return self.send(200, raw=b"<html><body>Welcome to nginx!</body></html>")
            owner = {"vllm": "vllm", "sglang": "sglang", "llama": "llamacpp"}[ARGS.kind]
            m = {"id": ARGS.model, "object": "model", "created": 0, "owned_by": owner}
            if ARGS.kind == "llama":
                m["meta"] = {"vocab_type": 2, "n_vocab": ARGS.vocab, "n_ctx": ARGS.ctx,
                             "n_ctx_train": ARGS.ctx}
            else:
                m["max_model_len"] = ARGS.ctx
                m["root"] = ARGS.model
            return self.send(200, {"object": "list", "data": [m]})
        if self.path == "/props" and ARGS.kind == "llama":
            return self.send(200, {"default_generation_settings": {"n_ctx": ARGS.ctx},
                                   "model_path": ARGS.model, "build_info": "stand-in",
                                   "bos_token": "", "eos_token": ""})
        if self.path == "/version" and ARGS.kind == "vllm":
            return self.send(200, {"version": "0.0-stand-in"})
        if self.path == "/tokenizer_info" and ARGS.kind == "vllm" and ARGS.tokenizer_info:
            return self.send(200, {"tokenizer_class": "StandIn", "vocab_size": ARGS.vocab})
        if self.path == "/get_model_info" and ARGS.kind == "sglang":
            return self.send(200, {"model_path": ARGS.model, "is_generation": True})
        if self.path == "/get_server_info" and ARGS.kind == "sglang":
            return self.send(200, {"context_length": ARGS.ctx, "version": "stand-in"})
        self.send(404, {"error": {"message": "not found", "code": 404}})

    def do_POST(self):
        n = int(self.headers.get("Content-Length", "0"))
        try:
            req = json.loads(self.rfile.read(n) or b"{}")
        except ValueError:
            return self.send(400, {"error": {"message": "bad json"}})
        self.log(req)
        h = ARGS.hostile
        path = self.path
        if path == "/tokenize":
            if ARGS.kind == "llama":
                text = req.get("content", "")
                ids = [ord(c) % ARGS.vocab for c in text]
                toks = [{"id": i, "piece": c} for i, c in zip(ids, text)] \
                    if req.get("with_pieces") else ids
                return self.send(200, {"tokens": toks})
            text = req.get("prompt", "")
            ids = [ord(c) % ARGS.vocab for c in text]
            return self.send(200, {"tokens": ids, "count": len(ids), "max_model_len": ARGS.ctx})
        logprob_paths = {"llama": "/completion", "vllm": "/v1/completions", "sglang": "/generate"}
        if path != logprob_paths[ARGS.kind]:
            return self.send(404, {"error": {"message": "not found"}})
        if h == "busy" and BUSY["left"] > 0:
            BUSY["left"] -= 1
            return self.send(503, {"error": {"message": "busy"}}, headers={"Retry-After": "0"})
        if h == "redirect":
            self.send_response(302)
            port = self.server.server_address[1]
            self.send_header("Location", "http://127.0.0.2:%d%s" % (port, path))
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if h in ("endless", "trickle"):
            return self.endless(h == "trickle")
        vocab = ARGS.vocab
        ids = req.get("prompt") if ARGS.kind != "sglang" else req.get("input_ids")
        if not isinstance(ids, list) or not all(isinstance(i, int) for i in ids):
            return self.send(400, {"error": {"message": "this stand-in takes token ids only"}})
        lps = logprobs_after(ids, vocab)
        if ARGS.kind == "llama":
            k = int(req.get("n_probs", 0))
            entries = [{"id": v, "token": chr(65 + v % 26), "bytes": [65 + v % 26],
                        "logprob": lps[v]} for v in top(lps, k)]
            if h == "wrong-vocab" and entries:
                entries[-1]["id"] = vocab + 5
            if h == "nan" and entries:
                entries[0]["logprob"] = float("nan")
            best = top(lps, 1)[0]
            out = {"content": "x", "completion_probabilities": [
                {"id": best, "token": "x", "bytes": [120], "logprob": lps[best],
                 "top_logprobs": entries}]}
        elif ARGS.kind == "vllm":
            k = req.get("logprobs")
            pk = req.get("prompt_logprobs")
            if h == "max-logprobs" and (k == -1 or (pk is not None and pk == -1)):
                return self.send(400, {"object": "error", "message":
                                       "Requested sample logprobs of -1, which is greater than "
                                       "max allowed: 20", "type": "BadRequestError", "code": 400})
            kk = vocab if k == -1 else int(k or 0)
            topd = {"token_id:%d" % v: lps[v] for v in top(lps, kk)}
            if h == "wrong-vocab":
                topd["token_id:%d" % (vocab + 5)] = -30.0
            best = top(lps, 1)[0]
            choice = {"index": 0, "text": "x", "finish_reason": "length", "stop_reason": None,
                      "logprobs": {"text_offset": [0], "token_logprobs": [lps[best]],
                                   "tokens": ["token_id:%d" % best], "top_logprobs": [topd]}}
            if pk is not None:
                pkk = vocab if pk == -1 else int(pk)
                plist = [None]
                for i in range(1, len(ids)):
                    l2 = logprobs_after(ids[:i], vocab)
                    d = {}
                    order = top(l2, pkk)
                    for r, v in enumerate(order):
                        d[str(v)] = {"logprob": l2[v], "rank": r + 1, "decoded_token": "t"}
                    if str(ids[i]) not in d:  # vLLM adds the prompt's own token
                        rank = sorted(l2, reverse=True).index(l2[ids[i]]) + 1
                        d[str(ids[i])] = {"logprob": l2[ids[i]], "rank": rank,
                                          "decoded_token": "t"}
                    if h == "nan":
                        d[str(ids[i])]["logprob"] = float("nan")
                    plist.append(d)
                choice["prompt_logprobs"] = plist
            if h == "nan":
                choice["logprobs"]["top_logprobs"][0]["token_id:%d" % best] = float("nan")
            out = {"id": "cmpl-1", "object": "text_completion", "created": 0,
                   "model": ARGS.model, "choices": [choice],
                   "usage": {"prompt_tokens": len(ids), "completion_tokens": 1,
                             "total_tokens": len(ids) + 1}}
        else:
            k = int(req.get("top_logprobs_num", 0))
            start = req.get("logprob_start_len", -1)
            best = top(lps, 1)[0]
            otop = [[lps[v], v, None] for v in top(lps, k)]
            if h == "wrong-vocab":
                otop.append([-30.0, vocab + 5, None])
            if h == "nan":
                otop[0][0] = float("nan")
            meta = {"id": "1", "finish_reason": {"type": "length", "length": 1},
                    "prompt_tokens": len(ids), "completion_tokens": 1, "cached_tokens": 0,
                    "output_token_logprobs": [[lps[best], best, None]],
                    "output_top_logprobs": [otop]}
            if start == 0:
                itl, itop = [[None, ids[0], None]], [None]
                for i in range(1, len(ids)):
                    l2 = logprobs_after(ids[:i], vocab)
                    itl.append([l2[ids[i]], ids[i], None])
                    itop.append([[l2[v], v, None] for v in top(l2, k)])
                meta["input_token_logprobs"] = itl
                meta["input_top_logprobs"] = itop
            out = {"text": "x", "meta_info": meta}
        data = json.dumps(out).encode()  # NaN is written as NaN, as Python does
        if h == "truncated":
            data = data[: len(data) // 2]
        self.send(200, raw=data)


def main():
    global ARGS
    p = argparse.ArgumentParser()
    p.add_argument("--kind", choices=["llama", "vllm", "sglang"], default="vllm")
    p.add_argument("--model", default="stand-in/model")
    p.add_argument("--vocab", type=int, default=64)
    p.add_argument("--ctx", type=int, default=256)
    p.add_argument("--hostile", default="")
    p.add_argument("--tokenizer-info", action="store_true")
    p.add_argument("--key", default="")
    p.add_argument("--info-file", required=True)
    p.add_argument("--log", default="")
    p.add_argument("--lifetime", type=float, default=120)
    ARGS = p.parse_args()
    srv = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    srv.daemon_threads = True
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    url = "http://127.0.0.1:%d" % srv.server_address[1]
    tmp = ARGS.info_file + ".tmp"
    with open(tmp, "w") as f:
        json.dump({"url": url}, f)
    import os
    os.replace(tmp, ARGS.info_file)
    time.sleep(ARGS.lifetime)
    sys.exit(0)


if __name__ == "__main__":
    main()
