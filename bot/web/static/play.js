// A member's own page: the board (board.js) they play by clicking. The spaces where an action is possible wear a blue
// ring; a click (or Enter or Space) on one shows the actions there with their cost, an action shows its choices
// (how many, which figure, a placement's rotations drawn as the hexagon would lie), a choice asks to confirm, and the
// confirmed move goes to the bot with the version the page showed and the session's CSRF token. The answer comes with
// the game as it stands now. Every control is a button: the keyboard reaches them all.
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  var page = JSON.parse(document.getElementById("page-data").textContent);
  var words = page.words, pal = page.palette;
  var live = page.data;
  var now = true;            // the board shows the game now (not a position of its history)
  var turned = false;        // the board is turned a quarter (a narrow screen)
  var space = null;          // the space whose actions are shown
  var action = null;         // the action whose choices are shown: "here:3" or "other:5"
  var pending = null;        // the choice to confirm: { url, body, text, label }
  var busy = false;
  var version = live.version;

  // the link's token leaves the address bar: the page's own address is the session's
  if (page.address && window.history && window.history.replaceState) {
    window.history.replaceState(null, "", page.address + window.location.search);
  }

  function $(id) { return document.getElementById(id); }

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (m, k) { return k in values ? String(values[k]) : m; });
  }

  function node(name, attrs, parent, text) {
    var el = document.createElement(name);
    Object.keys(attrs || {}).forEach(function (k) { el.setAttribute(k, String(attrs[k])); });
    if (text !== undefined) { el.textContent = String(text); }
    if (parent) { parent.appendChild(el); }
    return el;
  }

  function svg(name, attrs, parent, text) {
    var el = document.createElementNS(SVG, name);
    Object.keys(attrs || {}).forEach(function (k) { el.setAttribute(k, String(attrs[k])); });
    if (text !== undefined) { el.textContent = String(text); }
    if (parent) { parent.appendChild(el); }
    return el;
  }

  function menu() { return live.play && now && live.status === "running" ? live.play.menu : null; }

  function play() { return live.play || {}; }

  // -- the board: rings on the spaces where an action is possible

  function decorate() {
    var m = menu(), shown = m ? m.spaces : {}, marked = {};
    if (m && action) {
      (actionOf(action) || { spaces: [] }).spaces.forEach(function (n) { marked[n] = true; });
    }
    Array.prototype.forEach.call(document.querySelectorAll("#board .hex"), function (hex) {
      var name = hex.getAttribute("data-space"), edge = hex.querySelector("polygon.edge");
      var old = hex.querySelector(".act-ring");
      if (old) { old.parentNode.removeChild(old); }
      var can = Boolean(shown[name]);
      hex.classList.toggle("actionable", can);
      hex.classList.toggle("chosen", name === space || Boolean(marked[name]));
      var label = (hex.getAttribute("aria-label") || "").split(" \u2014 ")[0];
      hex.setAttribute("aria-label", can ? label + " \u2014 " + words.actionable : label);
      if (can && edge) {
        var pts = edge.getAttribute("points").split(" ").map(function (p) { return p.split(",").map(Number); });
        var cx = 0, cy = 0;
        pts.forEach(function (p) { cx += p[0] / pts.length; cy += p[1] / pts.length; });
        var inner = pts.map(function (p) { return (cx + (p[0] - cx) * 0.86).toFixed(1) + "," + (cy + (p[1] - cy) * 0.86).toFixed(1); });
        var ring = svg("polygon", { points: inner.join(" "), fill: "none", "class": "act-ring" });
        hex.insertBefore(ring, edge.nextSibling);
      }
    });
  }

  // -- the panel

  function actionOf(id) {
    var m = menu();
    if (!m || !id) { return null; }
    return m.actions[Number(id.split(":")[1])] || null;
  }

  function button(parent, text, onClick, attrs) {
    var b = node("button", Object.assign({ type: "button" }, attrs || {}), parent);
    if (typeof text === "string") { b.textContent = text; } else { b.appendChild(text); }
    b.disabled = busy;
    b.addEventListener("click", onClick);
    return b;
  }

  function drawAction(list, id, a) {
    var item = node("li", {}, list);
    var body = document.createDocumentFragment();
    node("strong", {}, body, a.title);
    node("span", { "class": "label" }, body, a.label);
    if (a.description) { node("span", { "class": "description" }, body, a.description); }
    var open = action === id;
    button(item, body, function () { chooseAction(id, a); }, { "class": "action", "aria-pressed": open ? "true" : "false",
      "data-action": a.id, "aria-expanded": open && a.finishes.length > 1 ? "true" : "false" });
    if (open && a.finishes.length > 1) { drawFinishes(item, a); }
  }

  function drawFinishes(parent, a) {
    var rotations = a.finishes.some(function (f) { return f.preview; });
    var group = node("div", { "class": "finishes" + (rotations ? " rotations" : ""), role: "group",
      "aria-label": a.question }, parent);
    node("p", { "class": "question" }, group, a.question);
    a.finishes.forEach(function (f) {
      var content = document.createDocumentFragment();
      if (f.preview) { content.appendChild(preview(f.preview, a.spaces[0])); }
      var text = node("span", { "class": "finish-text" }, content);
      node("span", {}, text, f.label);
      if (f.description) { node("span", { "class": "description" }, text, f.description); }
      var chosen = pending && pending.move === f.move;
      button(group, content, function () { chooseFinish(f); }, { "class": "finish" + (f.preview ? " rotation" : ""),
        "data-move": f.move, "aria-pressed": chosen ? "true" : "false",
        "aria-label": f.label + (f.description ? " \u2014 " + f.description : "") });
    });
  }

  function drawHere(m) {
    var here = $("play-here");
    here.textContent = "";
    if (!m) { return; }
    if (!space) { node("p", { "class": "quiet" }, here, words.pick_space); return; }
    var indexes = m.spaces[space] || [];
    if (!indexes.length) { node("p", { "class": "quiet" }, here, fill(words.nothing_here, { space: space })); return; }
    node("h3", {}, here, fill(words.here, { space: space }));
    var list = node("ul", { "class": "actions" }, here);
    indexes.forEach(function (i) { drawAction(list, "here:" + i, m.actions[i]); });
  }

  function drawOther(m, p) {
    var other = $("play-other");
    other.textContent = "";
    if (p.jump && now) {
      node("h3", {}, other, p.jump.question);
      var chips = node("div", { "class": "finishes chips", role: "group", "aria-label": p.jump.question }, other);
      p.jump.choices.forEach(function (c) {
        var chosen = pending && pending.chips === c.chips;
        button(chips, c.label, function () {
          ask({ url: page.actions.jump, body: { opened: p.jump.opened, chips: c.chips }, text: c.label, chips: c.chips });
        }, { "class": "finish", "data-chips": c.chips, "aria-pressed": chosen ? "true" : "false" });
      });
    }
    if (!m || !m.others.length) { return; }
    node("h3", {}, other, m.other_question || words.other);
    var list = node("ul", { "class": "actions" }, other);
    m.others.forEach(function (i) { drawAction(list, "other:" + i, m.actions[i]); });
  }

  function drawConfirm() {
    var box = $("play-confirm");
    box.textContent = "";
    box.hidden = !pending;
    if (!pending) { return; }
    node("p", {}, box, pending.question || fill(words.chosen, { move: pending.text }));
    var row = node("p", { "class": "buttons" }, box);
    var yes = button(row, pending.label || words.confirm, confirm, { "class": "primary", id: "play-yes",
      "data-move": pending.move || (pending.chips ? "jump " + pending.chips : "end") });
    row.appendChild(document.createTextNode(" "));
    button(row, words.cancel, cancel, { id: "play-no" });
    return yes;
  }

  function drawControls(m) {
    var undo = $("play-undo"), end = $("play-end");
    undo.hidden = !(m && m.undo);
    end.hidden = !(m && m.end);
    undo.disabled = end.disabled = busy;
    if (m && m.undo) { undo.textContent = m.undo.label; }
    if (m && m.end) { end.textContent = m.end.label; }
  }

  function draw() {
    var m = menu(), p = play();
    $("play-you").textContent = p.you || "";
    $("play-standing").textContent = now ? (p.standing || "") : "";
    var priv = $("play-private");
    priv.textContent = "";
    (p.private || []).forEach(function (line) { node("li", {}, priv, line); });
    drawHere(m);
    drawOther(m, p);
    drawControls(m);
    document.body.setAttribute("data-play-version", String(live.version));
    document.body.setAttribute("data-acting", m ? "1" : "0");
    return drawConfirm();
  }

  // -- choosing

  function chooseAction(id, a) {
    if (action === id && a.finishes.length > 1) { action = null; pending = null; draw(); decorate(); return; }
    action = id;
    pending = null;
    if (a.finishes.length === 1) { chooseFinish(a.finishes[0]); return; }
    draw();
    decorate();
    var first = document.querySelector("#play .finishes button");
    if (first) { first.focus(); }
  }

  function chooseFinish(f) {
    ask({ url: page.actions.act, body: { version: version, path: f.path }, text: f.confirm, move: f.move });
  }

  function ask(choice) {
    pending = choice;
    var yes = draw();
    decorate();
    if (yes) { yes.focus(); }
  }

  function cancel() {
    pending = null;
    draw();
    var back = document.querySelector("#play [aria-pressed='true']") || document.querySelector(".hex.chosen");
    if (back) { back.focus(); }
  }

  function confirm() {
    if (!pending || busy) { return; }
    send(pending.url, pending.body);
  }

  // -- the bot's answers

  function say(text, refused) {
    var box = $("play-message");
    box.textContent = text || "";
    box.classList.toggle("refused", Boolean(refused));
  }

  function update(next) {
    if (next.version < live.version) { draw(); return; }  // the live stream brought a newer position meanwhile
    live = next;
    version = next.version;
    action = null;
    pending = null;
    document.dispatchEvent(new CustomEvent("tikal:data", { detail: next }));
  }

  function send(url, body) {
    busy = true;
    draw();
    say(words.sending, false);
    fetch(url, { method: "POST", credentials: "same-origin", cache: "no-store",
      headers: { "Content-Type": "application/json", "X-Tikal-CSRF": page.csrf }, body: JSON.stringify(body) })
      .then(function (r) { return r.json().then(function (j) { return [r.status, j]; }); })
      .then(function (answer) {
        var status = answer[0], j = answer[1];
        busy = false;
        say(j.said, !j.ok);
        document.body.setAttribute("data-answer", String(status));
        if (j.data) { update(j.data); } else { pending = null; draw(); }
        if (status === 401) { $("play").classList.add("ended"); }
      })
      .catch(function () { busy = false; say(words.failed, true); draw(); });
  }

  $("play-undo").addEventListener("click", function () {
    var m = menu();
    if (m && m.undo && !busy) { send(page.actions.act, { version: version, path: m.undo.path }); }
  });
  $("play-end").addEventListener("click", function () {
    var m = menu();
    if (!m || !m.end || busy) { return; }
    var body = { version: version, path: m.end.path };
    if (m.end.ask) {
      ask({ url: page.actions.act, body: body, question: m.end.ask, label: m.end.confirm, text: m.end.label });
    } else { send(page.actions.act, body); }
  });
  $("sign-out").addEventListener("click", function () {
    if (busy) { return; }
    fetch(page.actions.signout, { method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-Tikal-CSRF": page.csrf }, body: "{}" })
      .then(function () { window.location.reload(); });
  });

  // -- the board tells

  document.addEventListener("tikal:board", function (e) {
    now = e.detail.now;
    turned = e.detail.turned;
    decorate();
  });
  document.addEventListener("tikal:drawn", function (e) {
    var next = e.detail.live;
    if (next.version !== version) { action = null; pending = null; version = next.version; }
    live = next;
    now = e.detail.now;
    draw();
    decorate();
  });
  document.addEventListener("tikal:choose", function (e) {
    if (!menu()) { return; }
    space = e.detail.space;
    action = null;
    pending = null;
    draw();
    decorate();
    var panel = $("play");
    if (panel.getBoundingClientRect().top > window.innerHeight || panel.getBoundingClientRect().bottom < 0) {
      panel.scrollIntoView({ block: "start" });
    }
    if (e.detail.keyboard) {
      var first = document.querySelector("#play-here button");
      if (first) { first.focus(); }
    }
  });

  // -- a placement's rotation: the hexagon as it would lie among its neighbours, drawn as the board draws them

  var R = 40, H = Math.sqrt(3) * R;

  function place(s) {  // a space's centre, as board.js places it (turned a quarter on a narrow screen)
    var x = R + s.column * 1.5 * R, y = H / 2 + (5 - s.row) * H + (s.column % 2 ? H / 2 : 0);
    return turned ? [-y, x] : [x, y];
  }

  function hexagon(c) {
    var out = [];
    for (var i = 0; i < 6; i++) {
      var a = Math.PI / 3 * i, dx = R * Math.cos(a), dy = R * Math.sin(a);
      out.push(turned ? [c[0] - dy, c[1] + dx] : [c[0] + dx, c[1] + dy]);
    }
    return out;
  }

  function pts(list) { return list.map(function (q) { return q[0].toFixed(1) + "," + q[1].toFixed(1); }).join(" "); }

  function stones(box, c, corner, counts) {
    // sides N, NE, SE, S, SW, NW lie between corners 4+k and 5+k, as on the board
    counts.forEach(function (n, k) {
      var a = corner[(4 + k) % 6], b = corner[(5 + k) % 6];
      for (var j = 1; j <= n; j++) {
        var f = j / (n + 1), x = a[0] + (b[0] - a[0]) * f, y = a[1] + (b[1] - a[1]) * f;
        svg("circle", { cx: x + (c[0] - x) * 0.1, cy: y + (c[1] - y) * 0.1, r: 4.5, fill: pal.stone, "class": "stone" },
          box);
      }
    });
  }

  function preview(p, spaceName) {
    var spaces = live.board.spaces, target = null;
    spaces.forEach(function (s) { if (s.name === spaceName) { target = s; } });
    var c0 = place(target);
    var near = spaces.filter(function (s) {
      var c = place(s);
      return s !== target && Math.hypot(c[0] - c0[0], c[1] - c0[1]) < 1.2 * H;
    });
    var w = turned ? 3 * H + 8 : 5 * R + 8, h = turned ? 5 * R + 8 : 3 * H + 8;
    var box = svg("svg", { viewBox: (c0[0] - w / 2).toFixed(1) + " " + (c0[1] - h / 2).toFixed(1) + " " + w.toFixed(1) +
      " " + h.toFixed(1), "class": "preview", "aria-hidden": "true", focusable: "false" });
    near.forEach(function (s) {
      var c = place(s), corner = hexagon(c), terrain = s.explored && s.terrain ? s.terrain : null;
      svg("polygon", { points: pts(corner), fill: terrain ? pal.terrain[terrain] : pal.unexplored, stroke: "#484848",
        "stroke-width": 1.5, opacity: terrain ? 1 : 0.55 }, box);
      if (terrain) { stones(box, c, corner, s.stones); }
    });
    var corner = hexagon(c0);
    svg("polygon", { points: pts(corner), fill: pal.terrain[p.terrain] || pal.unexplored, stroke: "#0b4f8a",
      "stroke-width": 4 }, box);
    stones(box, c0, corner, p.stones);
    if (p.value !== null && p.value !== undefined) {
      svg("text", { x: c0[0], y: c0[1], dy: "0.35em", "text-anchor": "middle", "class": "value",
        fill: pal.terrain_ink[p.terrain] || pal.ink }, box, p.value);
    }
    p.paths.forEach(function (path) {  // what crossing each opened border costs, on the border
      var k = path[0], a = corner[(4 + k) % 6], b = corner[(5 + k) % 6], x = (a[0] + b[0]) / 2, y = (a[1] + b[1]) / 2;
      svg("circle", { cx: x, cy: y, r: 11, fill: "#ffffff", stroke: "#0b4f8a", "stroke-width": 2, "class": "path" },
        box);
      svg("text", { x: x, y: y, dy: "0.35em", "text-anchor": "middle", "class": "path-cost", fill: "#1a1a1a" }, box,
        path[1]);
    });
    return box;
  }
}());
