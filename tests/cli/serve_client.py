#!/usr/bin/env python3
"""tests/cli/serve_client.py: a client of `chopsat serve` for the tests (tests/cli/serve*.sh)
and the benchmark (benchmarks/serve.sh), standard library only.

  serve_client.py submit URL CODE EXERCISE TEXT      one submission: prints "STATUS N SCORE"
  serve_client.py load URL CODES EXERCISE TEXT SECONDS CONCURRENCY [--ask QUERY]
      CONCURRENCY students (codes from the file CODES, one a line, reused round robin) each
      submitting TEXT (or asking QUERY, a question's URL query) again and again for SECONDS;
      prints one JSON line: requests, failed (with the first reasons), accepted (the numbers
      answered "accepted"), seconds, per_second, p50 and p99 latency in ms
  serve_client.py stream URL CODE EXERCISE TEXT LOG
      submits until the server goes away, appending each accepted number to LOG (synced
      before the next request): what a client knows was accepted when the server is killed
  serve_client.py slowloris HOST PORT N SECONDS [--silent]
      N connections that send a request's header one byte every 2 s for SECONDS (--silent:
      nothing at all); prints how many the server had closed by then
  serve_client.py flood HOST PORT
      one request with 20000 header lines; prints the status line, or "closed"
  serve_client.py browser URL CODE KEY EX WRONG RIGHT [EX WRONG RIGHT...]
      headless Chromium over WebDriver (tests/cli/html_pages.py's Driver): the student opens
      the link, submits WRONG then RIGHT in each exercise's textarea, and the instructor signs
      in with KEY; prints ok/FAIL lines
"""
import http.client
import json
import os
import re
import socket
import sys
import threading
import time
import urllib.parse

BOUNDARY = "chopsatTestBoundary7MA4YWxkTrZu0gW"


def split(url):
    u = urllib.parse.urlsplit(url)
    return u.hostname, u.port


def post_form(host, port, path, fields, timeout=60):
    """POSTs multipart/form-data; (status, body)."""
    parts = []
    for k, v in fields.items():
        parts.append("--%s\r\nContent-Disposition: form-data; name=\"%s\"\r\n\r\n%s\r\n" %
                     (BOUNDARY, k, v))
    body = ("".join(parts) + "--%s--\r\n" % BOUNDARY).encode()
    c = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        c.request("POST", path, body, {"Content-Type": "multipart/form-data; boundary=" + BOUNDARY})
        r = c.getresponse()
        return r.status, r.read().decode("utf-8", "replace")
    finally:
        c.close()


def get(host, port, path, timeout=60):
    c = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        c.request("GET", path)
        r = c.getresponse()
        return r.status, r.read().decode("utf-8", "replace")
    finally:
        c.close()


ACCEPTED = re.compile(r'id="accepted" data-submission="(\d+)" data-score="([0-9.]+)"')


def submit(url, code, ex, text):
    host, port = split(url)
    status, body = post_form(host, port, "/s/%s/ex/%s" % (code, ex), {"answer": text})
    m = ACCEPTED.search(body)
    return status, (int(m.group(1)) if m else None), (m.group(2) if m else None)


def load(url, codes_file, ex, text, seconds, concurrency, ask=None):
    codes = [c.strip() for c in open(codes_file) if c.strip()]
    host, port = split(url)
    lock = threading.Lock()
    res = {"requests": 0, "failed": 0, "why": [], "accepted": [], "lat": []}
    stop = time.time() + seconds

    def student(i):
        code = codes[i % len(codes)]
        while time.time() < stop:
            t0 = time.time()
            why = None
            n = None
            try:
                if ask:
                    status, body = get(host, port, "/s/%s/ask?%s" % (code, ask))
                    if status != 200 or "<!DOCTYPE html>" not in body:
                        why = "status %d" % status
                else:
                    status, n, _ = submit(url, code, ex, text)
                    if status != 200 or n is None:
                        why = "status %d" % status
            except (OSError, http.client.HTTPException) as e:
                why = repr(e)
            dt = time.time() - t0
            with lock:
                res["requests"] += 1
                res["lat"].append(dt)
                if why:
                    res["failed"] += 1
                    if len(res["why"]) < 5:
                        res["why"].append(why)
                elif n is not None:
                    res["accepted"].append(n)

    t0 = time.time()
    threads = [threading.Thread(target=student, args=(i,)) for i in range(concurrency)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    took = time.time() - t0
    lat = sorted(res.pop("lat"))

    def pct(p):
        return round(1000 * lat[min(len(lat) - 1, int(p * len(lat)))], 1) if lat else None
    res.update(seconds=round(took, 1), per_second=round(res["requests"] / took, 1),
               p50=pct(0.50), p99=pct(0.99))
    print(json.dumps(res))


def stream(url, code, ex, text, log):
    with open(log, "a") as f:
        while True:
            try:
                status, n, _ = submit(url, code, ex, text)
            except (OSError, http.client.HTTPException):
                return
            if status == 200 and n is not None:
                f.write("%d\n" % n)
                f.flush()
                os.fsync(f.fileno())


def slowloris(host, port, n, seconds, silent=False):
    socks = []
    for _ in range(n):
        s = socket.create_connection((host, int(port)), timeout=5)
        if not silent:
            s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        socks.append(s)
    closed = set()
    stop = time.time() + seconds
    while time.time() < stop:
        for i, s in enumerate(socks):
            if i in closed or silent:
                continue
            try:
                s.sendall(b"X")
            except OSError:
                closed.add(i)
        time.sleep(2)
    for i, s in enumerate(socks):
        if i not in closed:
            s.settimeout(0.5)
            try:
                if s.recv(100) == b"":
                    closed.add(i)
            except socket.timeout:
                pass
            except OSError:
                closed.add(i)
        s.close()
    print(len(closed))


def flood(host, port):
    s = socket.create_connection((host, int(port)), timeout=10)
    try:
        s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        for i in range(20000):
            s.sendall(b"X-Flood-%d: %s\r\n" % (i, b"a" * 40))
        s.sendall(b"\r\n")
    except OSError:
        print("closed")
        return
    try:
        line = s.recv(200).split(b"\r\n")[0].decode()
        print(line or "closed")
    except OSError:
        print("closed")


def browser(url, code, key, triples):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import html_pages

    def run(d):
        out = []

        def check(name, ok, why=""):
            out.append(("ok   " if ok else "FAIL ") + name + ("" if ok else ": " + why))

        def go(path):
            d.call("POST", d.s("/url"), {"url": url + path})

        go("/s/%s/" % code)
        name = d.js("var s = document.getElementById('student'); return s ? s.textContent : null")
        check("browser: the student's page names the student", name is not None)
        maxes = {}
        for ex, wrong, right in triples:
            for text, full in ((wrong, False), (right, True)):
                go("/s/%s/ex/%s" % (code, ex))
                d.js("document.getElementById('answer').value = arguments[0]", text)
                d.click("#submit")
                box = None
                for _ in range(100):  # the graded page, once it has loaded
                    box = d.js("var b = document.getElementById('accepted'); return b ? "
                               "[b.dataset.score, b.dataset.max] : null")
                    if box:
                        break
                    time.sleep(0.1)
                ok = box is not None and (box[0] == box[1]) == full
                if box:
                    maxes[ex] = box[1]
                check("browser: exercise %s, the %s answer graded %s" % (
                    ex, "right" if full else "wrong", "%s of %s" % tuple(box) if box else "-"),
                    ok, "got %r on %r" % (box, d.js("return document.title")))
        go("/instructor")
        d.type("#key", key)
        d.click("#login")
        rows = None
        for _ in range(100):  # the instructor's page, once it has loaded
            rows = d.js("var t = document.getElementById('students'); if (!t) return null; "
                        "return Array.from(t.rows).map(r => Array.from(r.cells).map(c => c.textContent))")
            if rows:
                break
            time.sleep(0.1)
        check("browser: the instructor signs in and sees the students", rows is not None, "no table")
        head = rows[0] if rows else []
        mine = [r for r in rows or [] if len(r) > 1 and r[1] == name]
        for ex, _, _ in triples:
            got = mine[0][head.index(ex)] if mine and ex in head else None
            check("browser: the instructor's page shows exercise %s at %s for %s" % (ex, got, name),
                  got is not None and got == maxes.get(ex), "wanted %s" % maxes.get(ex))
        return out

    lines, why = html_pages.with_driver(run, loopback=True)
    if lines is None:
        print("skip browser: " + why)
        return
    for l in lines:
        print(l)


def main(a):
    cmd = a[0]
    if cmd == "submit":
        status, n, score = submit(a[1], a[2], a[3], a[4])
        print(status, n, score)
    elif cmd == "load":
        ask = a[a.index("--ask") + 1] if "--ask" in a else None
        load(a[1], a[2], a[3], a[4], float(a[5]), int(a[6]), ask)
    elif cmd == "stream":
        stream(a[1], a[2], a[3], a[4], a[5])
    elif cmd == "slowloris":
        slowloris(a[1], a[2], int(a[3]), float(a[4]), "--silent" in a)
    elif cmd == "flood":
        flood(a[1], a[2])
    elif cmd == "browser":
        rest = a[4:]
        browser(a[1], a[2], a[3], [tuple(rest[i:i + 3]) for i in range(0, len(rest), 3)])
    else:
        sys.exit("serve_client.py: unknown command " + cmd)


if __name__ == "__main__":
    main(sys.argv[1:])
