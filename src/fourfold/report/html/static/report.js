/* fourfold report: the case table, the flipped cases and the trial view.
 *
 * Everything the agent or a judge wrote is untrusted. It reaches the page only as text:
 * through textContent and text nodes, never innerHTML, never an attribute the browser
 * acts on (no href, no src, no event handler). Trial details are JSON in
 * <script type="application/json"> blocks, parsed only when a trial is opened (or fetched
 * from `detailUrl` when the page is served by a web app).
 */
(function () {
  "use strict";

  var INDEX = JSON.parse(document.getElementById("ff-index").textContent);
  var CONFIG = JSON.parse(document.getElementById("ff-config").textContent);
  var LAYERS = INDEX.layers;
  var ROWS = INDEX.rows;
  var PAGE = CONFIG.pageSize || 100;
  var FLIP_PAGE = 20;
  var STATUS_CHAR = { pass: "p", fail: "f", error: "e" };
  var CHAR_WORD = { p: "pass", f: "fail", e: "error", s: "skip", "-": "no result" };
  // Bidi controls and invisible characters: the character class comes from the page's
  // configuration, written from the one definition every surface uses (fourfold._text).
  var CONTROL = new RegExp(CONFIG.controls);
  var CONTROL_ALL = new RegExp(CONFIG.controls, "g");
  // A token without a space this long gets a <wbr> every few characters: breaking one
  // 30,000-character word "anywhere" costs the browser seconds per box (fourfold._text).
  var LONG_RUN = new RegExp("\\S{" + CONFIG.longRun + ",}");
  var LONG_RUN_ALL = new RegExp("\\S{" + CONFIG.longRun + ",}", "g");
  var BREAK_EVERY = CONFIG.breakEvery;
  var MARK = /\p{M}/u;
  var cache = new Map();

  // ---------------------------------------------------------------- DOM helpers
  var SAFE_ATTRS = { class: 1, id: 1, title: 1, role: 1, tabindex: 1, type: 1, value: 1,
    hidden: 1, "aria-label": 1, "aria-pressed": 1, "aria-expanded": 1, colspan: 1 };

  function el(tag, attrs) {
    var node = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (name) {
        var value = attrs[name];
        if (value === null || value === undefined || value === false) return;
        if (name === "text") { appendText(node, String(value)); return; }
        if (!SAFE_ATTRS[name] && name.indexOf("data-") !== 0) throw new Error("attribute " + name);
        // What a person reads in an attribute (a tooltip) has no room for the marker.
        var text = value === true ? "" : String(value);
        node.setAttribute(name, name === "title" || name === "aria-label" ? plainText(text) : text);
      });
    }
    for (var i = 2; i < arguments.length; i++) {
      var child = arguments[i];
      if (child === null || child === undefined || child === false) continue;
      if (typeof child === "string" || typeof child === "number") appendText(node, String(child));
      else node.appendChild(child);
    }
    return node;
  }

  // Text, with bidi controls and zero-width characters made visible and confined to
  // themselves (a right-to-left override cannot reorder the text after it). An <option>
  // shows its text only, no element in it: there each control is written "<U+202E>".
  function appendText(node, text) {
    if (node.tagName === "OPTION") { node.appendChild(document.createTextNode(plainText(text))); return; }
    if (!CONTROL.test(text)) { appendBreakable(node, text); return; }
    var last = 0;
    text.replace(CONTROL_ALL, function (ch, offset) {
      if (offset > last) appendBreakable(node, text.slice(last, offset));
      var code = codepoint(ch);
      var span = document.createElement("span");
      span.className = "ctl";
      span.setAttribute("data-cp", code);
      span.title = code;
      span.appendChild(document.createTextNode(ch));
      node.appendChild(span);
      last = offset + ch.length;
      return ch;
    });
    if (last < text.length) appendBreakable(node, text.slice(last));
  }

  function appendBreakable(node, text) {
    if (!LONG_RUN.test(text)) { node.appendChild(document.createTextNode(text)); return; }
    var last = 0;
    text.replace(LONG_RUN_ALL, function (run, offset) {
      if (offset > last) node.appendChild(document.createTextNode(text.slice(last, offset)));
      for (var start = 0, end; start < run.length; start = end) {
        end = Math.min(start + BREAK_EVERY, run.length);
        while (end < run.length && joins(run, end)) end++;
        if (start) node.appendChild(document.createElement("wbr"));
        node.appendChild(document.createTextNode(run.slice(start, end)));
      }
      last = offset + run.length;
      return run;
    });
    if (last < text.length) node.appendChild(document.createTextNode(text.slice(last)));
  }

  // Whether the character at `at` belongs with the one before it: the second half of a
  // surrogate pair, a combining mark, a variation selector, a skin tone, an emoji tag, the
  // second letter of a flag.
  function joins(text, at) {
    var unit = text.charCodeAt(at);
    if (unit >= 0xDC00 && unit <= 0xDFFF) return true;
    var code = text.codePointAt(at);
    if (MARK.test(String.fromCodePoint(code))) return true;
    if ((code >= 0xFE00 && code <= 0xFE0F) || (code >= 0x1F3FB && code <= 0x1F3FF) || (code >= 0xE0020 && code <= 0xE007F)) return true;
    if (code >= 0x1F1E6 && code <= 0x1F1FF && at >= 2) {
      var before = text.codePointAt(at - 2);
      return before >= 0x1F1E6 && before <= 0x1F1FF;
    }
    return false;
  }

  function codepoint(ch) { return "U+" + ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0"); }
  function plainText(text) {
    return CONTROL.test(text) ? text.replace(CONTROL_ALL, function (ch) { return "<" + codepoint(ch) + ">"; }) : text;
  }
  // The address's parts are anyone's to write: a malformed escape ("%E0%A4%A") names nothing.
  function decoded(text) {
    try { return decodeURIComponent(text); } catch (e) { return null; }
  }

  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }
  function pct(v) { return v === null || v === undefined ? "—" : Math.round(v * 100) + "%"; }
  function secs(v) { return v === null || v === undefined ? "—" : v < 10 ? v.toFixed(2) + "s" : v.toFixed(0) + "s"; }
  function usd(v) { return v === null || v === undefined ? "—" : "$" + v.toFixed(4); }
  function badge(word) { return el("span", { class: "badge " + word }, word); }
  function pill(layer) { return el("span", { class: "pill " + layer }, layer); }

  // ---------------------------------------------------------------- trial details
  function loadDetail(key) {
    if (cache.has(key)) return Promise.resolve(cache.get(key));
    if (CONFIG.detailUrl) {
      var url;
      try { url = CONFIG.detailUrl.split("{key}").join(encodeURIComponent(key)); }
      catch (e) { return Promise.reject(new Error("this report has no trial " + plainText(key))); }
      return fetch(url)
        .then(function (r) {
          if (!r.ok) throw new Error("could not load trial " + key + " (" + r.status + ")");
          return r.json();
        })
        .then(function (d) { d = unpool(d); cache.set(key, d); return d; });
    }
    var node = document.getElementById("ff-d-" + key);
    if (!node) {
      if (document.readyState === "loading") {
        return new Promise(function (resolve) {
          document.addEventListener("DOMContentLoaded", function () { resolve(loadDetail(key)); }, { once: true });
        });
      }
      return Promise.reject(new Error("this report holds no detail for trial " + key));
    }
    var detail = unpool(JSON.parse(node.textContent));
    cache.set(key, detail);
    return Promise.resolve(detail);
  }

  // Texts that occur in several trials are kept once, in the "ff-pool" block, and
  // referred to by their index.
  var POOL = null;
  function pooled(x) {
    if (typeof x !== "number") return x;
    if (POOL === null) {
      var node = document.getElementById("ff-pool");
      if (!node) return x;
      POOL = JSON.parse(node.textContent);
    }
    return POOL[x];
  }
  function unpool(d) {
    Object.keys(d.segs).forEach(function (k) { d.segs[k] = pooled(d.segs[k]); });
    d.results.forEach(function (r) {
      if (r.x !== undefined) r.x = pooled(r.x);
      if (r.m) r.m.forEach(function (m) { m[1] = pooled(m[1]); });
    });
    return d;
  }

  function spansOf(d) {
    var spans = {};
    d.results.forEach(function (r, ri) {
      (r.e || []).forEach(function (e) {
        if (e.g === undefined || e.a === undefined) return;
        (spans[e.g] = spans[e.g] || []).push({ start: e.a, end: e.b, r: ri, status: r.s, check: r.c });
      });
    });
    return spans;
  }

  function flaggedCalls(d) {
    var flags = {};
    d.results.forEach(function (r) {
      if (r.s !== "fail" && r.s !== "error") return;
      (r.e || []).forEach(function (e) {
        if (e.k === undefined) return;
        (flags[e.k] = flags[e.k] || []).push(r.c);
      });
    });
    return flags;
  }

  // A text with its evidence wrapped in <mark>: cut at every span boundary, each piece a
  // text node or a mark naming the results it belongs to.
  function segment(d, segId, spans, extraClass) {
    var node = el("div", { class: "seg" + (extraClass ? " " + extraClass : ""), "data-seg": segId });
    var text = d.segs[segId];
    if (text === undefined) return node;
    var mine = (spans[segId] || []).filter(function (s) { return s.end > s.start && s.start < text.length; });
    if (!mine.length) { appendText(node, text); return node; }
    var cuts = [0, text.length];
    mine.forEach(function (s) { cuts.push(Math.max(0, s.start), Math.min(text.length, s.end)); });
    cuts = Array.from(new Set(cuts)).sort(function (a, b) { return a - b; });
    for (var i = 0; i < cuts.length - 1; i++) {
      var a = cuts[i], b = cuts[i + 1];
      if (a === b) continue;
      var cover = mine.filter(function (s) { return s.start <= a && s.end >= b; });
      if (!cover.length) { appendText(node, text.slice(a, b)); continue; }
      var worst = cover.some(function (s) { return s.status === "fail"; }) ? "fail"
        : cover.some(function (s) { return s.status === "error"; }) ? "error" : "other";
      var mark = document.createElement("mark");
      mark.className = "ev ev-" + worst;
      mark.setAttribute("data-r", cover.map(function (s) { return s.r; }).join(" "));
      mark.title = plainText(cover.map(function (s) { return s.check; }).join(", "));
      appendText(mark, text.slice(a, b));
      node.appendChild(mark);
    }
    return node;
  }

  // The tool calls an assistant turn asked for, by name and id (what ran is a call card).
  function requestedCalls(calls) {
    var list = el("div", { class: "requested" }, el("span", { class: "k" }, "requested"));
    calls.forEach(function (c) {
      list.appendChild(el("span", { class: "req" }, el("code", null, c.name),
        c.id !== undefined ? el("span", { class: "muted small" }, c.id) : null));
    });
    return list;
  }

  function timelineItem(d, item, spans, flags) {
    if (item.kind === "message") {
      var label = el("div", { class: "tl-label" }, item.role, item.name ? el("code", null, item.name) : null);
      if (item.role === "system") {
        return el("details", { class: "tl-item tl-system" }, el("summary", { class: "tl-label" }, "system prompt"), segment(d, item.seg, spans));
      }
      return el("div", { class: "tl-item tl-" + item.role }, label,
        item.seg !== undefined ? segment(d, item.seg, spans) : null,
        item.calls ? requestedCalls(item.calls) : null);
    }
    if (item.kind === "call") {
      var flagged = flags[item.i];
      var head = el("div", { class: "tl-label" }, "tool call [" + item.i + "]", el("code", null, item.name),
        item.dur !== null && item.dur !== undefined ? el("span", null, (item.dur * 1000).toFixed(0) + " ms") : null,
        flagged ? el("span", { class: "flag" }, "flagged by " + Array.from(new Set(flagged)).join(", ")) : null);
      var box = el("div", { class: "tl-item tl-call" + (flagged ? " flagged" : ""), "data-call": item.i }, head);
      var kv = el("div", { class: "kv" });
      if (item.args) kv.appendChild(el("div", { class: "k" }, "arguments")), kv.appendChild(segment(d, item.args, spans));
      if (item.result) kv.appendChild(el("div", { class: "k" }, "result")), kv.appendChild(segment(d, item.result, spans));
      if (item.error) kv.appendChild(el("div", { class: "k" }, "error")), kv.appendChild(segment(d, item.error, spans));
      box.appendChild(kv);
      return box;
    }
    if (item.kind === "passages") {
      var wrap = el("div", { class: "tl-item tl-passages" }, el("div", { class: "tl-label" }, "retrieved passages (" + item.items.length + ")"));
      item.items.forEach(function (p) {
        wrap.appendChild(el("div", { class: "passage" },
          el("div", null, el("span", { class: "pid" }, p.id),
            p.source ? el("span", { class: "muted small" }, " · " + p.source) : null,
            p.score !== null && p.score !== undefined ? el("span", { class: "muted small" }, " · score " + p.score.toFixed(3)) : null),
          p.seg ? segment(d, p.seg, spans) : null));
      });
      return wrap;
    }
    if (item.kind === "output") return el("div", { class: "tl-item tl-output" }, el("div", { class: "tl-label" }, "output"), segment(d, item.seg, spans));
    if (item.kind === "structured") return el("div", { class: "tl-item tl-structured" }, el("div", { class: "tl-label" }, "structured output"), segment(d, item.seg, spans));
    if (item.kind === "error") return el("div", { class: "tl-item tl-error" }, el("div", { class: "tl-label" }, "agent error"), segment(d, item.seg, spans));
    return el("div", { class: "tl-item" }, item.kind);
  }

  function resultCard(d, r, ri, root) {
    var card = el("div", { class: "result st-" + r.s, "data-r": ri },
      el("div", { class: "rh" }, pill(r.l), el("b", null, r.c), badge(r.s),
        r.v !== undefined ? el("span", { class: "score" }, "score " + (Math.round(r.v * 1000) / 1000)) : null),
      r.x ? el("div", { class: "expl" }, r.x) : null,
      r.w ? el("div", { class: "review" }, r.w) : null);
    if (r.e && r.e.length) {
      var list = el("ul", { class: "evidence" });
      r.e.forEach(function (e) {
        var found = e.g !== undefined;
        var li = el("li", { class: found ? "found" : null, title: found ? "show it in the trace" : null },
          el("span", { class: "where" }, e.w), el("span", { class: "q" }, e.t),
          found ? null : el("span", { class: "lost" }, e.k !== undefined ? "(the call is flagged)" : "(not located in the text)"));
        if (found) {
          li.addEventListener("click", function () {
            var marks = root.querySelectorAll("mark.ev");
            for (var i = 0; i < marks.length; i++) {
              if ((" " + marks[i].getAttribute("data-r") + " ").indexOf(" " + ri + " ") >= 0 &&
                  marks[i].parentNode.getAttribute("data-seg") === e.g) {
                marks[i].scrollIntoView({ block: "center" });
                marks[i].classList.remove("flash"); void marks[i].offsetWidth; marks[i].classList.add("flash");
                break;
              }
            }
          });
        }
        list.appendChild(li);
      });
      card.appendChild(list);
    }
    if (r.m && r.m.length) {
      card.appendChild(el("div", { class: "metas" }, r.m.map(function (m) { return m[0] + ": " + m[1]; }).join(" · ")));
    }
    (r.r || []).forEach(function (raw, i) {
      card.appendChild(el("details", null, el("summary", null, r.r.length > 1 ? "raw reply " + (i + 1) : "raw reply"), el("pre", null, raw)));
    });
    card.addEventListener("mouseenter", function () { highlight(root, ri, true); });
    card.addEventListener("mouseleave", function () { highlight(root, ri, false); });
    return card;
  }

  function highlight(root, ri, on) {
    var marks = root.querySelectorAll("mark.ev");
    for (var i = 0; i < marks.length; i++) {
      if ((" " + marks[i].getAttribute("data-r") + " ").indexOf(" " + ri + " ") >= 0) marks[i].classList.toggle("hl", on);
    }
  }

  function layerDots(chars) {
    var wrap = el("span", { class: "layer-dots" });
    LAYERS.forEach(function (layer, i) {
      var c = chars[i];
      wrap.appendChild(el("span", { class: "dot " + c, title: layer + ": " + CHAR_WORD[c] }));
      wrap.appendChild(document.createTextNode(" "));
    });
    return wrap;
  }

  function renderTrial(d, compact) {
    var root = el("article", { class: "trial", "data-key": d.key });
    var stats = [
      "latency " + secs(d.latency), "cost " + usd(d.cost),
      d.tokens !== null ? "tokens " + d.tokens : null, d.turns !== null ? "turns " + d.turns : null
    ].filter(Boolean).join(" · ");
    root.appendChild(el("div", { class: "trial-head" },
      el("span", { class: "cid" }, d.case_id), el("span", { class: "muted" }, "repeat " + d.repeat),
      badge(d.verdict), layerDots(d.layers), el("span", { class: "stats" }, stats)));
    if (d.case) {
      var info = el("div", { class: "case-info" });
      if (d.case.expected) info.appendChild(el("div", null, el("span", { class: "lbl" }, "expected"), d.segs[d.case.expected]));
      if (d.case.focus) info.appendChild(el("div", null, el("span", { class: "lbl" }, "focus"), d.segs[d.case.focus]));
      var strata = Object.keys(d.case.strata);
      if (strata.length || d.case.tags.length) {
        var chips = el("div", null, el("span", { class: "lbl" }, "strata"));
        strata.forEach(function (k) { chips.appendChild(el("span", { class: "chip" }, k + "=" + d.case.strata[k])); });
        d.case.tags.forEach(function (t) { chips.appendChild(el("span", { class: "chip" }, "#" + t)); });
        info.appendChild(chips);
      }
      root.appendChild(info);
    }
    var spans = spansOf(d);
    var flags = flaggedCalls(d);
    var tl = el("div", { class: "timeline" });
    d.timeline.forEach(function (item) { tl.appendChild(timelineItem(d, item, spans, flags)); });
    if (!d.timeline.length) tl.appendChild(el("div", { class: "empty" }, "no trace was recorded"));
    var results = el("div", { class: "results" });
    d.results.forEach(function (r, ri) { results.appendChild(resultCard(d, r, ri, root)); });
    if (!d.results.length) results.appendChild(el("div", { class: "empty" }, "no check results"));
    root.appendChild(el("div", { class: "trial-body" + (compact ? " compact" : "") }, tl, results));
    return root;
  }

  function failure(message) { return el("div", { class: "empty" }, message); }

  // ---------------------------------------------------------------- the drawer
  var drawer = null;
  function openTrial(key, push) {
    closeTrial(false);
    var back = el("div", { class: "drawer-back" });
    var panel = el("div", { class: "drawer", role: "dialog", "aria-label": "trial " + key, tabindex: "-1", id: "ff-drawer" });
    var close = el("button", { class: "close", type: "button" }, "close ✕");
    panel.appendChild(el("div", { class: "drawer-bar" },
      el("span", null, "trial " + key + " · Esc closes · the address links to this trial"), close));
    var body = el("div", null, el("div", { class: "empty" }, "loading…"));
    panel.appendChild(body);
    back.addEventListener("click", function () { closeTrial(true); });
    close.addEventListener("click", function () { closeTrial(true); });
    document.body.appendChild(back);
    document.body.appendChild(panel);
    drawer = { back: back, panel: panel };
    panel.focus();
    if (push !== false && location.hash !== "#trial=" + key) history.replaceState(null, "", "#trial=" + key);
    loadDetail(key).then(function (d) {
      clear(body);
      body.appendChild(renderTrial(d, false));
    }, function (err) { clear(body); body.appendChild(failure(String(err.message || err))); });
  }
  function closeTrial(updateHash) {
    if (!drawer) return;
    drawer.back.remove(); drawer.panel.remove(); drawer = null;
    if (updateHash && location.hash.indexOf("#trial=") === 0) history.replaceState(null, "", location.pathname + location.search);
  }
  document.addEventListener("keydown", function (ev) { if (ev.key === "Escape") closeTrial(true); });

  // ---------------------------------------------------------------- the case table
  var state = { layer: -1, verdict: "", stratum: -1, q: "", sort: "severity", page: 0 };
  var matches = [];
  var tbody = document.getElementById("case-rows");
  var counter = document.getElementById("case-count");
  var pageLabel = document.getElementById("case-page");
  var prev = document.getElementById("case-prev");
  var next = document.getElementById("case-next");

  function compareRows(a, b) {
    var ra = ROWS[a], rb = ROWS[b];
    if (state.sort === "severity") {
      if (rb[4] !== ra[4]) return rb[4] - ra[4];
    } else if (state.sort === "latency" || state.sort === "cost") {
      var i = state.sort === "latency" ? 6 : 7;
      var va = ra[i] === null ? -1 : ra[i], vb = rb[i] === null ? -1 : rb[i];
      if (vb !== va) return vb - va;
    }
    if (ra[0] !== rb[0]) return ra[0] < rb[0] ? -1 : 1;
    return ra[1] - rb[1];
  }

  function applyFilters() {
    var q = state.q.toLowerCase();
    var want = STATUS_CHAR[state.verdict];
    var out = [];
    for (var i = 0; i < ROWS.length; i++) {
      var r = ROWS[i];
      if (q && r[0].toLowerCase().indexOf(q) < 0) continue;
      if (state.stratum >= 0 && r[5].indexOf(state.stratum) < 0) continue;
      if (state.layer >= 0) {
        var c = r[3][state.layer];
        if (want ? c !== want : c === "-") continue;
      } else if (state.verdict && r[2] !== state.verdict) continue;
      out.push(i);
    }
    out.sort(compareRows);
    matches = out;
    state.page = 0;
    renderPage();
  }

  function renderPage() {
    clear(tbody);
    var pages = Math.max(1, Math.ceil(matches.length / PAGE));
    state.page = Math.min(state.page, pages - 1);
    var start = state.page * PAGE;
    var slice = matches.slice(start, start + PAGE);
    var frag = document.createDocumentFragment();
    slice.forEach(function (i) {
      var r = ROWS[i];
      var tr = el("tr", { tabindex: "0", "data-key": "t" + i, title: "open " + r[0] + " #" + r[1] },
        el("td", { class: "cid" }, r[0]), el("td", { class: "num" }, r[1]),
        el("td", null, badge(r[2])));
      LAYERS.forEach(function (layer, j) {
        tr.appendChild(el("td", { class: "col-layer" }, el("span", { class: "dot " + r[3][j], title: layer + ": " + CHAR_WORD[r[3][j]] })));
      });
      tr.appendChild(el("td", { class: "checks" }, r[8].join(", ")));
      tr.appendChild(el("td", { class: "num" }, secs(r[6])));
      tr.appendChild(el("td", { class: "num" }, usd(r[7])));
      tr.appendChild(el("td", { class: "why" }, r[9]));
      frag.appendChild(tr);
    });
    tbody.appendChild(frag);
    if (!slice.length) tbody.appendChild(el("tr", null, el("td", { colspan: 8 + LAYERS.length, class: "empty" }, "no trial matches these filters")));
    counter.textContent = matches.length.toLocaleString("en") + " of " + ROWS.length.toLocaleString("en") + " trials";
    pageLabel.textContent = matches.length
      ? "rows " + (start + 1).toLocaleString("en") + "–" + (start + slice.length).toLocaleString("en") + " · page " + (state.page + 1) + " of " + pages
      : "";
    prev.disabled = state.page === 0;
    next.disabled = state.page >= pages - 1;
  }

  function openRow(ev) {
    var tr = ev.target.closest("tr[data-key]");
    if (tr) openTrial(tr.getAttribute("data-key"));
  }
  tbody.addEventListener("click", openRow);
  tbody.addEventListener("keydown", function (ev) { if (ev.key === "Enter") openRow(ev); });
  prev.addEventListener("click", function () { state.page -= 1; renderPage(); });
  next.addEventListener("click", function () { state.page += 1; renderPage(); });

  function bind(id, field, parse) {
    var node = document.getElementById(id);
    node.addEventListener(node.tagName === "INPUT" ? "input" : "change", function () {
      state[field] = parse(node.value);
      applyFilters();
    });
  }
  bind("f-layer", "layer", function (v) { return v === "" ? -1 : LAYERS.indexOf(v); });
  bind("f-verdict", "verdict", String);
  bind("f-stratum", "stratum", function (v) { return v === "" ? -1 : Number(v); });
  bind("f-search", "q", String);
  bind("f-sort", "sort", String);

  var strataSelect = document.getElementById("f-stratum");
  INDEX.strata.forEach(function (name, i) { strataSelect.appendChild(el("option", { value: String(i) }, name)); });

  // ---------------------------------------------------------------- flipped cases
  var flipList = document.getElementById("flip-list");
  var flipPage = 0;

  function defaultKey(trials, layerIndex, wantPass) {
    for (var i = 0; i < trials.length; i++) {
      if ((trials[i][2][layerIndex] === "p") === wantPass) return trials[i][0];
    }
    return trials.length ? trials[0][0] : null;
  }

  function side(title, label, trials, layerIndex, chosen) {
    var box = el("div", { class: "side" });
    var picker = el("span", { class: "repeat-pick" });
    var holder = el("div", null);
    function show(key) {
      Array.prototype.forEach.call(picker.children, function (b) { b.setAttribute("aria-pressed", b.getAttribute("data-key") === key ? "true" : "false"); });
      clear(holder);
      holder.appendChild(el("div", { class: "empty" }, "loading…"));
      loadDetail(key).then(function (d) { clear(holder); holder.appendChild(renderTrial(d, true)); },
        function (err) { clear(holder); holder.appendChild(failure(String(err.message || err))); });
    }
    trials.forEach(function (t) {
      var c = t[2][layerIndex];
      var b = el("button", { type: "button", class: c, "data-key": t[0], title: LAYERS[layerIndex] + ": " + CHAR_WORD[c] }, "#" + t[1]);
      b.addEventListener("click", function () { show(t[0]); });
      picker.appendChild(b);
    });
    box.appendChild(el("div", { class: "side-title" }, el("span", { class: "who" }, title), el("span", { class: "ver" }, label), el("span", { class: "muted small" }, "repeat"), picker));
    box.appendChild(holder);
    if (chosen) show(chosen);
    else holder.appendChild(el("div", { class: "empty" }, "no trial of this case in this run"));
    return box;
  }

  function flipRow(f) {
    var layerIndex = LAYERS.indexOf(f[1]);
    var regressed = f[2] === "regressed";
    var wrap = el("div", { class: "flip", "data-case": f[0], "data-layer": f[1] });
    var head = el("div", { class: "flip-head", tabindex: "0", role: "button", "aria-expanded": "false" },
      el("span", null, badge(f[2])), el("span", { class: "cid" }, f[0]), el("span", null, pill(f[1])),
      el("span", null, badge(f[3]), " → ", badge(f[4])),
      el("span", { class: "mono small" }, pct(f[5]) + " → " + pct(f[6])),
      el("span", { class: "small" }, f[7].join(", ")));
    wrap.appendChild(head);
    var body = null;
    function toggle() {
      if (body) { body.remove(); body = null; wrap.classList.remove("open"); head.setAttribute("aria-expanded", "false"); return; }
      body = el("div", { class: "sbs" },
        side("baseline", CONFIG.baseLabel, f[8], layerIndex, defaultKey(f[8], layerIndex, regressed)),
        side("candidate", CONFIG.candLabel, f[9], layerIndex, defaultKey(f[9], layerIndex, !regressed)));
      wrap.appendChild(body);
      wrap.classList.add("open");
      head.setAttribute("aria-expanded", "true");
    }
    head.addEventListener("click", toggle);
    head.addEventListener("keydown", function (ev) { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); toggle(); } });
    wrap.toggle = toggle;
    return wrap;
  }

  function renderFlips() {
    if (!flipList) return;
    clear(flipList);
    var flips = INDEX.flips;
    var pages = Math.max(1, Math.ceil(flips.length / FLIP_PAGE));
    var start = flipPage * FLIP_PAGE;
    var rows = flips.slice(start, start + FLIP_PAGE).map(flipRow);
    rows.forEach(function (r) { flipList.appendChild(r); });
    if (pages > 1) {
      var p = el("button", { type: "button" }, "← previous"), n = el("button", { type: "button" }, "next →");
      p.disabled = flipPage === 0; n.disabled = flipPage >= pages - 1;
      p.addEventListener("click", function () { flipPage -= 1; renderFlips(); });
      n.addEventListener("click", function () { flipPage += 1; renderFlips(); });
      flipList.appendChild(el("div", { class: "pager" }, p, n, el("span", { class: "muted" }, "flips " + (start + 1) + "–" + (start + rows.length) + " of " + flips.length)));
    }
    return rows;
  }

  // ---------------------------------------------------------------- start
  applyFilters();
  var firstFlips = renderFlips();
  if (firstFlips && firstFlips.length && flipPage === 0) firstFlips[0].toggle();
  if (location.hash.indexOf("#trial=") === 0) {
    var wanted = decoded(location.hash.slice(7));
    if (wanted !== null) openTrial(wanted, false);
  }
  document.documentElement.setAttribute("data-ready", "1");
  if (window.performance && performance.mark) performance.mark("ff-interactive");
})();
