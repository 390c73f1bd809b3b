// weft serve: the page. It draws any pack's game from the JSON of `weft state`
// (docs/state-json.md) plus the names `GET /api/info` gives, plays at the table as a
// person's seat sees it, and steps through a game watched. It never builds HTML from
// text: every name and label goes in through textContent, so a pack cannot inject markup.
"use strict";

const SEAT_COLOURS = ["#d1495b", "#2e86ab", "#edae49", "#3b8c4f", "#8e5ea2", "#e07a1f", "#5c5c5c", "#00a6a6"];
let info = null;          // GET /api/info
let playSeat = null;      // the person whose view the play tab shows (1-based)
let watchStep = 0;
let watchSeat = "";
let passedTo = null;      // the seat the screen was last passed to (hot-seat)

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    // Through the CSSOM: the page's policy refuses style attributes.
    else if (k === "style") e.style.cssText = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}
const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs, ...children) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) if (c) e.append(c);
  return e;
}

async function api(path, body) {
  const opts = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const r = await fetch(path, opts);
  const j = await r.json();
  if (!r.ok) throw new Error(j.error || r.statusText);
  return j;
}

// A seat's colour: the pack's `[layout] seat_colours`, then the page's own.
function seatColour(p) {
  const given = (info && info.layout.seat_colours) || [];
  if (p < given.length) return given[p];
  return SEAT_COLOURS[p % SEAT_COLOURS.length];
}
function seatChip(p) {
  return el("span", { class: "seat-chip", style: `background:${seatColour(p)}`, text: String(p + 1) });
}
function counterName(i) { return info.names.counters[i] ? info.names.counters[i].name : String(i); }
function cardInfo(k) { return info.names.cards[k] || { id: String(k), name: String(k), text: "" }; }
function zoneInfo(id) { return info.names.zones.find(z => z.id === id) || { id, name: id }; }

// ---- drawing a game --------------------------------------------------------------

// `g`: a game JSON (weft state's shape). `opts.options`: the options a click may pick
// (with `of`), `opts.choose(key)`, `opts.chosen`: the key chosen (watching), `opts.values`.
// Seats of the game being drawn (a stand-in's tag above them is a colour no seat has).
let seatsDrawn = 0;

function drawGame(root, g, opts) {
  seatsDrawn = g.state.players.length;
  root.replaceChildren();
  const st = g.state;
  const top = el("div", { class: "game-top" });
  const board = el("div", { class: "board" });
  const side = el("div", { class: "side" });
  top.append(board, side);
  root.append(top);
  const clickable = new Map(); // "slot:ID" / "area:ID" / "card:ID" -> [options]
  for (const o of (opts.options || [])) {
    const of = o.of || {};
    const keys = [];
    if (of.slot) keys.push("slot:" + of.slot);
    if (of.area) keys.push("area:" + of.area);
    if (of.card) keys.push("card:" + of.card);
    if (of.dice_space) keys.push("dice_space:" + of.dice_space);
    for (const k of keys) { if (!clickable.has(k)) clickable.set(k, []); clickable.get(k).push(o); }
  }
  const pick = (key) => (ev) => {
    const os = clickable.get(key);
    if (!os || !opts.choose) return;
    ev.stopPropagation();
    if (os.length === 1) opts.choose(os[0].key);
    else opts.highlight(os.map(o => o.key));
  };
  const neutral = info.names.neutral_name ? ` · ${st.neutral_dice || 0} × ${info.names.neutral_name} in the supply` : "";
  board.append(el("div", { class: "round", text: `${info.title} · round ${st.round} · first player seat ${st.first_player + 1}` + neutral + (st.uncommitted ? " · an effect is under way (not final)" : "") }));
  if ((g.slots || []).length) board.append(drawSlots(g, clickable, pick));
  if ((g.dice_spaces || []).length) board.append(drawDiceSpaces(g, clickable, pick));
  if ((g.areas || []).length) board.append(drawAreas(g, clickable, pick));
  if ((g.zones || []).length) board.append(drawZones(g, clickable, pick));
  side.append(drawPlayers(g, clickable, pick));
  side.append(drawEvents(g, opts.eventsFrom || 0));
  return side;
}

function drawSlots(g, clickable, pick) {
  const slots = info.names.slots;
  const xs = slots.map(s => s.pos[0]), ys = slots.map(s => s.pos[1]);
  const minX = Math.min(...xs), maxX = Math.max(...xs), minY = Math.min(...ys), maxY = Math.max(...ys);
  const scale = info.layout.scale || 110, pad = 80;
  const W = (maxX - minX) * scale + 2 * pad, H = (maxY - minY) * scale + 2 * pad;
  const at = (s) => [(s.pos[0] - minX) * scale + pad, (maxY - s.pos[1]) * scale + pad];
  const root = svg("svg", { class: "slots", viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img", "aria-label": "board" });
  // The pack's picture (`[layout] board`) under the slots, over the whole board.
  if (info.layout.board) root.append(svg("image", { href: "/layout/board.svg", x: 0, y: 0, width: W, height: H, preserveAspectRatio: "none" }));
  // The paths between neighbouring slots, under the tiles.
  (info.names.paths || []).forEach(([a, b, cost, needs]) => {
    const [x1, y1] = at(slots[a]), [x2, y2] = at(slots[b]);
    root.append(svg("line", { class: "path" + (needs ? " gated" : ""), x1, y1, x2, y2 }));
    // What a travel over it costs and needs, at its middle.
    const label = [cost, needs ? "needs " + needs : ""].filter(Boolean).join("; ");
    if (label) root.append(svg("text", { class: "path-cost", x: (x1 + x2) / 2, y: (y1 + y2) / 2 - 3, text: label }));
  });
  // Markers on the slots (`[[markers]]`: trading posts), by slot index.
  const markersAt = {};
  (g.state.markers || []).forEach((list, k) => list.forEach(([slot, seat]) => {
    (markersAt[slot] = markersAt[slot] || []).push([k, seat]);
  }));
  const shared = {};
  g.state.board.forEach(tile => { shared[tile.tile] = (shared[tile.tile] || 0) + 1; });
  g.state.board.forEach((tile, i) => {
    const slot = slots[i];
    const [x, y] = at(slot);
    const t = info.names.tiles[tile.tile] || { name: "?", text: "" };
    const key = "slot:" + slot.id;
    const can = clickable.has(key);
    const grp = svg("g", { class: "slot" + (can ? " choosable" : ""), "data-slot": slot.id, transform: `translate(${x},${y})`, onclick: pick(key) });
    grp.append(svg("title", { text: `${t.name} (${slot.id})\n${t.text || ""}` }));
    grp.append(svg("rect", { x: -52, y: -36, width: 104, height: 72, rx: 8 }));
    // A tile on several slots (a map's "large city") is named by its slot.
    if (shared[tile.tile] > 1) {
      grp.append(svg("text", { class: "tile-name", x: 0, y: -20, text: slot.id }));
      grp.append(svg("text", { class: "tile-kind", x: 0, y: -8, text: t.name }));
    } else grp.append(svg("text", { class: "tile-name", x: 0, y: -20, text: t.name }));
    (tile.slots || []).forEach((m, j) => {
      const n = (tile.slots || []).length;
      const cx = -((n - 1) * 14) / 2 + j * 14;
      if (m === null) grp.append(svg("circle", { class: "empty-cube", cx, cy: -2, r: 5 }));
      else grp.append(svg("rect", { class: "cube", x: cx - 5, y: -7, width: 10, height: 10, fill: materialColour(m) },
        svg("title", { text: info.names.materials[m] ? info.names.materials[m].name : "" })));
    });
    (tile.dice || []).forEach((d, j) => {
      const face = info.names.dice[d.kind] ? info.names.dice[d.kind].faces[d.face] : null;
      grp.append(svg("rect", { class: "die", x: -30 + j * 18, y: 8, width: 14, height: 14, rx: 3, fill: face === null || face === undefined ? "#fff" : materialColour(face) },
        svg("title", { text: `${info.names.dice[d.kind] ? info.names.dice[d.kind].id : "die"} shows ${face !== null && info.names.materials[face] ? info.names.materials[face].name : "?"}` })));
    });
    (markersAt[i] || []).forEach(([k, s], j) => {
      const m = (info.names.markers || [])[k] || { name: "marker" };
      const x = 22 + (j % 4) * 8 - 16, y = 10 + Math.floor(j / 4) * 8;
      const title = svg("title", { text: `${m.name} of seat ${s + 1}` });
      // `shape` of [[markers]]: a square (trading posts), a diamond or a triangle.
      if (m.shape === "diamond") grp.append(svg("polygon", { class: "marker", points: `${x + 3.5},${y - 1} ${x + 8},${y + 3.5} ${x + 3.5},${y + 8} ${x - 1},${y + 3.5}`, fill: seatColour(s) }, title));
      else if (m.shape === "triangle") grp.append(svg("polygon", { class: "marker", points: `${x + 3.5},${y - 1} ${x + 8},${y + 7} ${x - 1},${y + 7}`, fill: seatColour(s) }, title));
      else grp.append(svg("rect", { class: "marker", x, y, width: 7, height: 7, fill: seatColour(s) }, title));
    });
    const pieces = [];
    g.state.players.forEach((p, s) => p.pieces.forEach(pc => { if (pc.at === i) pieces.push(s); }));
    pieces.forEach((s, j) => {
      grp.append(svg("circle", { class: "piece", cx: -40 + (j % 9) * 10, cy: 30 + Math.floor(j / 9) * 10, r: 4.5, fill: seatColour(s) },
        svg("title", { text: `seat ${s + 1}` })));
    });
    root.append(grp);
  });
  return root;
}

// A material's colour: the pack's `[layout.colours]`, else one of its own by index.
function materialColour(m) {
  const id = info.names.materials[m] ? info.names.materials[m].id : "";
  const given = info.layout.colours[id];
  return given || `hsl(${(m * 67) % 360} 55% 55%)`;
}

function drawAreas(g, clickable, pick) {
  const box = el("div", { class: "areas" });
  box.append(el("h3", { text: "Areas" }));
  g.areas.forEach((id, i) => {
    const a = g.state.areas[i];
    const name = info.names.areas[i] ? info.names.areas[i].name : id;
    const key = "area:" + id;
    const can = clickable.has(key);
    const row = el("div", { class: "area" + (can ? " choosable" : "") + (a.closed ? " closed" : ""), "data-area": id, title: `${name} (${id})`, onclick: pick(key) });
    row.append(el("span", { class: "area-name", text: name }));
    a.placed.forEach(s => {
      row.append(s === null ? el("span", { class: "space" }) : el("span", { class: "space taken", style: `background:${seatColour(s)}`, text: String(s + 1), title: `seat ${s + 1}` }));
    });
    if (a.closed) row.append(el("span", { class: "muted", text: " closed" }));
    box.append(row);
  });
  return box;
}

// A die as a small square with its pips: the seat's colour, or dark for a neutral one.
function drawDie(d, seat) {
  if (d.stand_in) {
    // A stand-in (ctx:add_stand_in): a piece of its tag's colour, a seat's or one no seat
    // has (white), shown with its pips and a ring.
    const tag = d.stand_in;
    const bg = tag <= seatsDrawn ? seatColour(tag - 1) : "#fff";
    return el("span", { class: "pip-die stand-in", style: `background:${bg};color:${tag <= seatsDrawn ? "#fff" : "#333"};outline:2px dashed #333`, text: String(d.pips), title: `a stand-in (tag ${tag}) showing ${d.pips}` });
  }
  const style = d.neutral ? "background:#333;color:#fff" : (seat === null ? "" : `background:${seatColour(seat)};color:#fff`);
  return el("span", { class: "pip-die" + (d.neutral ? " neutral" : ""), style, text: String(d.pips), title: d.neutral ? `${info.names.neutral_name || "neutral die"} showing ${d.pips}` : `die showing ${d.pips}` });
}

// The dice spaces (`[[dice_spaces]]`): each with its placements this round, clickable
// when the question places dice there (several options: they light up in the list).
function drawDiceSpaces(g, clickable, pick) {
  const box = el("div", { class: "areas dice-spaces" });
  box.append(el("h3", { text: "Action spaces" }));
  g.dice_spaces.forEach((id, i) => {
    const def = (info.names.dice_spaces || [])[i] || { id, name: id };
    const st = g.state.dice_spaces[i] || { placements: [] };
    const key = "dice_space:" + id;
    const can = clickable.has(key);
    const needs = `${def.dice} ${def.dice === 1 ? "die" : "dice"}` + (def.min_strength > 1 ? `, ${def.min_strength}+` : "") + `, ${def.occupancy}`;
    const row = el("div", { class: "area" + (can ? " choosable" : ""), "data-dice-space": id, title: `${def.name} (${id}): ${needs}${def.text ? "\n" + def.text : ""}`, onclick: pick(key) });
    row.append(el("span", { class: "area-name", text: def.name }), el("span", { class: "muted", text: ` ${needs} ` }));
    (st.placements || []).forEach(pl => {
      const grp = el("span", { class: "placement", title: `seat ${pl.player + 1}, strength ${pl.strength}` });
      pl.dice.forEach(d => grp.append(drawDie(d, pl.player)));
      row.append(grp);
    });
    box.append(row);
  });
  return box;
}

function drawCard(k, clickable, pick) {
  const c = cardInfo(k);
  const key = "card:" + c.id;
  const can = clickable && clickable.has(key);
  return el("div", { class: "card" + (can ? " choosable" : ""), "data-card": c.id, title: `${c.name} (${c.id})${c.kind ? " [" + c.kind + "]" : ""}\n${c.text || ""}`, onclick: pick ? pick(key) : null },
    el("div", { class: "card-name", text: c.name }), el("div", { class: "card-id", text: c.id }));
}

function drawZone(z, zoneState, grid, clickable, pick) {
  const box = el("div", { class: "zone" });
  if (zoneState.hidden) {
    const backs = {};
    for (const b of zoneState.backs) if (b) backs[b] = (backs[b] || 0) + 1;
    const parts = Object.entries(backs).map(([b, n]) => `${n} × ${zoneInfo(b).name}`);
    box.append(el("span", { class: "back", text: zoneState.count === 0 ? "empty" : `${zoneState.count} face down` + (parts.length ? ` (${parts.join(", ")})` : "") }));
    return box;
  }
  const cards = zoneState.cards || [];
  if (!cards.length) { box.append(el("span", { class: "muted", text: "empty" })); return box; }
  const row = el("div", { class: grid ? "cards grid" : "cards" });
  if (grid) row.style.gridTemplateColumns = `repeat(${grid.columns}, auto)`;
  cards.forEach(k => row.append(k === null ? el("div", { class: "card empty" }) : drawCard(k, clickable, pick)));
  box.append(row);
  return box;
}

function drawZones(g, clickable, pick) {
  const box = el("div", { class: "zones" });
  box.append(el("h3", { text: "Cards" }));
  const grids = {};
  for (const gr of (g.grids || [])) grids[gr.zone] = gr;
  g.zones.forEach((id, i) => {
    const z = zoneInfo(id);
    box.append(el("div", { class: "zone-row" }, el("div", { class: "zone-name", text: z.name }), drawZone(z, g.state.zones[i], grids[id], clickable, pick)));
  });
  return box;
}

function drawPlayers(g, clickable, pick) {
  const box = el("div", { class: "players" });
  const me = g.view ? g.view.player : null;
  g.state.players.forEach((p, s) => {
    const seatName = (info.table && g.table ? g.table.seats[s] : (g.seats ? g.seats[s] : "")) || "";
    const head = el("div", { class: "player-head" }, seatChip(s), el("b", { text: ` seat ${s + 1}` }), el("span", { class: "muted", text: ` ${seatName}${me === s ? " (you)" : ""}` }));
    const asked = g.decision && g.decision.player === s;
    const card = el("div", { class: "player" + (me === s ? " me" : "") + (asked ? " asked" : ""), "data-seat": String(s + 1) }, head);
    const counters = el("div", { class: "counters" });
    p.counters.forEach((v, i) => counters.append(el("span", { class: "counter" + (v ? "" : " zero"), text: `${counterName(i)} ${v}` })));
    card.append(counters);
    if ((p.dice || []).length) {
      const pool = el("div", { class: "pool" }, el("span", { class: "muted", text: "Dice " }));
      p.dice.forEach(d => pool.append(drawDie(d, s)));
      card.append(pool);
    }
    (info.names.markers || []).forEach((m, k) => {
      const on = ((g.state.markers || [])[k] || []).filter(([, q]) => q === s).length;
      if (on) card.append(el("div", { class: "muted", text: `${m.name}s on the board: ${on}` }));
    });
    (g.player_zones || []).forEach((id, i) => {
      const zs = (p.zones || [])[i];
      if (!zs) return;
      card.append(el("div", { class: "zone-row" }, el("div", { class: "zone-name", text: zoneInfo(id).name }), drawZone(zoneInfo(id), zs, null, me === s ? clickable : null, me === s ? pick : null)));
    });
    box.append(card);
  });
  if (g.result) {
    const r = g.result;
    box.append(el("div", { class: "result", text: `Game over (${r.cause}) after ${r.rounds} rounds: ` + r.scores.map((sc, s) => `seat ${s + 1} ${sc}${(r.winners || []).includes(s) ? " (wins)" : ""}`).join(" · ") }));
  }
  return box;
}

function drawEvents(g, from) {
  const box = el("div", { class: "events" });
  box.append(el("h3", { text: "What happened" }));
  const list = el("ol", { class: "event-list" });
  const evs = g.events || [];
  const start = Math.max(0, evs.length - 60);
  evs.slice(start).forEach((e, j) => {
    const i = start + j;
    const li = el("li", { class: i >= from ? "new" : "" });
    if (e.seat) li.append(seatChip(e.seat - 1), " ");
    li.append(e.text);
    list.append(li);
  });
  box.append(list);
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
  return box;
}

function drawOptions(d, opts) {
  const box = el("div", { class: "decision" });
  box.append(el("h3", { text: d.prompt }));
  const best = opts.values ? Math.max(...opts.values.filter(v => v !== null)) : null;
  const list = el("div", { class: "options" });
  d.options.forEach((o, i) => {
    let hint = null;
    if (opts.values) {
      const v = opts.values[i];
      hint = v === null ? "fails" : (best - v < 0.005 ? "best" : (v - best).toFixed(2));
    }
    const chosen = opts.chosen === o.key;
    const b = el("button", { class: "option" + (chosen ? " chosen" : "") + ((opts.highlighted || []).includes(o.key) ? " highlighted" : ""), "data-key": o.key, title: o.key, disabled: opts.choose ? null : "disabled", onclick: opts.choose ? () => opts.choose(o.key) : null },
      el("span", { class: "num", text: String(i + 1) }), el("span", { class: "label", text: o.label }),
      hint === null ? null : el("span", { class: "value" + (hint === "best" ? " best" : ""), text: hint }));
    list.append(b);
  });
  box.append(list);
  if (opts.values) box.append(el("p", { class: "muted", text: "Each option's value to the greedy bot, against the best: its evaluation after finishing the turn greedily, on one deal of the cards the seat cannot see (the bot's own deal may differ)." }));
  return box;
}

// ---- playing --------------------------------------------------------------------

/** How many play refreshes have been started; a reply to an older one is dropped. */
let playAsked = 0;
async function refreshPlay(highlighted) {
  const root = document.getElementById("play-game");
  const status = document.getElementById("play-status");
  const humans = info.table.humans;
  if (!humans.length) {
    status.textContent = "Every seat is a bot: open the Watch tab to see their game.";
    document.getElementById("watch-table").hidden = false;
    return;
  }
  if (playSeat === null) playSeat = humans[0];
  // As in the watch tab: a reply to an older refresh never draws over a newer one.
  const asked = ++playAsked;
  let g = await api(`/api/play?seat=${playSeat}&hint=${document.getElementById("hint").checked ? 1 : 0}`);
  if (asked !== playAsked) return;
  // Hot-seat: show the seat asked, after the screen is passed to it.
  if (g.table.asked_is_person && g.table.asked !== playSeat) {
    playSeat = g.table.asked;
    g = await api(`/api/play?seat=${playSeat}&hint=${document.getElementById("hint").checked ? 1 : 0}`);
    if (asked !== playAsked) return;
  }
  if (humans.length > 1 && passedTo !== playSeat) {
    root.replaceChildren();
    document.getElementById("pass").hidden = false;
    document.getElementById("pass-text").textContent = `Pass the screen to seat ${playSeat}. Press the button when only seat ${playSeat} can see it.`;
    return;
  }
  document.getElementById("pass").hidden = true;
  const mine = g.decision && g.decision.player === playSeat - 1 && g.decision.options;
  const opts = {
    options: mine ? g.decision.options : [],
    choose: mine ? (key) => answer(key) : null,
    highlight: (keys) => refreshPlay(keys),
    eventsFrom: g.table.since,
  };
  const side = drawGame(root, g, opts);
  if (mine) {
    const box = drawOptions(g.decision, { choose: opts.choose, values: g.table.hints, highlighted: highlighted });
    if (document.getElementById("hint").checked && !g.table.hints) {
      box.append(el("p", { class: "muted", text: "No hints while a card's or tile's effect is asking: the bot would read cards you cannot see." }));
    }
    side.prepend(box);
  }
  status.textContent = g.result ? "Game over." : (g.decision ? (mine ? `Seat ${playSeat}: your move.` : `Seat ${g.decision.player + 1} is asked.`) : "");
  if (g.table.stopped) status.textContent = "Stopped: " + g.table.stopped;
  for (const n of g.table.notes || []) side.prepend(el("p", { class: "note", text: "note: " + n }));
  document.getElementById("undo").disabled = !g.table.can_undo;
  document.getElementById("watch-table").hidden = !g.result;
}

async function answer(key) {
  try {
    await api("/api/play/answer", { seat: playSeat, answer: key });
  } catch (e) {
    alert(e.message);
  }
  await refreshPlay();
}

// ---- watching -------------------------------------------------------------------

/** How many watch steps have been asked for; a reply to an older one is dropped. */
let watchAsked = 0;
async function refreshWatch() {
  const root = document.getElementById("watch-game");
  if (!info.review) {
    root.replaceChildren(el("p", { class: "muted", text: "Open a saved game or a replay to watch it move by move." }));
    document.getElementById("stepper").hidden = true;
    return;
  }
  document.getElementById("stepper").hidden = false;
  const rv = info.review;
  const slider = document.getElementById("slider");
  slider.max = rv.answers;
  watchStep = Math.max(0, Math.min(watchStep, rv.answers));
  slider.value = watchStep;
  // Steps can be asked faster than the server answers (forward pressed three times, then a
  // round jump): only the latest request may draw, and it draws the step it asked for.
  const asked = ++watchAsked;
  const shownStep = watchStep;
  const q = `/api/watch?step=${shownStep}` + (watchSeat ? `&seat=${watchSeat}` : "");
  const g = await api(q);
  if (asked !== watchAsked) return;
  g.seats = rv.seats;
  const r = g.review;
  const round = g.state.round;
  document.getElementById("step-text").textContent = `decision ${shownStep} of ${rv.answers} · round ${round}`;
  document.getElementById("watch-name").textContent = `${rv.name} · ${rv.players} players · seed ${rv.seed_text}` + (rv.stopped ? ` · stops at answer ${rv.stopped.answer}: ${rv.stopped.why}` : "") + (rv.error ? ` · error: ${rv.error}` : "");
  const d = r.full_decision;
  const side = drawGame(root, g, { options: [], eventsFrom: r.last_events_from });
  if (d) {
    const who = d.player + 1;
    const box = drawOptions(d, { values: r.values, chosen: r.chosen_key || (r.failing ? r.failing.key : null) });
    box.prepend(el("p", { class: r.failing ? "note" : "muted", text: r.failing
      ? `Seat ${who} (${rv.seats[d.player]}) answered the highlighted option, which failed: ${r.failing.error}`
      : (r.chosen_key ? `Seat ${who} (${rv.seats[d.player]}) chose the highlighted option.` : `Seat ${who} is asked here; the game was saved before an answer.`) }));
    side.prepend(box);
  }
  if (r.chances) {
    side.prepend(el("div", { class: "chances" }, el("b", { text: `Chance to win from here (${info.analyse ? info.analyse.by : ""}): ` }),
      ...r.chances.map((c, s) => el("span", {}, seatChip(s), ` ${(c * 100).toFixed(0)}%  `))));
  }
  drawChartMarker();
}

let chartData = null;
async function loadChart() {
  chartData = await api("/api/watch/chart");
  drawChart();
}

/** What `--analyse` estimated chances by, in words. */
function analyseLabel() {
  const a = info.analyse;
  const by = a && a.by === "greedy" ? `${a.playouts} games played on by greedy bots` : `an mcts search of ${a ? a.playouts : "?"} playouts to the end`;
  return `each seat's chance to win at each round's start (${by})`;
}

function drawChart() {
  const root = document.getElementById("chart");
  root.replaceChildren();
  if (!chartData || !info.review) return;
  const W = 900, H = 180, pad = 36;
  const n = chartData.standings.length;
  const useChances = chartData.chances.length > 0;
  const series = [];
  const players = info.review.players;
  for (let s = 0; s < players; s++) {
    if (useChances) series.push(chartData.chances.map(c => [c.step, c.chances ? c.chances[s] : 0]));
    else series.push(chartData.standings.map((v, k) => [k, v[s]]));
  }
  const all = series.flat().map(p => p[1]);
  const lo = useChances ? 0 : Math.min(...all), hi = useChances ? 1 : Math.max(...all);
  const x = k => pad + (k / Math.max(1, n - 1)) * (W - 2 * pad);
  const y = v => H - pad / 2 - ((v - lo) / Math.max(1e-9, hi - lo)) * (H - pad);
  const root2 = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, class: "chart-svg", role: "img", "aria-label": "chart" });
  root2.append(svg("text", { x: pad, y: 12, class: "axis", text: useChances ? analyseLabel() : "each seat's standing: the greedy bot's evaluation (points)" }));
  for (const [round, k] of chartData.rounds) {
    root2.append(svg("line", { x1: x(k), x2: x(k), y1: 16, y2: H - pad / 2, class: "round-line" }));
    root2.append(svg("text", { x: x(k) + 2, y: H - 4, class: "axis", text: `r${round}` }));
  }
  series.forEach((pts, s) => {
    root2.append(svg("polyline", { points: pts.map(([k, v]) => `${x(k)},${y(v)}`).join(" "), fill: "none", stroke: seatColour(s), "stroke-width": 2 }));
  });
  root2.append(svg("line", { id: "chart-marker", x1: x(watchStep), x2: x(watchStep), y1: 16, y2: H - pad / 2, class: "marker" }));
  root2.addEventListener("click", ev => {
    const rect = root2.getBoundingClientRect();
    const k = Math.round(((ev.clientX - rect.left) * (W / rect.width) - pad) / (W - 2 * pad) * (n - 1));
    watchStep = Math.max(0, Math.min(n - 1, k));
    refreshWatch();
  });
  root.append(root2);
}

function drawChartMarker() {
  const m = document.getElementById("chart-marker");
  if (!m || !chartData) return;
  const W = 900, pad = 36, n = chartData.standings.length;
  const xk = pad + (watchStep / Math.max(1, n - 1)) * (W - 2 * pad);
  m.setAttribute("x1", xk); m.setAttribute("x2", xk);
}

async function openReview(body) {
  try {
    info = await api("/api/watch/open", body);
  } catch (e) { alert(e.message); return; }
  watchStep = 0;
  setupWatchControls();
  await loadChart();
  await refreshWatch();
}

function setupWatchControls() {
  const rj = document.getElementById("round-jump");
  rj.replaceChildren(el("option", { value: "", text: "jump to round…" }));
  if (info.review) for (const [round, k] of info.review.rounds) rj.append(el("option", { value: String(k), text: `round ${round}` }));
  const as = document.getElementById("as-seat");
  as.replaceChildren(el("option", { value: "", text: "see everything" }));
  if (info.review) for (let s = 1; s <= info.review.players; s++) as.append(el("option", { value: String(s), text: `as seat ${s} sees it` }));
}

// ---- start ----------------------------------------------------------------------

function showTab(name) {
  for (const t of ["play", "watch"]) {
    document.getElementById(t).hidden = t !== name;
    document.getElementById("tab-" + t).classList.toggle("active", t === name);
  }
  if (name === "watch") { loadChart().then(refreshWatch); } else refreshPlay();
}

async function pollReload() {
  const before = info.reload.count;
  const reload = await api("/api/reload");
  if (reload.count !== before) {
    info = await api("/api/info");
    const r = info.reload;
    const box = document.getElementById("reload");
    box.hidden = false;
    box.textContent = r.error ? `The edited packs do not load: ${r.error}` :
      `Packs reloaded. At the table: ${r.table || "—"}.` + (r.review ? ` Watched game: ${r.review.why}${r.review.at !== null ? ` (decision ${r.review.at})` : ""}.` : "");
    if (r.review && r.review.at !== null && r.review.at !== undefined) watchStep = r.review.at;
    setupWatchControls();
    if (!document.getElementById("watch").hidden) { await loadChart(); await refreshWatch(); } else await refreshPlay();
  }
}

async function start() {
  info = await api("/api/info");
  document.getElementById("title").textContent = info.title;
  document.title = `weft · ${info.title}`;
  for (const b of document.querySelectorAll(".tab")) b.addEventListener("click", () => showTab(b.dataset.tab));
  document.getElementById("hint").addEventListener("change", () => refreshPlay());
  document.getElementById("undo").addEventListener("click", async () => {
    try { await api("/api/play/undo", {}); } catch (e) { alert(e.message); }
    passedTo = null;
    await refreshPlay();
  });
  document.getElementById("new-game").addEventListener("click", async () => {
    await api("/api/play/new", {});
    passedTo = null; playSeat = null;
    await refreshPlay();
  });
  document.getElementById("watch-table").addEventListener("click", async () => {
    await openReview({ table: true });
    showTab("watch");
  });
  document.getElementById("pass-ready").addEventListener("click", () => { passedTo = playSeat; refreshPlay(); });
  const step = (k) => { watchStep = k; refreshWatch(); };
  document.getElementById("first").addEventListener("click", () => step(0));
  document.getElementById("back").addEventListener("click", () => step(watchStep - 1));
  document.getElementById("forward").addEventListener("click", () => step(watchStep + 1));
  document.getElementById("last").addEventListener("click", () => step(info.review ? info.review.answers : 0));
  document.getElementById("slider").addEventListener("input", (e) => step(Number(e.target.value)));
  document.getElementById("round-jump").addEventListener("change", (e) => { if (e.target.value !== "") step(Number(e.target.value)); });
  document.getElementById("as-seat").addEventListener("change", (e) => { watchSeat = e.target.value; refreshWatch(); });
  document.addEventListener("keydown", (e) => {
    if (document.getElementById("watch").hidden) return;
    if (e.key === "ArrowRight") step(watchStep + 1);
    if (e.key === "ArrowLeft") step(watchStep - 1);
  });
  document.getElementById("upload").addEventListener("change", async (e) => {
    const f = e.target.files[0];
    if (!f) return;
    let replay;
    try { replay = JSON.parse(await f.text()); } catch (err) { alert("not a JSON file: " + err.message); return; }
    await openReview({ replay });
  });
  const games = await api("/api/watch/games");
  const sel = document.getElementById("games");
  for (const n of games.games) sel.append(el("option", { value: n, text: n }));
  sel.hidden = !info.games;
  sel.addEventListener("change", () => { if (sel.value) openReview({ game: sel.value }); });
  setupWatchControls();
  // `#watch` opens the Watch tab; `#watch=NAME` a game of the --games folder there (the
  // report's strength table says how); `#watch=NAME@K` that game at its decision K.
  let hash = "";
  try { hash = decodeURIComponent(location.hash.replace("#", "")); } catch (e) { hash = ""; }
  if (hash.startsWith("watch=")) {
    const spec = hash.slice(6), cut = spec.lastIndexOf("@");
    const game = cut < 0 || !/^\d+$/.test(spec.slice(cut + 1)) ? spec : spec.slice(0, cut);
    const at = game === spec ? undefined : spec.slice(cut + 1);
    await openReview({ game });
    if (at !== undefined && /^\d+$/.test(at)) watchStep = Number(at);
    showTab("watch");
  } else if (hash === "watch" || (info.review && !info.table.humans.length)) showTab("watch");
  else showTab("play");
  setInterval(pollReload, 1500);
}

start().catch(e => { document.body.prepend(el("p", { class: "note", text: "error: " + e.message })); });
