// The game's page: draws the board as SVG from the page's data (the engine's spectator view as JSON), shows a
// space's details on hover, tap or keyboard focus, follows the game live (server-sent events) and moves through
// its history. Everything comes from this server; the words come translated in the page's data.
// A member's page adds play.js, which listens: "tikal:board" after the board is drawn, "tikal:drawn" after the whole
// page, "tikal:choose" when a space is clicked or chosen with Enter or Space; and tells: "tikal:data", new data.
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  var page = JSON.parse(document.getElementById("page-data").textContent);
  var pal = page.palette, words = page.words, labels = page.labels;
  var live = page.data;
  var frames = null;      // the history's positions once loaded
  var marks = {};         // a finished game's review: its words at the positions it marks
  var at = null;          // the history position shown, or null: the game now
  var selected = null;    // the space whose details are shown
  var turned = null;      // the board turned a quarter (column A on top), as on a phone
  var R = 40, H = Math.sqrt(3) * R;
  var WIDE = { w: 12.5 * R, h: 5.5 * H };

  function $(id) { return document.getElementById(id); }

  function el(name, attrs, parent, text) {
    var node = document.createElementNS(SVG, name);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, String(attrs[k])); });
    if (text !== undefined) { node.textContent = String(text); }
    if (parent) { parent.appendChild(node); }
    return node;
  }

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (m, k) { return k in values ? String(values[k]) : m; });
  }

  function marker(seat) {
    var span = document.createElement("span");
    span.className = "marker seat" + seat;
    span.setAttribute("aria-hidden", "true");
    span.textContent = pal.symbols[seat % pal.symbols.length];
    return span;
  }

  // A line of parts: a text, or a seat shown as its marker.
  function parts(node, list) {
    node.textContent = "";
    (list || []).forEach(function (p) {
      if (typeof p === "number") { node.appendChild(marker(p)); node.appendChild(document.createTextNode(" ")); }
      else { node.appendChild(document.createTextNode(p)); }
    });
  }

  // -- geometry: columns A…H left to right and row 5 on top; turned, column A on top and rows 1…5 left to right

  function centre(column, row) {
    var x = R + column * 1.5 * R, y = H / 2 + (5 - row) * H + (column % 2 ? H / 2 : 0);
    return turned ? [WIDE.h - y, x] : [x, y];
  }

  function corners(c) {
    var out = [];
    for (var i = 0; i < 6; i++) {
      var a = Math.PI / 3 * i, dx = R * Math.cos(a), dy = R * Math.sin(a);
      out.push(turned ? [c[0] - dy, c[1] + dx] : [c[0] + dx, c[1] + dy]);
    }
    return out;
  }

  function points(list) { return list.map(function (p) { return p[0].toFixed(1) + "," + p[1].toFixed(1); }).join(" "); }

  // The seat's marker as a shape: circle, square, triangle, diamond.
  function shape(seat, x, y, r, parent, attrs) {
    var kind = pal.markers[seat % pal.markers.length];
    var base = Object.assign({ fill: pal.seats[seat], stroke: "#1a1a1a", "stroke-width": 1.2 }, attrs || {});
    if (kind === "circle") { return el("circle", Object.assign({ cx: x, cy: y, r: r }, base), parent); }
    if (kind === "square") {
      return el("rect", Object.assign({ x: x - r * 0.9, y: y - r * 0.9, width: r * 1.8, height: r * 1.8 }, base), parent);
    }
    if (kind === "triangle") {  // larger than the others' outline: as much room inside
      return el("polygon", Object.assign({ points: points([[x, y - r * 1.3], [x + r * 1.25, y + r * 0.9],
        [x - r * 1.25, y + r * 0.9]]) }, base), parent);
    }
    return el("polygon", Object.assign({ points: points([[x, y - r * 1.2], [x + r * 1.2, y], [x, y + r * 1.2],
      [x - r * 1.2, y]]) }, base), parent);
  }

  // A chip's radius and its text's class (page.css: the count stays at least 11 px tall on a 400 px phone).
  var CHIP_SIZES = [[11, "chip"], [9.5, "chip small"], [8.5, "chip tiny"]];
  var CHIP_GAP = 0.8;

  // A five-pointed star: the leader, white with a dark edge on any seat's colour.
  function star(x, y, r, parent) {
    var list = [];
    for (var i = 0; i < 10; i++) {
      var a = Math.PI / 5 * i - Math.PI / 2, d = i % 2 ? r * 0.42 : r;
      list.push([x + d * Math.cos(a), y + d * Math.sin(a)]);
    }
    return el("polygon", { points: points(list), fill: "#ffffff", stroke: "#1a1a1a", "stroke-width": 1.1,
      "stroke-linejoin": "round", "class": "star" }, parent);
  }

  function chip(seat, x, y, text, leader, parent, size) {
    var r = size[0];
    var g = el("g", { "class": "figure", "data-seat": seat, "data-leader": leader ? 1 : 0,
      "data-count": leader ? 1 : text }, parent);
    shape(seat, x, y, r, g, leader ? { stroke: "#1a1a1a", "stroke-width": r * 0.22 } : {});
    // a triangle's room is lower down: its text and star sit on the centre of its inner circle
    var cy = pal.markers[seat % pal.markers.length] === "triangle" ? y + r * 0.18 : y;
    if (leader) { star(x, cy, r * (cy === y ? 0.72 : 0.6), g); return; }
    // the count wears a halo of its chip's colour: a digit wider than a triangle's tip stays readable
    el("text", { x: x, y: cy, dy: "0.36em", "text-anchor": "middle", "class": size[1], fill: pal.seat_ink[seat],
      stroke: pal.seats[seat], "stroke-width": 2.5, "paint-order": "stroke", "stroke-linejoin": "round" }, g, text);
  }

  // How far (x, y) lies inside the hexagon ``corner`` (negative: outside).
  function inside(corner, x, y) {
    var least = Infinity;
    for (var i = 0; i < 6; i++) {
      var a = corner[i], b = corner[(i + 1) % 6], dx = b[0] - a[0], dy = b[1] - a[1], len = Math.hypot(dx, dy);
      var d = ((x - a[0]) * dy - (y - a[1]) * dx) / len;
      var mx = (corner[0][0] + corner[3][0]) / 2, my = (corner[0][1] + corner[3][1]) / 2;
      var side = ((mx - a[0]) * dy - (my - a[1]) * dx) > 0 ? 1 : -1;
      least = Math.min(least, d * side);
    }
    return least;
  }

  // Places for ``n`` chips in rows from ``top`` below the centre down, each row as wide as the hexagon allows
  // there; the largest chips that fit. Each place: [x, y, size].
  function pack(n, corner, c, top) {
    for (var k = 0; k < CHIP_SIZES.length; k++) {
      var size = CHIP_SIZES[k], r = size[0], gap = 2 * r + CHIP_GAP, room = r + CHIP_GAP, out = [];
      for (var y = c[1] + top + r; out.length < n && inside(corner, c[0], y) >= room; y += gap) {
        var m = n - out.length;
        while (m > 0 && inside(corner, c[0] - (m - 1) / 2 * gap, y) < room) { m--; }
        for (var j = 0; j < m; j++) { out.push([c[0] + (j - (m - 1) / 2) * gap, y, size]); }
        if (m === 0) { break; }
      }
      if (out.length === n || k === CHIP_SIZES.length - 1) {
        while (out.length < n) { out.push(out[out.length - 1] || [c[0], c[1], size]); }  // never lose a figure
        return out;
      }
    }
    return [];
  }

  function drawSpace(svg, board, s, highlighted) {
    var c = centre(s.column, s.row), corner = corners(c);
    var terrain = s.explored && s.terrain ? s.terrain : null;
    var detail = board.details[s.name];
    var g = el("g", { "class": "hex" + (highlighted ? " changed" : ""), tabindex: 0, role: "button",
      "data-space": s.name, "data-terrain": terrain || "", "data-value": s.value === null ? "" : s.value,
      "data-wafers": s.wafers, "data-camp": s.camp === null ? "" : s.camp, "data-guard": s.guard === null ? "" : s.guard,
      "data-gun": s.gun === null ? "" : s.gun, "aria-label": detail.label }, svg);
    var ink = terrain ? pal.terrain_ink[terrain] : pal.unexplored_ink;
    el("polygon", { points: points(corner), fill: terrain ? pal.terrain[terrain] : pal.unexplored,
      stroke: "#484848", "stroke-width": 1.5, "class": "edge" }, g);
    if (highlighted) {
      el("polygon", { points: points(corner), fill: "none", stroke: pal.highlight, "stroke-width": 5,
        "class": "changed-edge" }, g);
    }
    // stones on each side: N, NE, SE, S, SW, NW lie between corners 4+k and 5+k (flat-topped, y down)
    s.stones.forEach(function (n, k) {
      if (!n || !terrain) { return; }
      var a = corner[(4 + k) % 6], b = corner[(5 + k) % 6];
      for (var i = 1; i <= n; i++) {
        var f = i / (n + 1), px = a[0] + (b[0] - a[0]) * f, py = a[1] + (b[1] - a[1]) * f;
        el("circle", { cx: px + (c[0] - px) * 0.07, cy: py + (c[1] - py) * 0.07, r: 3.2, fill: pal.stone,
          "class": "stone" }, g);
      }
    });
    // the texts wear a halo of the space's colour: a stone beside a name never hides it
    var halo = { stroke: terrain ? pal.terrain[terrain] : pal.unexplored, "stroke-width": 3, "paint-order": "stroke",
      "stroke-linejoin": "round" };
    el("text", Object.assign({ x: c[0], y: c[1] - 0.5 * R, "text-anchor": "middle", "class": "name", fill: ink }, halo),
      g, s.name);
    if (terrain === "temple" && s.value !== null) {
      if (s.guard !== null) {
        el("circle", { cx: c[0], cy: c[1] - 0.15 * R, r: 11.5, fill: "none", stroke: pal.seats[s.guard],
          "stroke-width": 4, "class": "guard" }, g);
      }
      el("text", Object.assign({ x: c[0], y: c[1] - 0.15 * R + 6.5, "text-anchor": "middle", "class": "value", fill: ink },
        halo), g, s.value);
    } else if (terrain === "treasure" && s.wafers) {
      el("circle", { cx: c[0] - 7, cy: c[1] - 0.1 * R, r: 5.5, fill: "#deb228", stroke: "#1a1a1a", "stroke-width": 1 }, g);
      el("text", Object.assign({ x: c[0] + 7, y: c[1] - 0.1 * R + 4.5, "text-anchor": "middle", "class": "wafers",
        fill: ink }, halo), g, s.wafers);
    }
    if (s.camp !== null) {
      var tx = c[0] - 0.62 * R, ty = c[1] - 0.05 * R;
      // a camp is a little house: no seat's marker has that shape
      el("polygon", { points: points([[tx - 7, ty + 7], [tx + 7, ty + 7], [tx + 7, ty - 1], [tx, ty - 8], [tx - 7, ty - 1]]),
        fill: pal.seats[s.camp],
        stroke: "#1a1a1a", "stroke-width": 1.2, "class": "camp", "data-seat": s.camp }, g);
    }
    if (s.gun !== null) {
      var gx = c[0] + 0.62 * R, gy = c[1] - 0.05 * R;
      el("rect", { x: gx - 8, y: gy - 3, width: 16, height: 6, fill: pal.seats[s.gun], stroke: "#1a1a1a",
        "stroke-width": 1.2, "class": "gun", "data-seat": s.gun }, g);
    }
    var chips = [];
    s.workers.forEach(function (n, seat) {
      if (s.leaders[seat]) { chips.push([seat, "", true]); }
      if (n) { chips.push([seat, n, false]); }
    });
    var busy = (terrain === "temple" && s.value !== null) || s.wafers || s.camp !== null || s.gun !== null;
    pack(chips.length, corner, c, busy ? 8 : -0.3 * R).forEach(function (at, i) {
      chip(chips[i][0], at[0], at[1], chips[i][1], chips[i][2], g, at[2]);
    });
    function show() { showDetails(s.name); }
    function choose(keyboard) {
      show();
      document.dispatchEvent(new CustomEvent("tikal:choose", { detail: { space: s.name, keyboard: keyboard } }));
    }
    g.addEventListener("mouseenter", show);
    g.addEventListener("focus", show);
    g.addEventListener("click", function () { choose(false); });
    g.addEventListener("keydown", function (e) {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); choose(true); }
    });
  }

  function drawObstacle(svg, board, pair) {
    var a = board.spaces[pair[0]], b = board.spaces[pair[1]];
    var p = centre(a.column, a.row), q = centre(b.column, b.row);
    var mx = (p[0] + q[0]) / 2, my = (p[1] + q[1]) / 2, dx = (q[0] - p[0]) / 2, dy = (q[1] - p[1]) / 2;
    el("line", { x1: mx - dy * 0.45, y1: my + dx * 0.45, x2: mx + dy * 0.45, y2: my - dx * 0.45, stroke: "#7a1f1f",
      "stroke-width": 5, "stroke-linecap": "round", "class": "obstacle" }, svg);
  }

  function drawBoard(board) {
    var holder = $("board");
    turned = holder.clientWidth < 560;
    var size = turned ? { w: WIDE.h, h: WIDE.w } : WIDE;
    holder.textContent = "";
    var svg = el("svg", { viewBox: "-4 -4 " + (size.w + 8).toFixed(0) + " " + (size.h + 8).toFixed(0),
      "aria-describedby": "alt", focusable: "false" }, holder);
    var changed = {};
    board.highlight.forEach(function (n) { changed[n] = true; });
    board.spaces.forEach(function (s) { if (!changed[s.name]) { drawSpace(svg, board, s, false); } });
    board.spaces.forEach(function (s) { if (changed[s.name]) { drawSpace(svg, board, s, true); } });
    board.obstacles.forEach(function (pair) { drawObstacle(svg, board, pair); });
    document.dispatchEvent(new CustomEvent("tikal:board", { detail: { now: at === null, turned: turned } }));
  }

  function showDetails(name) {
    selected = name;
    var board = shownBoard(), body = $("details-body");
    if (!board) { return; }
    var detail = board.details[name];
    body.textContent = "";
    var head = document.createElement("h3");
    head.textContent = name;
    body.appendChild(head);
    var list = document.createElement("ul");
    detail.lines.forEach(function (line) {
      var item = document.createElement("li");
      if (line[0] !== null) { item.appendChild(marker(line[0])); item.appendChild(document.createTextNode(" ")); }
      item.appendChild(document.createTextNode(line[1]));
      list.appendChild(item);
    });
    body.appendChild(list);
    Array.prototype.forEach.call(document.querySelectorAll(".hex"), function (h) {
      h.setAttribute("aria-pressed", h.getAttribute("data-space") === name ? "true" : "false");
    });
  }

  // Whom the game waits for: the player to act, or every player still choosing in a Tikal Rápido jump.
  function mark(node, board, seat) {
    node.classList.toggle("to-act", board.acting.indexOf(seat) >= 0);
    node.classList.toggle("winner", board.winners.indexOf(seat) >= 0);
    if (board.acting.indexOf(seat) >= 0) { node.setAttribute("aria-current", "true"); }
    else { node.removeAttribute("aria-current"); }
  }

  function drawScores(board) {
    var body = document.querySelector("#scores tbody");
    body.textContent = "";
    board.players.forEach(function (p) {
      var row = document.createElement("tr");
      row.setAttribute("data-seat", p.seat);
      mark(row, board, p.seat);
      var th = document.createElement("th");
      th.scope = "row";
      th.appendChild(marker(p.seat));
      th.appendChild(document.createTextNode(" " + p.name));
      row.appendChild(th);
      [p.score, p.temple_points_now, p.treasure_points_now].forEach(function (v) {
        var td = document.createElement("td");
        td.textContent = String(v);
        row.appendChild(td);
      });
      body.appendChild(row);
    });
  }

  // Each player's panel: what they have left and what they hold (the words come in the data).
  function drawPanels(board) {
    var holder = $("panels");
    holder.textContent = "";
    board.players.forEach(function (p, i) {
      var panel = document.createElement("article");
      panel.className = "panel";
      panel.setAttribute("data-seat", p.seat);
      mark(panel, board, p.seat);
      var head = document.createElement("h3"), name = document.createElement("span");
      head.appendChild(marker(p.seat));
      head.appendChild(document.createTextNode(" "));
      name.className = "player-name";
      name.textContent = p.name;
      head.appendChild(name);
      panel.appendChild(head);
      var list = document.createElement("ul");
      board.panels[i].forEach(function (line) {
        var item = document.createElement("li");
        item.textContent = line;
        list.appendChild(item);
      });
      panel.appendChild(list);
      holder.appendChild(panel);
    });
    $("stack").textContent = board.stack;
  }

  // The legend's samples, drawn as the board draws them (seat 1's colour and shape; a guarded temple of 5 …).
  function drawLegend() {
    Array.prototype.forEach.call(document.querySelectorAll("#legend li"), function (item) {
      var holder = item.querySelector(".sample"), kind = item.getAttribute("data-sample");
      var svg = el("svg", { viewBox: "0 0 48 30", width: 48, height: 30, focusable: "false" }, holder);
      var seat = 0, temple = pal.terrain.temple, ink = pal.terrain_ink.temple;
      if (kind === "figures") {
        chip(seat, 12, 15, 3, false, svg, CHIP_SIZES[0]);
        chip(seat, 36, 15, "", true, svg, CHIP_SIZES[0]);
      } else if (kind === "temple") {
        el("rect", { x: 1, y: 1, width: 46, height: 28, rx: 4, fill: temple }, svg);
        el("circle", { cx: 24, cy: 15, r: 11.5, fill: "none", stroke: pal.seats[seat], "stroke-width": 4 }, svg);
        el("text", { x: 24, y: 15, dy: "0.36em", "text-anchor": "middle", "class": "value", fill: ink }, svg, 5);
      } else if (kind === "camp") {
        el("polygon", { points: points([[17, 23], [31, 23], [31, 15], [24, 8], [17, 15]]), fill: pal.seats[seat],
          stroke: "#1a1a1a", "stroke-width": 1.2 }, svg);
      } else if (kind === "treasure") {
        el("rect", { x: 1, y: 1, width: 46, height: 28, rx: 4, fill: pal.terrain.treasure }, svg);
        el("circle", { cx: 17, cy: 15, r: 5.5, fill: "#deb228", stroke: "#1a1a1a", "stroke-width": 1 }, svg);
        el("text", { x: 31, y: 15, dy: "0.36em", "text-anchor": "middle", "class": "wafers",
          fill: pal.terrain_ink.treasure }, svg, 3);
      } else if (kind === "stones") {
        el("line", { x1: 4, y1: 22, x2: 44, y2: 22, stroke: "#484848", "stroke-width": 1.5 }, svg);
        [17, 31].forEach(function (x) { el("circle", { cx: x, cy: 19, r: 3.2, fill: pal.stone }, svg); });
      } else if (kind === "changed") {
        el("rect", { x: 4, y: 4, width: 40, height: 22, rx: 3, fill: "none", stroke: pal.highlight,
          "stroke-width": 5 }, svg);
      } else if (kind === "gun") {
        el("rect", { x: 16, y: 12, width: 16, height: 6, fill: pal.seats[seat], stroke: "#1a1a1a",
          "stroke-width": 1.2 }, svg);
      } else if (kind === "obstacle") {
        el("line", { x1: 4, y1: 15, x2: 44, y2: 15, stroke: "#484848", "stroke-width": 1.5 }, svg);
        el("line", { x1: 24, y1: 4, x2: 24, y2: 26, stroke: "#7a1f1f", "stroke-width": 5, "stroke-linecap": "round" },
          svg);
      }
    });
  }

  function shownBoard() { return at === null || !frames ? live.board : frames[at]; }

  function drawDeadline() {
    var node = $("deadline");
    if (at !== null || live.status !== "running") { node.textContent = ""; return; }
    if (live.deadline_at === null) { node.textContent = words.no_deadline; return; }
    var when = new Intl.DateTimeFormat(page.lang, { dateStyle: "medium", timeStyle: "short" })
      .format(new Date(live.deadline_at * 1000));
    node.textContent = fill(words.deadline, { when: when });
  }

  function drawAll() {
    var board = shownBoard();
    var notice = $("notice");
    notice.hidden = !live.notice;
    notice.textContent = live.notice || "";
    document.body.setAttribute("data-version", String(live.version));
    document.body.setAttribute("data-status", live.status);
    if (!board) { return; }
    document.body.setAttribute("data-shown", at === null ? "now" : String(at));
    drawBoard(board);
    parts($("status"), board.status);
    parts($("auction"), board.auction);
    $("auction").hidden = !board.auction;
    parts($("caption"), board.caption);
    $("alt").textContent = board.alt;
    drawScores(board);
    drawPanels(board);
    drawDeadline();
    drawPosition();
    if (selected) { showDetails(selected); }
    document.dispatchEvent(new CustomEvent("tikal:drawn", { detail: { live: live, now: at === null } }));
  }

  // -- history

  function drawPosition() {
    var slider = $("slider"), now = $("now"), pos = $("position");
    if (!frames) { return; }
    var count = frames.length + 1;
    slider.max = String(frames.length);
    slider.value = String(at === null ? frames.length : at);
    slider.disabled = false;
    now.disabled = at === null;
    var text = fill(words.position, { at: (at === null ? frames.length : at) + 1, of: count });
    if (at === null) { text += " \u00b7 " + words.now; }
    (marks[at === null ? frames.length : at] || []).forEach(function (m) { text += " \u00b7 " + m; });
    pos.textContent = text;
    slider.setAttribute("aria-valuetext", text + " \u2014 " + (shownBoard().caption || []).filter(function (p) {
      return typeof p === "string"; }).join(""));
  }

  function loadHistory() {
    if (!live.board) { return; }
    $("position").textContent = frames ? $("position").textContent : words.loading;
    fetch(page.history, { credentials: "same-origin", cache: "no-store" }).then(function (r) {
      if (!r.ok) { throw new Error(String(r.status)); }
      return r.json();
    }).then(function (data) {
      frames = data.frames;
      var list = $("review-marks");
      list.textContent = "";
      marks = {};
      (data.review || []).forEach(function (m) {
        var option = document.createElement("option");
        option.value = String(m.at);
        list.appendChild(option);
        (marks[m.at] = marks[m.at] || []).push(m.text);
      });
      if (at !== null && at >= frames.length) { at = null; }
      drawPosition();
    }).catch(function () { $("position").textContent = ""; });
  }

  $("slider").addEventListener("input", function () {
    if (!frames) { return; }
    var i = Number($("slider").value);
    at = i >= frames.length ? null : i;
    drawAll();
  });
  $("now").addEventListener("click", function () { at = null; drawAll(); $("slider").focus(); });

  // -- live

  // New data from elsewhere on the page (a member's move answered with the game as it stands now).
  document.addEventListener("tikal:data", function (e) {
    live = e.detail;
    drawAll();
  });

  function follow() {
    if (!window.EventSource || !page.events) { return; }
    var source = new EventSource(page.events);
    source.onopen = function () { $("live").textContent = words.live; };
    source.onerror = function () { $("live").textContent = words.offline; };
    source.addEventListener("view", function (e) {
      var next = JSON.parse(e.data);
      var started = !live.board && next.board;
      live = next;
      if (started) { window.location.reload(); return; }
      drawAll();
      if (frames) { loadHistory(); }
    });
    source.addEventListener("gone", function () {
      source.close();
      live.notice = words.gone;
      $("live").textContent = "";
      drawAll();
    });
  }

  var lastWidth = 0;
  window.addEventListener("resize", function () {
    var width = $("board").clientWidth;
    if ((width < 560) !== (lastWidth < 560) && shownBoard()) { drawBoard(shownBoard()); }
    lastWidth = width;
  });

  drawLegend();
  drawAll();
  lastWidth = $("board").clientWidth;
  document.body.setAttribute("data-drawn", "1");
  follow();
  loadHistory();
}());
