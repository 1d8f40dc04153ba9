#!/usr/bin/env python3
"""tests/cli/html_pages.py: checks the pages of `chopsat ... --format html` (tests/cli/html.sh).

  html_pages.py structure PAGE...      every page without a browser (Python's html.parser): well
                                       formed, self-contained (no URL in src, href or CSS, the
                                       Content-Security-Policy that forbids fetches), one script
  html_pages.py browser DIR            the pages in DIR in headless Chromium, driven over WebDriver
                                       (chromedriver, Python's standard library only): each loaded
                                       from a file:// URL with the network off, its rendered DOM
                                       checked, no request leaving it, a screenshot not blank
  html_pages.py shots DIR OUT          the screenshots of docs/viewer.md, into OUT

Each check prints `ok NAME`, `FAIL NAME: why` or `skip NAME: why` (Chromium or chromedriver
absent: counted as skipped, never as passed). The pages DIR must hold are listed in BROWSER below.
"""
import base64
import html.parser
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import zlib

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}
# SVG elements that dot writes self-closed, and the drawings' own
SVG_EMPTY = {"rect", "circle", "ellipse", "path", "polygon", "polyline", "line", "stop", "use"}


def say(status, name, why=""):
    print("%s %s%s" % (status.ljust(4), name, ": " + why if why else ""), flush=True)


class Structure(html.parser.HTMLParser):
    """Collects what the structure check needs: unbalanced tags, URLs, scripts, the CSP."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.problems, self.scripts, self.csp, self.text = [], [], 0, "", []
        self.in_style, self.svg_depth, self.drawings = False, 0, 0

    def handle_starttag(self, tag, attrs):
        self.check_attrs(tag, attrs)
        if tag == "script":
            self.scripts += 1
            if any(k == "src" for k, _ in attrs):
                self.problems.append("a script with src")
        if tag == "meta" and dict(attrs).get("http-equiv", "").lower() == "content-security-policy":
            self.csp = dict(attrs).get("content", "")
        if tag in ("link", "iframe", "object", "embed", "img", "base", "frame"):
            self.problems.append("a <%s> element" % tag)
        self.in_style = tag == "style"
        if tag == "svg":  # every drawing has a text alternative
            a = dict(attrs)
            if not self.svg_depth:
                self.drawings += 1
                if a.get("role") != "img" or not a.get("aria-label"):
                    self.problems.append("a drawing on line %d without role=img and a text alternative"
                                         % self.getpos()[0])
            self.svg_depth += 1
        if tag not in VOID:
            self.stack.append((tag, self.getpos()[0]))

    def handle_startendtag(self, tag, attrs):
        self.check_attrs(tag, attrs)
        if tag not in VOID and tag not in SVG_EMPTY:
            self.problems.append("<%s/> self-closed on line %d" % (tag, self.getpos()[0]))

    def handle_endtag(self, tag):
        self.in_style = False
        if tag == "svg":
            self.svg_depth -= 1
        if tag in VOID:
            return
        if not self.stack or self.stack[-1][0] != tag:
            self.problems.append("</%s> on line %d closes %s" % (
                tag, self.getpos()[0], "<%s> of line %d" % self.stack[-1] if self.stack else "nothing"))
            # recover: unwind to the matching tag, if any
            for i in range(len(self.stack) - 1, -1, -1):
                if self.stack[i][0] == tag:
                    del self.stack[i:]
                    break
            return
        self.stack.pop()

    def handle_data(self, data):
        if self.in_style and ("url(" in data or "@import" in data):
            self.problems.append("the style sheet names a URL")
        self.text.append(data)

    def check_attrs(self, tag, attrs):
        for k, v in attrs:
            k = k.lower()
            if k in ("src", "href", "xlink:href", "action", "formaction", "poster", "srcset", "data") \
                    and tag not in ("object",) and v is not None and not v.startswith("#"):
                self.problems.append("<%s %s=%r> points outside the page" % (tag, k, v))
            if k.startswith("on"):
                self.problems.append("an inline handler %s on <%s>" % (k, tag))


def structure(pages):
    for page in pages:
        name = "structure " + os.path.basename(page)
        with open(page, encoding="utf-8") as f:
            text = f.read()
        p = Structure()
        p.feed(text)
        p.close()
        why = list(p.problems)
        if p.stack:
            why.append("unclosed: " + ", ".join("<%s> of line %d" % t for t in p.stack[:5]))
        if not text.startswith("<!DOCTYPE html>"):
            why.append("no <!DOCTYPE html>")
        if "default-src 'none'" not in p.csp:
            why.append("no Content-Security-Policy forbidding fetches")
        if p.scripts != 1:
            why.append("%d scripts, wanted one inline" % p.scripts)
        say("FAIL" if why else "ok", name, "; ".join(why[:6]))


# ---- WebDriver over HTTP, standard library only ------------------------------------------

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"
KEYS = {"right": "\ue014", "left": "\ue012", "home": "\ue011", "end": "\ue010"}


class Driver:
    def __init__(self, chromium, chromedriver, profile, loopback=False):
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        sock.close()
        self.proc = subprocess.Popen([chromedriver, "--port=%d" % self.port],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = "http://127.0.0.1:%d" % self.port
        deadline = time.time() + 30
        while True:
            try:
                if self.call("GET", "/status").get("ready"):
                    break
            except (OSError, urllib.error.URLError):
                pass
            if time.time() > deadline:
                raise RuntimeError("chromedriver did not start")
            time.sleep(0.1)
        args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run",
                "--disable-default-apps", "--user-data-dir=" + profile, "--window-size=1000,1400",
                # the network is off: every request would go to a proxy that is not there
                "--proxy-server=http://127.0.0.1:9", "--host-resolver-rules=MAP * ~NOTFOUND"]
        if loopback:  # tests/cli/serve_client.py: a server on 127.0.0.1, and nothing else
            args[-2:] = ["--proxy-server=http://127.0.0.1:9", "--proxy-bypass-list=127.0.0.1",
                         "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": chromium, "args": args},
            "goog:loggingPrefs": {"performance": "ALL"}}}}
        self.session = self.call("POST", "/session", caps)["sessionId"]
        try:  # DevTools' own offline switch too, where chromedriver offers it (not for loopback)
            if loopback:
                return
            self.call("POST", self.s("/chromium/network_conditions"), {"network_conditions": {
                "offline": True, "latency": 0, "download_throughput": 0, "upload_throughput": 0}})
        except (OSError, urllib.error.URLError, RuntimeError):
            pass

    def s(self, path):
        return "/session/%s%s" % (self.session, path)

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=60) as r:
                return json.loads(r.read().decode()).get("value")
        except urllib.error.HTTPError as e:
            raise RuntimeError("WebDriver %s %s: %s" % (method, path, e.read().decode()[:300]))

    def open(self, path):
        self.call("POST", self.s("/se/log"), {"type": "performance"})  # drop earlier entries
        self.call("POST", self.s("/url"), {"url": "file://" + os.path.abspath(path)})

    def cdp(self, cmd, params):
        """A DevTools command, through chromedriver."""
        return self.call("POST", self.s("/goog/cdp/execute"), {"cmd": cmd, "params": params})

    def js(self, script, *args):
        return self.call("POST", self.s("/execute/sync"), {"script": script, "args": list(args)})

    def find(self, css):
        return self.call("POST", self.s("/element"), {"using": "css selector", "value": css})[ELEMENT]

    def click(self, css):
        self.call("POST", self.s("/element/%s/click" % self.find(css)), {})

    def key(self, name):
        k = KEYS[name]
        self.call("POST", self.s("/actions"), {"actions": [{"type": "key", "id": "keyboard",
                                                            "actions": [{"type": "keyDown", "value": k},
                                                                        {"type": "keyUp", "value": k}]}]})
        self.call("DELETE", self.s("/actions"))

    def type(self, css, text):
        self.call("POST", self.s("/element/%s/value" % self.find(css)), {"text": text})

    def screenshot(self, css=None):
        """A PNG of the window, or of the element css only (small: quick to check)."""
        if css:
            path = self.s("/element/%s/screenshot" % self.find(css))
        else:
            path = self.s("/screenshot")
        return base64.b64decode(self.call("GET", path))

    def requests(self):
        """The URLs of every request the browser sent since the last open()."""
        urls = []
        for entry in self.call("POST", self.s("/se/log"), {"type": "performance"}) or []:
            msg = json.loads(entry["message"])["message"]
            if msg.get("method") == "Network.requestWillBeSent":
                urls.append(msg["params"]["request"]["url"])
        return urls

    def quit(self):
        try:
            self.call("DELETE", self.s(""))
        except (OSError, urllib.error.URLError, RuntimeError):
            pass
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def png_colours(data):
    """The number of distinct colours of an 8-bit RGB(A) PNG (Chromium's screenshots)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            width, height, depth, ctype = struct.unpack(">IIBB", body[:10])
            if depth != 8 or ctype not in (2, 6):
                raise ValueError("unexpected PNG type")
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw, stride, prev, colours = zlib.decompress(idat), width * bpp, bytearray(width * bpp), set()
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        if y % 4 == 0:
            for x in range(0, width, 4):
                colours.add(bytes(line[x * bpp:x * bpp + 3]))
        prev = line
    return len(colours)


# ---- the checks of each page --------------------------------------------------------------

def film_steps(d):
    return d.js("return Array.prototype.map.call(document.querySelectorAll('[data-film] .step'),"
                " function (s) { return [s.getAttribute('data-move'), s.getAttribute('data-pos'),"
                " s.querySelector('svg') ? s.querySelector('svg').getAttribute('aria-label') : '',"
                " s.querySelector('.move').textContent]; });")


def current(d):
    return d.js("var s = document.querySelector('[data-film] .step.current');"
                "return s && getComputedStyle(s).display !== 'none' ? s.getAttribute('data-pos') : null;")


def check_win(d, why):
    """win start -k 30: five steps, each its move and position; forward five times reaches 01/00:2."""
    steps = film_steps(d)
    want = [["", "11/11:1"], ["tap 1>1", "11/12:2"], ["split 0,3", "11/03:1"], ["tap 1>3", "11/04:2"],
            ["tap 4>1", "01/04:1"], ["tap 1>4", "01/00:2"]]
    if [s[:2] for s in steps] != want:
        why.append("the steps are %s" % [s[:2] for s in steps])
    for s in steps[1:]:
        if s[0] not in s[3] or "player" not in s[2]:
            why.append("step %r lacks its move in its heading or its drawing's text" % s[1])
    shown = d.js("return Array.prototype.filter.call(document.querySelectorAll('[data-film] .step'),"
                 " function (s) { return getComputedStyle(s).display !== 'none'; }).length;")
    if shown != 1:
        why.append("%s steps shown at once, wanted 1" % shown)
    for i in range(5):
        d.click("[data-film] [data-go=next]")
    if current(d) != "01/00:2":
        why.append("five clicks on forward show %s" % current(d))
    if "01/00:2" not in d.js("return document.querySelector('[data-where]').textContent;"):
        why.append("the live region does not name 01/00:2")
    d.click("[data-film] [data-go=first]")
    if current(d) != "11/11:1":
        why.append("the start button shows %s" % current(d))
    for i in range(5):
        d.key("right")
    if current(d) != "01/00:2":
        why.append("five right arrows show %s" % current(d))
    d.key("left")
    if current(d) != "01/04:1":
        why.append("the left arrow shows %s" % current(d))
    d.key("home")
    d.js("var r = document.querySelector('[data-slider]'); r.value = '3';"
         " r.dispatchEvent(new Event('input', {bubbles: true}));")
    if current(d) != "11/04:2":
        why.append("the slider at 3 shows %s" % current(d))
    if not d.js("return !!document.querySelector('.graph svg .path');"):
        why.append("the graph with the path is missing")
    # printed: every step, no buttons
    d.cdp("Emulation.setEmulatedMedia", {"media": "print"})
    shown = d.js("return Array.prototype.filter.call(document.querySelectorAll('[data-film] .step'),"
                 " function (s) { return getComputedStyle(s).display !== 'none'; }).length;")
    controls = d.js("return getComputedStyle(document.querySelector('.controls')).display;")
    d.cdp("Emulation.setEmulatedMedia", {"media": ""})
    if shown != 6 or controls != "none":
        why.append("printed, %s steps show and the controls are %s" % (shown, controls))


def check_force(d, why):
    """force start -k 10: a refutation tree, collapsible, searchable, links to nodes above."""
    n = d.js("return document.querySelectorAll('.tree li.node').length;")
    if not n or n < 100:
        why.append("%s tree nodes" % n)
    if not d.js("return document.querySelectorAll('.tree .via.own .star').length > 0;"):
        why.append("no reply is marked as the tree's own")
    if not d.js("return document.querySelectorAll('.tree .badge').length > 0;"):
        why.append("no value badges")
    d.click("[data-open='0']")
    if d.js("return document.querySelectorAll('.tree details[open]').length;") != 0:
        why.append("close all leaves nodes open")
    d.type("[data-search]", "11/04")
    found = d.js("return document.querySelector('[data-found]').textContent;")
    hit = d.js("var h = document.querySelector('.tree li.current-hit');"
               "if (!h) return null; var r = h.getBoundingClientRect();"
               "return [h.getAttribute('data-pos'), r.height > 0];")
    if "match" not in found or not hit or not hit[0].startswith("11/04") or not hit[1]:
        why.append("the search for 11/04 gives %r, %r" % (found, hit))
    d.click("[data-open='0']")
    ref = d.js("var a = document.querySelector('.tree a[data-ref]'); return a ? a.getAttribute('data-ref') : null;")
    if ref is None:
        why.append("no link to a node above")
    else:
        d.js("document.querySelector('.tree a[data-ref]').scrollIntoView();")
        d.js("var a = document.querySelector('.tree a[data-ref]'), p = a;"
             "while (p) { if (p.tagName === 'DETAILS') p.open = true; p = p.parentElement; }")
        d.click(".tree a[data-ref]")
        seen = d.js("var t = document.getElementById('n' + arguments[0]);"
                    "return t ? t.getBoundingClientRect().height > 0 : false;", ref)
        if not seen:
            why.append("following the link to #%s leaves it hidden" % ref)


def check_solve(d, why):
    rows = d.js("return Array.prototype.map.call(document.querySelectorAll('.moves tbody tr'),"
                " function (r) { return [r.className, r.textContent]; });")
    if len(rows) != 2 or not any("best" in c and "loss in 26" in t for c, t in rows):
        why.append("the moves table is %r" % rows)
    if len(film_steps(d)) < 20:
        why.append("the line of best play has %d steps" % len(film_steps(d)))


def check_dimacs(d, why):
    groups = d.js("return Array.prototype.map.call(document.querySelectorAll('.clauses summary'),"
                  " function (s) { return s.textContent; });")
    for want in ("start position", "Frame 0", "frame axioms", "goal"):
        if not any(want in g for g in groups):
            why.append("no group %r in %r" % (want, groups[:8]))
    title = d.js("var l = document.querySelector('.clauses .lit'); return l ? l.getAttribute('title') : null;")
    if not title or not title.lstrip("not ").startswith("f0."):
        why.append("a literal's title is %r" % title)


def check_decode(d, why):
    row = d.js("var r = document.querySelector('.frames tbody tr'); return r ? r.textContent : '';")
    if "11/11:1" not in row:
        why.append("the frames table's position row is %r" % row[:80])
    if not d.js("return document.querySelectorAll('.frames .bit').length > 10;"):
        why.append("no bits in the frames table")


def check_check(d, why):
    text = d.js("return document.querySelector('.illegal') ? document.querySelector('.illegal').textContent : '';")
    if "move 3" not in text:
        why.append("the illegal move section is %r" % text)


def check_hostile(d, why):
    if d.js("return window.pwned === undefined;") is not True:
        why.append("a script from the file name ran")
    if "<script>" not in d.js("return document.body.textContent;"):
        why.append("the file name is not shown as text")


def check_onedie(d, why):
    if not d.js("return document.querySelectorAll('[data-film] .step svg .pip').length > 0;"):
        why.append("no die drawn")


def check_wide(d, why):
    # every step shown at once, then each hand's count measured against its palm
    d.js("document.querySelectorAll('.film').forEach(function (f) { f.classList.remove('js'); });")
    out = d.js("""
var bad = [], n = 0, titles = [];
document.querySelectorAll('svg.board text.count').forEach(function (t) {
  var p = t.previousElementSibling;
  while (p && !(p.classList && p.classList.contains('palm'))) p = p.previousElementSibling;
  if (!p) { bad.push('no palm before ' + t.textContent); return; }
  var a = t.getBoundingClientRect(), b = p.getBoundingClientRect();
  n++;
  if (a.width === 0 || a.left < b.left - 0.5 || a.right > b.right + 0.5)
    bad.push(t.textContent + ' is ' + a.width.toFixed(1) + ' wide in a palm of ' + b.width.toFixed(1));
  var title = t.querySelector('title');
  if (title) titles.push(title.textContent);
});
return {bad: bad, n: n, titles: titles};""")
    if out["n"] < 8:
        why.append("only %d hands measured" % out["n"])
    why.extend(out["bad"][:4])
    if "2657553262 fingers" not in out["titles"]:
        why.append("no full number on hover: %s" % out["titles"][:4])


# Each page, its checks, and the element whose screenshot must not be blank.
BROWSER = [("win.html", check_win, "[data-film] .step.current"),
           ("force.html", check_force, ".tree .root summary"),
           ("solve.html", check_solve, "figure.position"),
           ("dimacs.html", check_dimacs, ".frames table"),
           ("decode.html", check_decode, ".frames table"),
           ("check.html", check_check, "[data-film] .step.current"),
           ("hostile.html", check_hostile, "header.summary"),
           ("onedie.html", check_onedie, "[data-film] .step.current"),
           ("wide.html", check_wide, "[data-film] .step")]


def tools():
    """Chromium and chromedriver: $CHROMIUM and $CHROMEDRIVER, else found on the PATH; None for
    one that is not there (or not executable)."""
    def find(env, *names):
        path = os.environ.get(env) or next((shutil.which(n) for n in names if shutil.which(n)), None)
        return path if path and os.access(path, os.X_OK) else None
    return find("CHROMIUM", "chromium", "chromium-browser"), find("CHROMEDRIVER", "chromedriver")


def with_driver(body, loopback=False):
    chromium, chromedriver = tools()
    if not chromium or not chromedriver:
        return None, "%s not installed (Debian: apt-get install chromium chromium-driver)" % (
            "chromium" if not chromium else "chromedriver")
    profile = tempfile.mkdtemp(prefix="chopsat-chromium-")
    d = None
    try:
        d = Driver(chromium, chromedriver, profile, loopback)
        return body(d), None
    finally:
        if d:
            d.quit()
        shutil.rmtree(profile, ignore_errors=True)


def browser(folder):
    def run(d):
        for page, check, shot in BROWSER:
            name = "browser " + page
            why = []
            try:
                d.open(os.path.join(folder, page))
                if d.js("return document.readyState;") != "complete" or \
                        not d.js("return !!document.querySelector('header.summary');"):
                    raise RuntimeError("the page did not load")
                check(d, why)
                sent = [u for u in d.requests() if not u.startswith("file://")]
                if sent:
                    why.append("requests left the page: %s" % sent[:3])
                if d.js("return performance.getEntriesByType('resource').length;"):
                    why.append("the page loaded resources")
                d.js("window.scrollTo(0, 0);")
                colours = png_colours(d.screenshot(shot))
                if colours < 8:
                    why.append("a screenshot of %s is blank (%d colours)" % (shot, colours))
            except (RuntimeError, OSError, ValueError, KeyError, TypeError) as e:
                why.append(str(e)[:300])
            say("FAIL" if why else "ok", name, "; ".join(why))
    _, skipped = with_driver(run)
    if skipped:
        for page, _, _ in BROWSER:
            say("skip", "browser " + page, skipped)


SHOTS = [("win.html", "viewer-film.png", "for (var i = 0; i < 3; i++) document.querySelector('[data-go=next]').click();"),
         ("force.html", "viewer-tree.png", ""),
         ("solve.html", "viewer-solve.png", ""),
         ("dimacs.html", "viewer-formula.png", ""),
         ("decode.html", "viewer-frames.png", "document.querySelector('.frames').scrollIntoView();"),
         ("graph.html", "viewer-graph.png", "document.querySelector('[data-zoom]').click();"
          " window.scrollTo(0, document.querySelector('.graph').offsetTop - 100);")]


def shots(folder, out):
    def run(d):
        d.call("POST", d.s("/window/rect"), {"width": 900, "height": 700})
        for page, png, script in SHOTS:
            d.open(os.path.join(folder, page))
            if script:
                d.js(script)
            with open(os.path.join(out, png), "wb") as f:
                f.write(d.screenshot())
            print("wrote", os.path.join(out, png))
    _, skipped = with_driver(run)
    if skipped:
        sys.exit("no screenshots: " + skipped)


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "structure":
        structure(sys.argv[2:])
    elif len(sys.argv) == 3 and sys.argv[1] == "browser":
        browser(sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] == "shots":
        shots(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
