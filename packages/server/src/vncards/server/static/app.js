// The vncards web table: plain JavaScript on the service's own HTTP API.
// It knows games only as the API shows them: a seat's view (hand, public table, legal
// actions as record actions), events, and the settlement at the end.
"use strict";

const BOT_NAMES = ["An", "Bình", "Chi", "Dũng", "Em", "Giang", "Hà", "Khánh"];
const BOT_PREFERENCE = ["search", "solver", "greedy"];
const S = {
  lang: (localStorage.getItem("vncards-lang") || "vi"),
  games: [], game: null, table: null, token: null, me: null, bots: {},
  view: null, selected: new Set(), groups: {}, log: [], dealt: 0, ws: null, busy: false, missed: false,
};
const $ = (sel) => document.querySelector(sel);
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k === "on") for (const [ev, fn] of Object.entries(v)) node.addEventListener(ev, fn);
    else if (k === "data") Object.assign(node.dataset, v);
    else node.setAttribute(k, v);
  }
  for (const c of children.flat()) node.append(c instanceof Node ? c : String(c));
  return node;
}
// ---------- cards ----------
// A game's cards come from the service (GET /v1/games/{game}): every card's token and
// how it looks in each language. A string is a card exactly when the game lists it.
function deck() {
  return (S.game && S.game.notation && S.game.notation.cards) || {};
}
function isCard(x) {
  return typeof x === "string" && Object.hasOwn(deck(), x);
}
function look(token) {
  const card = deck()[token];
  return (card && (card[S.lang] || card.en)) || { label: token, face: [token], colour: null };
}
function cardFace(token, small = false, tag = "span") {
  const seen = look(token);
  const long = seen.face.join("").length > 3;
  const cls = `card${seen.colour ? ` c-${seen.colour}` : ""}${long ? " long" : ""}${small ? " small" : ""}`;
  return el(tag, { class: cls, title: seen.label, data: { card: token } },
    seen.face.map((part, i) => el("span", { class: i ? "suit" : "" }, part)));
}
function cardsRow(tokens, small = true) {
  return el("span", { class: "cards" }, tokens.map((c) => cardFace(c, small)));
}
function cardsText(tokens) {
  return tokens.map((c) => look(c).label).join(" ");
}
// A game's data for the page (its cards and action keys), asked once a game.
async function gameDetail(name) {
  S.details = S.details || {};
  if (!S.details[name]) S.details[name] = await api(`/v1/games/${encodeURIComponent(name)}`);
  return S.details[name];
}
// ---------- API ----------
async function api(path, options = {}) {
  const headers = { "content-type": "application/json" };
  if (S.token) headers.authorization = `Bearer ${S.token}`;
  const res = await fetch(path, { ...options, headers });
  let data = null;
  try { data = await res.json(); } catch (e) { data = null; }
  if (!res.ok) {
    const error = new Error(data && data.error ? data.error.message : `${res.status}`);
    error.code = data && data.error ? data.error.code : null;
    error.lang = data && data.error ? data.error.lang : null;
    throw error;
  }
  return data;
}
// ---------- setup ----------
function strongestBot(bots) {
  for (const b of BOT_PREFERENCE) if (bots.includes(b)) return b;
  return bots.find((b) => b !== "random") || "random";
}
function fillSetup() {
  const gameSel = $("#game");
  const keep = gameSel.value;
  gameSel.replaceChildren(...S.games.map((g) => el("option", { value: g.name }, g.title)));
  if (keep) gameSel.value = keep;
  onGameChange();
}
function currentGame() { return S.games.find((g) => g.name === $("#game").value); }
function onGameChange() {
  const g = currentGame();
  if (!g) return;
  const presets = [...g.presets].sort((a, b) => (a.name !== g.default_preset) - (b.name !== g.default_preset));
  $("#variant").replaceChildren(...presets.map((p) => el("option", { value: p.name }, presetName(p.name))));
  $("#bot").replaceChildren(...g.bots.map((b) => el("option", { value: b }, botName(b))));
  $("#bot").value = strongestBot(g.bots);
  onVariantChange();
}
function onVariantChange() {
  const g = currentGame();
  const p = g.presets.find((x) => x.name === $("#variant").value) || g.presets[0];
  const [lo, hi] = p.players;
  const opts = [];
  for (let n = lo; n <= hi; n++) opts.push(el("option", { value: n }, n));
  $("#count").replaceChildren(...opts);
  $("#count").value = Math.min(hi, Math.max(lo, 4));
  fillFriends();
}
function fillFriends() {
  const n = Number($("#count").value);
  const opts = [];
  for (let k = 0; k < n; k++) opts.push(el("option", { value: k }, k));
  $("#friends").replaceChildren(...opts);
}
// A deal chosen by its seed (`?seed=N` in the page's address), else a random one.
function seedAsked() {
  const seed = new URLSearchParams(location.search).get("seed");
  return seed !== null && /^\d+$/.test(seed) ? { seed: Number(seed) } : {};
}
async function startTable() {
  $("#setup-error").textContent = "";
  const g = currentGame();
  const me = ($("#name").value || t("you")).trim() || t("you");
  const n = Number($("#count").value);
  const nFriends = Math.min(n - 1, Number($("#friends").value || 0));
  const friends = Array.from({ length: nFriends }, (_, i) => t("friendName", { n: i + 2 }));
  const others = BOT_NAMES.filter((b) => b !== me).slice(0, n - 1 - nFriends);
  const players = [me, ...friends, ...others];
  const bots = Object.fromEntries(others.map((b) => [b, $("#bot").value]));
  // listed: the friends' seats get no token; the lobby offers them, as do the links
  const open = $("#listed").checked ? friends : [];
  try {
    S.token = null;
    const made = await api("/v1/tables", {
      method: "POST",
      body: JSON.stringify({ game: g.name, variant: $("#variant").value, players, bots, open, ...seedAsked() }),
    });
    showJoinLinks(made.table, friends.map((f) => [f, made.tokens[f]]));
    await sit(made.table, made.tokens[me]);
  } catch (e) {
    $("#setup-error").textContent = refusal(e);
  }
}
// A seat is a table and its token; the page keeps it (and puts it in its address after
// the #, which the browser never sends), so a refresh or a lost connection resumes.
function seatLink(table, token, name) {
  const seat = token ? `k=${encodeURIComponent(token)}` : `join=${encodeURIComponent(name)}`;
  return `${location.origin}/#t=${encodeURIComponent(table)}&${seat}`;
}
function showJoinLinks(table, seats) {
  const box = $("#join");
  const rows = seats.map(([name, token]) => el("li", {}, `${name}: `,
    el("a", { href: seatLink(table, token, name), class: "join", data: { player: name } }, seatLink(table, token, name))));
  const watch = `${location.origin}/#t=${encodeURIComponent(table)}&watch=1`;
  rows.push(el("li", {}, el("a", { href: watch, class: "watch" }, t("watchLink"))));
  box.replaceChildren(...(seats.length ? [el("p", {}, t("joinLinks"))] : []), el("ul", {}, rows));
  box.hidden = false;
}
// ---------- lobby ----------
// The tables with a seat nobody has taken, newest first; a free seat is a button.
async function showLobby() {
  $("#lobby-error").textContent = "";
  try {
    const { tables } = await api("/v1/tables");
    const title = (name) => (S.games.find((g) => g.name === name) || { title: name }).title;
    $("#lobby-tables tbody").replaceChildren(...tables.map((x) => el("tr", { data: { table: x.table } },
      el("td", {}, title(x.game)), el("td", {}, presetName(x.variant)),
      el("td", {}, x.players.map((p) => (x.bots[p] ? `${p} (${t("isBot")})` : p)).join(", ")),
      el("td", {}, new Date(x.created * 1000).toLocaleTimeString(S.lang === "vi" ? "vi-VN" : "en-GB")),
      el("td", {}, x.open.map((p) => el("button", { type: "button", class: "primary", data: { seat: p }, on: { click: () => join(x.table, p) } }, p))))));
    $("#lobby-tables").hidden = !tables.length;
    $("#lobby-empty").hidden = tables.length > 0;
    $("#lobby").hidden = false;
    document.body.dataset.lobby = String(tables.length);
  } catch (e) {
    $("#lobby-error").textContent = refusal(e);
  }
}
// Take an open seat (from the lobby or a link that names it): its token, then the seat.
async function join(table, player) {
  try {
    S.token = null;
    const { token } = await api(`/v1/tables/${encodeURIComponent(table)}/join`, { method: "POST", body: JSON.stringify({ player }) });
    await sit(table, token);
  } catch (e) {
    await showLobby();
    $("#lobby-error").textContent = refusal(e);
  }
}
async function sit(table, token) {
  S.table = table; S.token = token;
  if (token) {
    localStorage.setItem("vncards-seat", JSON.stringify({ table, token }));
    history.replaceState(null, "", `/#t=${encodeURIComponent(table)}&k=${encodeURIComponent(token)}`);
  }
  S.selected.clear(); S.groups = {}; S.log = [];
  if (S.ws) { const old = S.ws; S.ws = null; old.close(); }
  pending = [];
  const view = await api(viewPath());
  S.game = await gameDetail(view.game);
  S.me = view.player;
  S.dealt = dealtOf(view);
  S.log = [...view.history];
  $("#setup").hidden = true;
  $("#lobby").hidden = true;
  $("#table").hidden = false;
  $("#result").hidden = true;
  document.body.dataset.table = table;
  render(view);
  renderLog();
  if (!view.finished) openEvents(S.log.length - S.dealt);
}
// A seat's history starts with the events of the deal it saw (a dealt win's reveal and
// settlement, a hand shown before the first move), which come before the table's first
// event. The stream, an action's answer and a view's `events` count the table's events
// only, the log lists the whole history: the table's event i is the log's line
// S.dealt + i.
function dealtOf(view) {
  return Math.max(0, view.history.length - view.events);
}
// The seat's view (a spectator's without a token), with the game's words in the page's
// language.
function viewPath() {
  return `/v1/tables/${S.table}/${S.token ? "view" : "spectate"}?lang=${S.lang}`;
}
// ---------- events ----------
function openEvents(since) {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  // the token travels as a subprotocol, never in the URL (URLs end up in logs)
  const who = S.token ? "" : "spectate=true&";
  // steps=true: the stream also tells of steps without events (a decline), as {"steps": N}
  const url = `${proto}//${location.host}/v1/tables/${S.table}/events?${who}steps=true&since=${since}`;
  const ws = new WebSocket(url, S.token ? ["vncards", `bearer.${S.token}`] : ["vncards"]);
  let index = S.dealt + since;
  ws.onmessage = (m) => {
    if (S.ws !== ws) return;
    const message = JSON.parse(m.data);
    if (!("type" in message) && "steps" in message) { scheduleView(); return; }
    queueEvent(index++, message);
    scheduleView();
  };
  ws.onclose = (c) => {
    if (S.ws !== ws) return;
    S.ws = null;
    // over (1000): read the view once more, so nothing sent last is missing; lost:
    // reconnect from the last event shown
    setTimeout(() => { if (!S.ws && S.table) refresh(); }, c.code === 1000 ? 0 : 1000);
  };
  S.ws = ws;
}
// Back to the setup: nothing of the table left may draw it again (the stream closed as
// ours, so its close starts no reconnect; no view read is pending or used).
function leaveTable() {
  S.table = null; S.token = null; S.view = null;
  if (S.ws) { const old = S.ws; S.ws = null; old.close(); }
  if (viewTimer !== null) { clearTimeout(viewTimer); viewTimer = null; }
  if (draining !== null) { clearTimeout(draining); draining = null; }
  pending = [];
}
// Another seat moved or declined: read the view again (once for a burst of messages). While the
// seat's own action is on its way, the view is read again once its answer is in (that
// answer's view may be older than the events that came meanwhile).
let viewTimer = null;
function scheduleView() {
  if (viewTimer !== null) return;
  viewTimer = setTimeout(async () => {
    viewTimer = null;
    const table = S.table;
    if (!table) return;
    if (S.busy) { S.missed = true; return; }
    try {
      const view = await api(viewPath());
      if (S.table !== table || !S.view) return;  // the table was left meanwhile
      if (S.gap) { S.gap = false; addAt(0, view.history); }
      if (S.busy) S.missed = true;
      // a view no newer than the one shown would only undo the player's selection
      else if (view.events > S.view.events || view.steps > S.view.steps) render(view);
    } catch (e) {
      $("#action-error").textContent = refusal(e);
    }
  }, 60);
}
// After a lost connection: the view again, then the stream from the last event shown.
async function refresh() {
  const table = S.table;
  try {
    const view = await api(viewPath());
    if (S.table !== table) return;  // the table was left meanwhile
    addAt(0, view.history);
    render(view);
    if (!view.finished) openEvents(S.log.length - S.dealt);
  } catch (e) {
    $("#action-error").textContent = refusal(e);
  }
}
// Events that arrive together (a move and the bots' answers) are shown one after
// another, as a table would see them played.
const PACE_MS = 140;
let pending = [];
let draining = null;
function queueEvent(index, e) {
  pending.push([index, e]);
  if (draining === null) drain();
}
function drain() {
  if (!pending.length) { draining = null; return; }
  const [index, e] = pending.shift();
  addAt(index, [e]);
  draining = setTimeout(drain, PACE_MS);
}
// Every event has its line in the log: one shown already is never shown again,
// whichever source (the stream, an action's answer, a view) brings it.
function addAt(start, events) {
  // events past a gap wait for the next view, whose history fills the gap
  if (start > S.log.length) S.gap = true;
  let fresh = 0;
  events.forEach((e, i) => {
    if (start + i === S.log.length) { S.log.push(e); fresh++; }
  });
  if (fresh) renderLog(fresh);
}
// The strongest bot's choice for this seat, shown by selecting its cards.
async function showHint() {
  try {
    const { action } = await api(`/v1/tables/${S.table}/hint`);
    const [kind, value] = Object.entries(action)[0];
    S.selected.clear();
    preselect(value);
    renderHand(S.view);
    updateButtons();
    $("#action-error").textContent = `${t("hint")}: ${kind === "decline" ? t("decline") : t(`kind.${kind}`)}`;
  } catch (e) {
    $("#action-error").textContent = refusal(e);
  }
}
async function send(body) {
  if (S.busy) return;
  S.busy = true;
  document.body.dataset.state = "busy";
  $("#action-error").textContent = "";
  updateButtons();
  try {
    const out = await api(`/v1/tables/${S.table}/actions?lang=${S.lang}`, { method: "POST", body: JSON.stringify(body) });
    S.selected.clear(); S.groups = {};
    S.busy = false;
    render(out.view);
    addAt(S.dealt + out.view.events - out.events.length, out.events);
  } catch (e) {
    S.busy = false;
    $("#action-error").textContent = refusal(e);
    render(S.view);
  }
  if (S.missed) { S.missed = false; scheduleView(); }
}
// ---------- language ----------
function applyLanguage() {
  document.documentElement.lang = S.lang;
  $("#lang").textContent = S.lang === "vi" ? "EN" : "VI";
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  if (!$("#name").value || $("#name").value === TEXT.you.vi || $("#name").value === TEXT.you.en) $("#name").value = t("you");
  if (S.view) { render(S.view); renderLog(); reword(); }
  if (!$("#lobby").hidden) showLobby();
}
// The view again, for the game's words in the language just chosen.
async function reword() {
  try {
    const view = await api(viewPath());
    if (!S.busy && view.events >= S.view.events) { render(view); renderLog(); }
  } catch (e) {
    $("#action-error").textContent = refusal(e);
  }
}
async function boot() {
  $("#lang").addEventListener("click", () => {
    S.lang = S.lang === "vi" ? "en" : "vi";
    localStorage.setItem("vncards-lang", S.lang);
    applyLanguage();
  });
  $("#game").addEventListener("change", onGameChange);
  $("#variant").addEventListener("change", onVariantChange);
  $("#count").addEventListener("change", fillFriends);
  $("#start").addEventListener("click", startTable);
  $("#lobby-refresh").addEventListener("click", showLobby);
  $("#next").addEventListener("click", async () => {
    try {
      const made = await api(`/v1/tables/${S.table}/next`, { method: "POST" });
      await sit(made.table, S.token);
    } catch (e) {
      $("#action-error").textContent = refusal(e);
    }
  });
  $("#again").addEventListener("click", () => {
    localStorage.removeItem("vncards-seat");
    history.replaceState(null, "", "/");
    $("#join").hidden = true;
    leaveTable();
    $("#table").hidden = true;
    $("#setup").hidden = false;
    document.body.dataset.state = "setup";
    showLobby();
  });
  applyLanguage();
  try {
    S.games = (await api("/v1/games")).games;
    fillSetup();
    const wanted = new URLSearchParams(location.search).get("game");
    if (wanted && S.games.some((g) => g.name === wanted)) { $("#game").value = wanted; onGameChange(); }
    document.body.dataset.state = "setup";
    await showLobby();
    const here = new URLSearchParams(location.hash.slice(1));
    const kept = JSON.parse(localStorage.getItem("vncards-seat") || "null");
    if (here.get("t") && here.get("watch")) await sit(here.get("t"), null);
    else if (here.get("t") && here.get("k")) await sit(here.get("t"), here.get("k"));
    else if (here.get("t") && here.get("join")) await join(here.get("t"), here.get("join"));
    // a link that asks for a game (?game=) sets up a new table instead of resuming
    else if (kept && kept.table && kept.token && !wanted) await sit(kept.table, kept.token).catch(() => {
      localStorage.removeItem("vncards-seat");
      $("#table").hidden = true; $("#setup").hidden = false;
      document.body.dataset.state = "setup";
    });
  } catch (e) {
    $("#setup-error").textContent = refusal(e);
  }
}
boot();
