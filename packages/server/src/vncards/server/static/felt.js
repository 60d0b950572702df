// The vncards web table's drawing: the seats, the felt (the public table and the
// hands shown at the end), the hand, the action buttons, the events and the settlement.
"use strict";

function renderLog(fresh = 0) {
  const items = S.log.map((e, i) => el("li", { class: i >= S.log.length - fresh ? "new" : "", data: { type: e.type } }, lineFor(e, i)));
  $("#log").replaceChildren(...items);
  const box = $("#log-box");
  box.scrollTop = box.scrollHeight;
}
// ---------- the table ----------
function render(view) {
  S.view = view;
  // a game over lists every event it had, whichever of them the stream did not bring
  if (view.finished) addAt(0, view.history);
  const mine = view.to_act === view.player;
  document.body.dataset.state = view.finished ? "finished" : mine ? "mine" : "waiting";
  document.body.dataset.events = String(view.events);
  $("#me-name").textContent = view.player == null ? `(${t("spectating")})` : `(${view.player})`;
  const status = $("#status");
  status.className = mine ? "mine" : "";
  status.textContent = view.finished ? t("gameOver")
    : mine ? t(view.optional ? "yourTurnOptional" : "yourTurn") : t("waiting", { name: view.to_act });
  renderSeats(view);
  renderPublic(view.public);
  renderShowdown(view.history);
  renderHand(view);
  renderActions(view);
  renderLegal(view);
  if (view.finished) renderResult(view.result);
  // the game's lines for events already listed arrive with the view
  if (gameWords() && S.log.length) renderLog();
}
function renderSeats(view) {
  const seats = Object.entries(view.counts).map(([name, n]) => {
    const bot = S.bots[name];
    return el("div", { class: `seat${view.to_act === name ? " to-act" : ""}`, data: { player: name } },
      el("div", { class: "who" }, name, name === view.player ? (name === t("you") ? " ★" : ` (${t("you")})`) : bot ? ` · ${t("isBot")} ${botName(bot)}` : ""),
      el("div", { class: "count" }, t("cards", { n })),
      el("div", { class: "backs" }, Array.from({ length: Math.min(n, 21) }, () => el("span", { class: "back" }))));
  });
  $("#seats").replaceChildren(...seats);
}
function publicValue(v) {
  if (v === null || v === undefined || v === false) return null;
  if (typeof v === "string") return isCard(v) ? cardFace(v, true) : codeName(v);
  if (typeof v === "number") return String(v);
  if (v === true) return "✓";
  if (Array.isArray(v)) {
    if (!v.length) return null;
    // one flag a seat (Mậu Binh's arranged): the names of the seats it is true for
    const names = S.view ? Object.keys(S.view.counts) : [];
    if (v.every((x) => typeof x === "boolean") && v.length === names.length) {
      const yes = names.filter((_, i) => v[i]);
      return yes.length ? yes.join(", ") : null;
    }
    if (v.every(isCard)) return cardsRow(v);
    if (v.every((x) => Array.isArray(x) && x.every(isCard))) return el("span", { class: "sub" }, v.map((g) => cardsRow(g)));
    const parts = v.map(publicValue).filter((x) => x !== null);
    return parts.length ? el("span", { class: "sub" }, parts.flatMap((x, i) => (i ? [" · ", x] : [x]))) : null;
  }
  if (typeof v === "object") {
    if ("type" in v) {
      const row = el("span", { class: "sub" }, eventText(v));
      if (Array.isArray(v.cards) && v.cards.length) row.append(cardsRow(v.cards, false));
      return row;
    }
    const rows = Object.entries(v).map(([k, x]) => [k, publicValue(x)]).filter(([, x]) => x !== null);
    if (!rows.length) return null;
    return el("span", { class: "sub" }, rows.flatMap(([k, x], i) => [i ? " · " : "", `${S.view && k in S.view.counts ? k : t(`key.${k}`)}: `, x]));
  }
  return String(v);
}
function renderPublic(pub) {
  const dl = el("dl");
  for (const [k, v] of Object.entries(pub || {})) {
    const shown = publicValue(v);
    if (shown === null) continue;
    dl.append(el("dt", {}, t(`key.${k}`)), el("dd", { data: { key: k } }, shown));
  }
  $("#public").replaceChildren(dl);
}
function assigned() {
  return new Set(Object.values(S.groups).flat());
}
function renderHand(view) {
  const taken = assigned();
  const cards = view.hand.map((c, i) => {
    if (taken.has(i)) return null;
    const b = cardFace(c, false, "button");
    b.type = "button";
    b.dataset.index = String(i);
    if (S.selected.has(i)) b.classList.add("selected");
    b.addEventListener("click", () => {
      if (S.selected.has(i)) S.selected.delete(i); else S.selected.add(i);
      b.classList.toggle("selected");
      updateButtons();
    });
    return b;
  }).filter(Boolean);
  $("#hand").replaceChildren(...cards);
}
function selectedTokens() {
  return [...S.selected].sort((a, b) => a - b).map((i) => S.view.hand[i]);
}
function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const x = [...a].sort(); const y = [...b].sort();
  return x.every((c, i) => c === y[i]);
}
function kindsOf(legal) {
  const kinds = new Map();
  for (const a of legal) {
    const k = Object.keys(a)[0];
    if (!kinds.has(k)) kinds.set(k, []);
    kinds.get(k).push(a[k]);
  }
  return kinds;
}
// A value whose items are themselves lists or mappings (not cards).
function nested(v) {
  return Array.isArray(v) && v.some((x) => x !== null && typeof x === "object");
}
// How a nested value reads on a button: groups split by bars, mappings as key: cards.
function shapeText(v) {
  if (Array.isArray(v)) {
    if (!v.length) return "∅";
    if (v.every(isCard)) return cardsText(v);
    return v.map(shapeText).join(" | ");
  }
  if (v && typeof v === "object") {
    return Object.entries(v).map(([k, x]) => `${t(`key.${k}`)}: ${shapeText(x)}`).join(", ");
  }
  return typeof v === "string" && isCard(v) ? cardsText([v]) : String(v);
}
// What a game's action value is, from the JSON Schema of its record key: a flag
// (pass, draw), one card, a list of cards; null for any other (offered only when legal).
function shapeOf(schema) {
  if (!schema) return null;
  if (schema.const === true || schema.type === "boolean") return "flag";
  if (schema.type === "array" && schema.items && schema.items.type === "string") return "cards";
  if (schema.type === "string" && !schema.enum && !("const" in schema)) return "card";
  return null;
}
// The seat's choices: every legal kind of action, and on its turn also each of the
// game's flag and card actions it cannot take now, greyed, saying why.
function choices(view) {
  const kinds = kindsOf(view.legal);
  const shapes = new Map(((S.game && S.game.actions) || []).map((a) => [a.key, shapeOf(a.schema)]));
  if (view.player != null && view.to_act === view.player) {
    for (const [key, shape] of shapes) if (shape && !kinds.has(key)) kinds.set(key, []);
  }
  return [...kinds].map(([kind, values]) => [kind, values, shapes.get(kind)]);
}
function renderActions(view) {
  const box = $("#actions");
  box.replaceChildren();
  $("#groups").replaceChildren();
  if (view.finished) return;
  for (const [kind, values, shape] of choices(view)) {
    if (shape === "flag" || (values.length && values.every((v) => v === true))) {
      const b = actionButton(t(`kind.${kind}`), kind, () => send({ [kind]: true }));
      if (!values.length) b.dataset.flag = kind;
      box.append(b);
    } else if (values.some(nested)) {
      // a list of card lists or of mappings: each legal value is offered as it stands
      for (const v of values) {
        const b = actionButton(`${t(`kind.${kind}`)} ${shapeText(v)}`, kind, () => send({ [kind]: v }));
        b.dataset.choice = JSON.stringify(v);
        box.append(b);
      }
    } else if (shape === "cards" || (values.length && values.every((v) => Array.isArray(v)))) {
      const b = actionButton(t(`kind.${kind}`), kind, () => {
        const m = values.find((v) => sameCards(v, selectedTokens()));
        if (m) send({ [kind]: m });
      });
      b.dataset.match = JSON.stringify(values);
      b.dataset.shape = "cards";
      box.append(b);
    } else if (shape === "card" || (values.length && values.every((v) => typeof v === "string" && isCard(v)))) {
      const b = actionButton(t(`kind.${kind}`), kind, () => {
        const sel = selectedTokens();
        if (sel.length === 1 && values.includes(sel[0])) send({ [kind]: sel[0] });
      });
      b.dataset.match = JSON.stringify(values.map((v) => [v]));
      b.dataset.shape = "card";
      box.append(b);
    } else if (values.every((v) => typeof v === "string")) {
      for (const v of new Set(values)) {
        box.append(actionButton(`${t(`kind.${kind}`)} ${t(`words.${v}`)}`, kind, () => send({ [kind]: v })));
      }
    } else if (values.every((v) => v && typeof v === "object")) {
      composer(kind, values[0], box);
    }
  }
  if (view.optional) box.append(actionButton(t("decline"), "decline", () => send({ decline: true })));
  if (view.legal.length || view.optional) box.append(actionButton(t("hint"), "hint", showHint));
  updateButtons();
}
function actionButton(label, kind, onclick) {
  return el("button", { type: "button", class: "primary", data: { action: kind }, on: { click: onclick } }, label);
}
function composer(kind, template, box) {
  const keys = Object.keys(template);
  // the offered action shows the shape: each part's size is that of its card list
  const size = (k) => (Array.isArray(template[k]) ? template[k].length : parseInt(template[k], 10) || 0);
  const free = () => S.view.hand.map((_, i) => i).filter((i) => !assigned().has(i));
  const rows = keys.map((k) => {
    const cards = (S.groups[k] || []).map((i) => cardFace(S.view.hand[i], true));
    const put = el("button", { type: "button", data: { group: k } }, `${t(`parts.${k}`)} (${size(k)})`);
    put.addEventListener("click", () => {
      if (S.groups[k]) { delete S.groups[k]; } else {
        const sel = [...S.selected];
        if (sel.length !== size(k)) { $("#action-error").textContent = `${t("pick", { n: size(k) })} ${t(`parts.${k}`)}`; return; }
        S.groups[k] = sel;
        S.selected.clear();
        const left = keys.filter((x) => !S.groups[x]);
        if (left.length === 1 && free().length === size(left[0])) S.groups[left[0]] = free();
      }
      $("#action-error").textContent = "";
      renderHand(S.view); renderActions(S.view);
    });
    return el("div", { class: "group" }, put, el("span", { class: "cards" }, cards));
  });
  $("#groups").replaceChildren(...rows);
  const done = keys.every((k) => S.groups[k]);
  const submit = actionButton(t(`kind.${kind}`), kind, () => {
    if (!keys.every((k) => S.groups[k])) return;
    send({ [kind]: Object.fromEntries(keys.map((k) => [k, S.groups[k].map((i) => S.view.hand[i])])) });
  });
  submit.disabled = !done;
  submit.dataset.compose = "1";
  // greyed until every group is filled: its title names the next group to fill
  const next = keys.find((k) => !S.groups[k]);
  if (next) submit.title = `${t("pick", { n: size(next) })} ${t(`parts.${next}`)}`;
  box.append(submit, el("button", { type: "button", on: { click: () => { S.groups = {}; S.selected.clear(); renderHand(S.view); renderActions(S.view); } } }, t("reset")));
}
function updateButtons() {
  for (const b of document.querySelectorAll("#actions button[data-match]")) {
    const values = JSON.parse(b.dataset.match);
    const sel = selectedTokens();
    const matched = values.some((v) => sameCards(v, sel));
    b.disabled = S.busy || !matched;
    if (matched || S.busy) sayWhy(b, null);
    else if (b.dataset.shape === "card" && sel.length !== 1) sayWhy(b, null, t("pick", { n: 1 }));
    else sayWhy(b, { [b.dataset.action]: b.dataset.shape === "card" ? sel[0] : sel });
  }
  for (const b of document.querySelectorAll("#actions button[data-flag]")) {
    b.disabled = true;
    if (!S.busy) sayWhy(b, { [b.dataset.flag]: true });
  }
  for (const b of document.querySelectorAll("#actions button:not([data-match]):not([data-compose]):not([data-flag])")) b.disabled = S.busy;
}
// A greyed button's title says why it is greyed: the game's reason for refusing
// `body` now (asked of the service, nothing played), or `own` words of the page.
async function sayWhy(b, body, own = null) {
  const key = body === null ? "" : JSON.stringify(body);
  if (b.dataset.whyFor === key && (body !== null || b.title === (own || ""))) return;
  b.dataset.whyFor = key;
  if (body === null) {
    if (own) b.title = own; else b.removeAttribute("title");
    delete b.dataset.why;
    return;
  }
  try {
    const out = await api(`/v1/tables/${S.table}/check?lang=${S.lang}`, { method: "POST", body: key });
    if (b.dataset.whyFor !== key) return; // the selection changed meanwhile
    if (out.legal) { b.removeAttribute("title"); delete b.dataset.why; return; }
    b.title = refusal(out.error);
    b.dataset.why = out.error.code;
  } catch (e) {
    if (b.dataset.whyFor === key) b.title = refusal(e);
  }
}
function renderLegal(view) {
  const chips = view.legal.slice(0, 80).map((a) => {
    const kind = Object.keys(a)[0];
    const v = a[kind];
    const label = nested(v) ? `${t(`kind.${kind}`)} ${shapeText(v)}`
      : Array.isArray(v) ? `${t(`kind.${kind}`)} ${cardsText(v)}`
      : typeof v === "string" ? `${t(`kind.${kind}`)} ${isCard(v) ? cardsText([v]) : t(`words.${v}`)}`
      : t(`kind.${kind}`);
    return el("button", { type: "button", data: { legal: JSON.stringify(a) }, on: { click: () => preselect(v) } }, label);
  });
  $("#legal").replaceChildren(...chips);
}
function preselect(value) {
  const tokens = nested(value) ? [] : Array.isArray(value) ? value : typeof value === "string" && isCard(value) ? [value] : [];
  S.selected.clear();
  const used = new Set();
  for (const c of tokens) {
    const i = S.view.hand.findIndex((h, j) => h === c && !used.has(j));
    if (i >= 0) { used.add(i); S.selected.add(i); }
  }
  renderHand(S.view);
  updateButtons();
}
// The hands shown at the end (`reveal` events), drawn on the felt: each player's named
// card lists, with the hand each one makes when the event names it. When the reveals
// say whether a hand is fouled (Mậu Binh), each part also says whom it beat.
function renderShowdown(history) {
  const box = $("#showdown");
  const reveals = (history || []).filter((e) => e.type === "reveal");
  const settle = (history || []).filter((e) => e.type === "settle").flatMap((e) => e.transfers || []);
  const rows = reveals.map((e) => {
    const parts = Object.entries(e).filter(([, v]) => Array.isArray(v) && v.length && v.every(isCard));
    return el("div", { class: `group${e.fouled ? " fouled" : ""}`, data: { player: e.player } },
      el("strong", {}, e.player, e.fouled ? ` · ${t("fouled")}` : ""),
      ...parts.map(([k, v], i) => el("div", { data: { part: k } }, el("span", { class: "part" }, t(`parts.${k}`)), cardsRow(v),
        Array.isArray(e.hands) && e.hands[i] ? el("span", { class: "hand-name" }, comboName(e.hands[i])) : "",
        "fouled" in e ? verdict(e, reveals, settle, k) : "")));
  });
  box.replaceChildren(...rows);
}
// Who won part `part` between two shown hands: the `settle` transfer that names it (a
// Mậu Binh `chi` transfer) went to its winner, none is a tie; a fouled hand loses every
// part to one that is not.
function partWinner(settle, a, b, part) {
  if (a.fouled || b.fouled) return a.fouled && b.fouled ? null : a.fouled ? b.player : a.player;
  const paid = settle.find((x) => x.chi === part
    && ((x.from === a.player && x.to === b.player) || (x.from === b.player && x.to === a.player)));
  return paid ? paid.to : null;
}
function verdict(e, reveals, settle, part) {
  const won = []; const lost = []; const tied = [];
  for (const o of reveals) {
    if (o.player === e.player) continue;
    const w = partWinner(settle, e, o, part);
    (w === e.player ? won : w === null ? tied : lost).push(o.player);
  }
  const says = [[won, "beats"], [lost, "losesTo"], [tied, "ties"]]
    .filter(([who]) => who.length).map(([who, k]) => t(`showdown.${k}`, { who: who.join(", ") }));
  const mood = lost.length ? (won.length ? "mixed" : "lost") : won.length ? "won" : "tied";
  return el("span", { class: `verdict ${mood}`, data: { won: won.join(","), lost: lost.join(","), tied: tied.join(",") } },
    says.join(" · "));
}
function renderResult(result) {
  $("#result").hidden = false;
  $("#next").hidden = !S.token;
  const words = gameWords();
  const outcome = words && words.outcome ? words.outcome
    : `${result.outcome ? t(`outcome.${result.outcome}`) : ""}${result.instant_win ? ` (${instantName(result.instant_win)})` : ""}`;
  $("#outcome").textContent = `${outcome} — ${result.winner ? t("winner", { name: result.winner }) : t("noWinner")}`;
  $("#payments tbody").replaceChildren(...Object.entries(result.payments).map(([name, v]) =>
    el("tr", { data: { player: name } }, el("td", {}, name), el("td", { class: `num ${v > 0 ? "pos" : v < 0 ? "neg" : ""}` }, v > 0 ? `+${v}` : String(v)))));
  $("#transfers tbody").replaceChildren(...result.transfers.map((x) =>
    el("tr", {}, el("td", {}, x.from), el("td", {}, x.to), el("td", { class: "num" }, String(x.amount)), el("td", {}, reasonName(x.reason) + (x.chi ? ` · ${t(`parts.${x.chi}`)}` : "")))));
}
