// The vncards web table's words: every text it shows, in Vietnamese and English, and
// the game's own words when the service gives them (a view asked with ?lang=).
"use strict";

// One table: each text by its code, in both languages ({ vi, en }); a group (kind,
// combos, event, ...) holds such texts by code. Refusals are in Vietnamese only: in
// English the page shows the service's own sentence.
const TEXT = {
  tagline: { vi: "Bài Việt: Tiến lên, Sâm Lốc, Tứ Sắc, Mậu Binh — chơi với máy", en: "Vietnamese card games: Tiến lên, Sâm Lốc, Tứ Sắc, Mậu Binh — play the bots" },
  newTable: { vi: "Bàn mới", en: "New table" }, game: { vi: "Trò chơi", en: "Game" },
  variant: { vi: "Luật", en: "Variant" }, players: { vi: "Số người", en: "Players" },
  bot: { vi: "Máy chơi", en: "Bots" }, yourName: { vi: "Tên bạn", en: "Your name" },
  deal: { vi: "Chia bài", en: "Deal" }, you: { vi: "Bạn", en: "You" },
  yourHand: { vi: "Bài của bạn", en: "Your hand" }, legalMoves: { vi: "Các nước đi hợp lệ", en: "Legal moves" },
  settlement: { vi: "Kết quả", en: "Settlement" }, player: { vi: "Người chơi", en: "Player" },
  net: { vi: "Tiền (lá)", en: "Net (lá)" }, transfers: { vi: "Chi trả", en: "Transfers" },
  from: { vi: "Ai trả", en: "From" }, to: { vi: "Ai nhận", en: "To" }, amount: { vi: "Số lá", en: "Lá" },
  reason: { vi: "Lý do", en: "Why" }, again: { vi: "Ván mới", en: "New game" },
  events: { vi: "Diễn biến", en: "Events" }, yourTurn: { vi: "Đến lượt bạn", en: "Your turn" },
  yourTurnOptional: { vi: "Đến lượt bạn (có thể bỏ qua)", en: "Your turn (you may decline)" },
  waiting: { vi: "Chờ {name}…", en: "Waiting for {name}…" }, gameOver: { vi: "Hết ván", en: "Game over" },
  winner: { vi: "Người thắng: {name}", en: "Winner: {name}" }, noWinner: { vi: "Không ai thắng", en: "Nobody won" },
  cards: { vi: "{n} lá", en: "{n} cards" }, decline: { vi: "Bỏ qua", en: "Decline" },
  reset: { vi: "Chọn lại", en: "Clear" }, isBot: { vi: "máy", en: "bot" },
  connecting: { vi: "Đang kết nối…", en: "Connecting…" }, busy: { vi: "Máy đang đi…", en: "Bots are playing…" },
  pick: { vi: "Chọn {n} lá rồi bấm", en: "Pick {n} cards, then press" },
  unknownError: { vi: "Có lỗi", en: "Something went wrong" }, friends: { vi: "Bạn bè", en: "Friends" },
  joinLinks: { vi: "Gửi mỗi người một đường dẫn để vào ghế:", en: "Send each friend their link to take the seat:" },
  watchLink: { vi: "Xem bàn (không thấy bài ai)", en: "Watch the table (no hand shown)" },
  nextHand: { vi: "Ván tiếp", en: "Next hand" }, spectating: { vi: "Đang xem", en: "Watching" },
  friendName: { vi: "Bạn {n}", en: "Friend {n}" }, copy: { vi: "Chép", en: "Copy" },
  total: { vi: "Tổng trận", en: "Match total" }, hint: { vi: "Gợi ý", en: "Hint" },
  lobby: { vi: "Bàn đang chờ người", en: "Tables waiting for players" }, refresh: { vi: "Xem lại", en: "Refresh" },
  lobbyEmpty: { vi: "Chưa có bàn nào còn ghế trống.", en: "No table has a free seat yet." },
  dealt: { vi: "Chia lúc", en: "Dealt at" },
  freeSeats: { vi: "Ghế trống (bấm để vào)", en: "Free seats (click to sit)" },
  listed: { vi: "Mở ghế bạn bè trong sảnh", en: "List the friends' seats in the lobby" },
  fouled: { vi: "binh lủng", en: "fouled (binh lủng)" },
  parts: {
    chi1: { vi: "Chi 1", en: "Back (chi 1)" }, chi2: { vi: "Chi 2", en: "Middle (chi 2)" },
    chi3: { vi: "Chi 3", en: "Front (chi 3)" },
  },
  showdown: {
    beats: { vi: "thắng {who}", en: "beats {who}" }, losesTo: { vi: "thua {who}", en: "loses to {who}" },
    ties: { vi: "hòa {who}", en: "ties {who}" },
  },
  kind: {
    play: { vi: "Đánh", en: "Play" }, pass: { vi: "Bỏ lượt", en: "Pass" }, declare: { vi: "Báo", en: "Declare" },
    draw: { vi: "Bốc", en: "Draw" }, discard: { vi: "Đánh lá", en: "Discard" }, take: { vi: "Ăn", en: "Take" },
    arrange: { vi: "Xếp bài", en: "Arrange" }, meld: { vi: "Hạ phỏm", en: "Meld" },
    lay_off: { vi: "Gửi", en: "Lay off" },
  },
  words: {
    sam: { vi: "Sâm", en: "Sâm" },
  },
  botNames: {
    search: { vi: "tìm nước (mạnh nhất)", en: "search (strongest)" }, solver: { vi: "giải bài", en: "solver" },
    greedy: { vi: "tham", en: "greedy" }, random: { vi: "ngẫu nhiên", en: "random" },
    sam: { vi: "báo Sâm", en: "Sâm caller" },
    net: { vi: "mạng nơ-ron (tự học)", en: "network (learned)" },
    "search+net": { vi: "tìm nước theo mạng nơ-ron", en: "search guided by the network" },
  },
  combos: {
    single: { vi: "lá lẻ", en: "single" }, pair: { vi: "đôi", en: "pair" }, triple: { vi: "sám", en: "triple" },
    straight: { vi: "sảnh", en: "straight" }, "pair-run": { vi: "đôi thông", en: "pair run (đôi thông)" },
    quad: { vi: "tứ quý", en: "four of a kind" }, "four-of-a-kind": { vi: "tứ quý", en: "four of a kind" },
    "straight-flush": { vi: "thùng phá sảnh", en: "straight flush" }, quads: { vi: "tứ quý", en: "four of a kind" },
    "full-house": { vi: "cù lũ", en: "full house" }, flush: { vi: "thùng", en: "flush" },
    trips: { vi: "sám cô", en: "three of a kind" }, "two-pair": { vi: "thú", en: "two pairs" },
    "high-card": { vi: "mậu thầu", en: "high card" }, "single-general": { vi: "tướng lẻ", en: "lone Tướng" },
    "general-set": { vi: "tướng sĩ tượng", en: "Tướng Sĩ Tượng" },
    "chariot-set": { vi: "xe pháo mã", en: "Xe Pháo Mã" }, soldiers: { vi: "chốt", en: "Chốt of different colours" },
    set: { vi: "phỏm ngang", en: "set (phỏm ngang)" }, run: { vi: "phỏm dọc", en: "run (phỏm dọc)" },
  },
  instant: {
    dragon: { vi: "sảnh rồng", en: "dragon (sảnh rồng)" }, "four-twos": { vi: "tứ quý heo", en: "four 2s" },
    "five-pair-run": { vi: "5 đôi thông", en: "five pairs in a row" }, "six-pairs": { vi: "6 đôi", en: "six pairs" },
    "one-colour": { vi: "đồng hoa", en: "one colour" }, "three-triples": { vi: "3 sám cô", en: "three triples" },
    "five-pairs": { vi: "5 đôi", en: "five pairs" }, "rong-cuon": { vi: "rồng cuốn", en: "rồng cuốn" },
    "sanh-rong": { vi: "sảnh rồng", en: "sảnh rồng" },
    "dong-mau-13": { vi: "13 lá đồng màu", en: "13 of one colour" },
    "dong-mau-12": { vi: "12 lá đồng màu", en: "12 of one colour" },
    "nam-doi-mot-sam": { vi: "5 đôi 1 sám", en: "five pairs and a triple" },
    "luc-phe-bon": { vi: "lục phé bôn", en: "six pairs" }, "ba-thung": { vi: "3 thùng", en: "three flushes" },
    "ba-sanh": { vi: "3 sảnh", en: "three straights" }, u: { vi: "ù", en: "ù" },
    "u-tron": { vi: "ù tròn", en: "ù tròn" }, "u-khan": { vi: "ù khan", en: "ù khan" },
  },
  presets: {
    standard: { vi: "chuẩn", en: "standard" }, flat: { vi: "tính phẳng", en: "flat" },
    a23: { vi: "A-2-3 là sảnh", en: "A-2-3 straights" }, "five-players": { vi: "năm người", en: "five players" },
    "dem-la": { vi: "đếm lá", en: "đếm lá (count the cards)" }, "ba-bich": { vi: "3 bích đi đầu", en: "3♠ leads" },
    "mien-bac": { vi: "miền Bắc", en: "miền Bắc (northern)" },
  },
  values: {
    act: { vi: "đánh hoặc hạ", en: "play or meld" }, draw: { vi: "bốc", en: "draw" },
    open: { vi: "mở đầu", en: "opening" }, over: { vi: "hết ván", en: "over" },
    active: { vi: "có lá chờ", en: "a card is waiting" }, discard: { vi: "đánh lá", en: "discard" },
    khui: { vi: "khui", en: "khui" }, win: { vi: "thắng", en: "win" },
  },
  refusals: {
    "not-your-turn": { vi: "Chưa đến lượt bạn." }, "game-over": { vi: "Ván đã hết." },
    "not-offered": { vi: "Bạn không được đi nước này lúc này." },
    "must-act": { vi: "Bạn phải đi, không được bỏ qua." }, "nothing-to-decline": { vi: "Không có gì để bỏ qua." },
    "table-changed": { vi: "Bàn vừa thay đổi: hãy xem lại rồi đi." },
    "bad-action": { vi: "Nước đi này không đọc được." },
    "bad-token": { vi: "Mã ghế không đúng: hãy mở lại đường dẫn của bạn." },
    "no-token": { vi: "Cần mã ghế: hãy mở đường dẫn của bạn." },
    "no-such-table": { vi: "Không có bàn này (có thể đã đóng)." },
    "no-such-player": { vi: "Bàn này không có ghế tên đó." },
    "seat-taken": { vi: "Ghế này đã có người: chọn ghế khác." }, "not-finished": { vi: "Ván chưa xong." },
    "too-many-tables": { vi: "Máy chủ đang đủ bàn: thử lại sau." },
    "bad-players": { vi: "Tên người chơi phải khác nhau và không để trống." },
    "bad-rules": { vi: "Luật chơi không hợp lệ." }, "bad-bots": { vi: "Máy chơi ngồi ở ghế không có người." },
    "unknown-bot": { vi: "Không có máy chơi này." }, "bad-request": { vi: "Yêu cầu không hợp lệ." },
    "bad-open-seats": { vi: "Ghế mở phải là ghế của người chơi." }, "unknown-game": { vi: "Không có trò chơi này." },
    "bad-json": { vi: "Yêu cầu không đọc được." }, other: { vi: "Nước đi này không được nhận." },
  },
  key: {
    table: { vi: "Trên bàn", en: "On the table" }, pile: { vi: "Bài đã ra", en: "Pile" },
    value: { vi: "giá trị", en: "value" }, victim: { vi: "bị chặt", en: "victim" },
    chopper: { vi: "người chặt", en: "chopper" }, group: { vi: "nhóm", en: "group" },
    cards: { vi: "bài", en: "cards" }, played: { vi: "Đã đánh", en: "Played" },
    passed: { vi: "Đã bỏ lượt", en: "Passed" }, out: { vi: "Hết bài", en: "Out" },
    chain: { vi: "Chuỗi chặt", en: "Chop chain" }, chop_net: { vi: "Tiền chặt", en: "Chop money" },
    first: { vi: "Đi đầu", en: "Leads" }, declarations: { vi: "Báo", en: "Declared" },
    dealer: { vi: "Nhà cái", en: "Dealer" }, turn: { vi: "Lượt", en: "Turn" }, phase: { vi: "Bước", en: "Phase" },
    active: { vi: "Lá chờ", en: "Active card" }, active_from: { vi: "Của", en: "From" },
    active_drawn: { vi: "Lá bốc", en: "Drawn" }, groups: { vi: "Bài đã hạ", en: "Laid down" },
    discards: { vi: "Bài đánh ra", en: "Discards" }, dead: { vi: "Bài chết", en: "Dead cards" },
    stock: { vi: "Nọc còn", en: "Stock left" }, khap: { vi: "Khạp", en: "Khạp" }, den: { vi: "Đền", en: "Đền" },
    outcome: { vi: "Kết cục", en: "Outcome" }, winner: { vi: "Thắng", en: "Winner" },
    arranged: { vi: "Đã xếp", en: "Arranged" }, instant: { vi: "Mậu binh trắng", en: "Instant hands" },
    arrangements: { vi: "Bài xếp", en: "Arrangements" }, shown: { vi: "Bài lật", en: "Shown" },
    name: { vi: "Tên", en: "Name" }, card: { vi: "Lá", en: "Card" },
    meld_order: { vi: "Thứ tự hạ", en: "Meld order" }, melds: { vi: "Phỏm đã hạ", en: "Melds" },
    player: { vi: "Người", en: "Player" }, points: { vi: "Điểm", en: "Points" },
    table_discards: { vi: "Số lá đã đánh", en: "Cards discarded" },
    takeable: { vi: "Lá ăn được", en: "Can be taken" }, taken: { vi: "Lá đã ăn", en: "Taken" },
    taken_by: { vi: "Người ăn", en: "Taken by" }, onto: { vi: "gửi vào", en: "onto" },
    entries: { vi: "gửi", en: "lays off" }, groups_meld: { vi: "phỏm", en: "melds" },
  },
  outcome: {
    win: { vi: "Thắng", en: "win" }, "instant-win": { vi: "Ăn trắng", en: "instant win" },
    "sam-success": { vi: "Sâm thành công", en: "Sâm made" }, "sam-failed": { vi: "Sâm thất bại", en: "Sâm failed" },
    draw: { vi: "Hòa", en: "draw" }, showdown: { vi: "So bài", en: "showdown" },
  },
  event: {
    play: { vi: "{p} đánh {cards}", en: "{p} plays {cards}" }, pass: { vi: "{p} bỏ lượt", en: "{p} passes" },
    chop: { vi: "{p} chặt {victim} ({value} lá)", en: "{p} chops {victim} ({value} lá)" },
    declare: { vi: "{p} báo {what}", en: "{p} declares {what}" },
    draw: { vi: "{p} bốc {card}", en: "{p} draws {card}" },
    drawHidden: { vi: "{p} bốc một lá", en: "{p} draws a card" },
    discard: { vi: "{p} đánh {card}", en: "{p} discards {card}" },
    take: { vi: "{p} ăn {card} với {cards}", en: "{p} takes {card} with {cards}" },
    takeAlone: { vi: "{p} ăn {card}", en: "{p} takes {card}" }, out: { vi: "{p} hết bài", en: "{p} is out of cards" },
    win: { vi: "{p} thắng ({outcome})", en: "{p} wins ({outcome})" }, winNone: { vi: "Ván hòa", en: "A draw" },
    settle: { vi: "Thanh toán", en: "Settlement" }, arrange: { vi: "{p} đã xếp bài", en: "{p} has arranged" },
    reveal: { vi: "{p} lật bài", en: "{p} shows the hand" },
    "one-card": { vi: "{p} báo một lá", en: "{p} has one card left" },
    stuck: { vi: "{p} kẹt heo, ra khỏi ván", en: "{p} is stuck with a 2 and leaves" },
    violation: { vi: "{p} phạm luật ({rule})", en: "{p} broke a rule ({rule})" },
    den: { vi: "{p} phải đền", en: "{p} must pay for the others (đền)" },
    meld: { vi: "{p} hạ phỏm {groups}", en: "{p} melds {groups}" },
    mom: { vi: "{p} móm", en: "{p} has no phỏm (móm)" },
    lay_off: { vi: "{p} gửi {entries}", en: "{p} lays off {entries}" },
    instant: { vi: "{p} tới trắng ({what})", en: "{p} wins at once ({what})" },
    other: { vi: "{p}: một nước đi", en: "{p}: a move" },
  },
  reasons: {
    "cards-left": { vi: "còn bài", en: "cards left" }, chop: { vi: "chặt", en: "chop" },
    "thoi-2": { vi: "thối 2", en: "2s left" }, "thoi-hang": { vi: "thối hàng", en: "bombs left" },
    cong: { vi: "cóng", en: "no card played" }, "instant-win": { vi: "ăn trắng", en: "instant win" },
    sam: { vi: "Sâm", en: "Sâm" }, "bao-mot": { vi: "báo một", en: "one-card call" }, den: { vi: "đền", en: "đền" },
    chi: { vi: "thắng chi", en: "a chi won" }, "sap-ham": { vi: "sập hầm", en: "sập hầm" },
    "binh-lung": { vi: "binh lủng", en: "foul hand" }, "sap-lang": { vi: "sập làng", en: "sập làng" },
    "an-ga": { vi: "ăn gà", en: "a discard taken" }, "an-chot": { vi: "ăn chốt", en: "a chốt taken" },
    rank: { vi: "thứ hạng", en: "place" }, mom: { vi: "móm", en: "móm" }, u: { vi: "ù", en: "ù" },
    win: { vi: "tiền tới", en: "the win" }, khap: { vi: "khạp", en: "Khạp" }, khui: { vi: "khui", en: "Khui" },
    quan: { vi: "quàn", en: "Quàn" },
  },
};
function t(key, vars = {}) {
  const parts = key.split(".");
  let v = TEXT;
  for (const p of parts) v = v == null ? undefined : v[p];
  v = v == null ? undefined : v[S.lang];
  if (v === undefined) v = parts[parts.length - 1];
  return String(v).replace(/\{(\w+)\}/g, (_, k) => (k in vars ? vars[k] : `{${k}}`));
}
// The text for `code` in `group` in the page's language (undefined when it has none);
// a code is looked up as it is, never split (a bot may be named module:attribute).
function word(group, code) {
  const texts = TEXT[group];
  return texts && typeof code === "string" && Object.hasOwn(texts, code) ? texts[code][S.lang] : undefined;
}
function eventText(e) {
  const p = e.player == null ? "" : e.player;
  const ev = (k, vars) => t(`event.${k}`, { p, ...vars });
  switch (e.type) {
    case "play": return ev("play", { cards: cardsText(e.cards || []) + (e.combo ? ` (${comboName(e.combo)})` : "") });
    case "pass": return ev("pass");
    case "chop": return ev("chop", { victim: e.victim, value: e.value });
    case "declare": return word("instant", e.what) ? ev("instant", { what: instantName(e.what) }) : ev("declare", { what: t(`words.${e.what}`) });
    case "draw": return e.card ? ev("draw", { card: cardsText([e.card]) }) : ev("drawHidden");
    case "discard": return ev("discard", { card: cardsText([e.card]) });
    case "take": return (e.cards && e.cards.length)
      ? ev("take", { card: cardsText([e.card]), cards: cardsText(e.cards) })
      : ev("takeAlone", { card: cardsText([e.card]) });
    case "out": return ev("out");
    case "win": {
      if (e.player == null) return t("event.winNone");
      const how = t(`outcome.${e.outcome}`) + (e.instant_win ? `: ${instantName(e.instant_win)}` : "");
      return ev("win", { outcome: how });
    }
    case "settle": {
      // each player's net (the transfers one by one are in the settlement's table)
      const net = new Map();
      for (const x of e.transfers || []) {
        net.set(x.from, (net.get(x.from) || 0) - x.amount);
        net.set(x.to, (net.get(x.to) || 0) + x.amount);
      }
      return `${t("event.settle")}: ` + [...net].map(([who, v]) => `${who} ${v > 0 ? "+" : ""}${v}`).join(", ");
    }
    case "violation": return ev("violation", { rule: reasonName(e.rule) });
    case "meld": return e.groups && e.groups.length ? ev("meld", { groups: e.groups.map(cardsText).join(" | ") }) : ev("mom");
    case "lay_off": return ev("lay_off", { entries: (e.entries || []).map((x) => `${cardsText(x.cards)} → ${cardsText([x.onto])}`).join(", ") });
    default: {
      // an event this page has no words for: its kind, never its codes
      const known = word("event", e.type);
      return known ? ev(e.type) : ev("other");
    }
  }
}
// A bot by its name for people (a game's own bot keeps the name it has).
function botName(code) {
  return word("botNames", code) || code;
}
function presetName(code) {
  return word("presets", code) || code;
}
function instantName(code) {
  return word("instant", code) || code;
}
// A payment reason in words: the game's own when it speaks, else the page's.
function reasonName(code) {
  const words = gameWords();
  return (words && words.reasons[code]) || t(`reasons.${code}`);
}
// The game's own words for the view shown, when they are in the page's language.
function gameWords() {
  const w = S.view && S.view.words;
  return w && w.lang === S.lang ? w : null;
}
function wordsText(line) {
  return line.map((p) => (typeof p === "string" ? p : cardsText(p.cards))).join("").trim();
}
// A refused request in the page's language: the game's own reason when the service
// gives it in that language (asked with ?lang=), else in English the service's, in
// Vietnamese the page's sentence for the service's code.
function refusal(e) {
  if (!e || !e.code) return S.lang === "en" && e && e.message && !/^\d+$/.test(e.message) ? e.message : t("unknownError");
  if (e.lang === S.lang || S.lang === "en") return e.message;
  return word("refusals", e.code) || word("refusals", "other");
}
function comboName(code) {
  return word("combos", code) || code.replaceAll("-", " ");
}
// An event's line: the game's own words when it gives some, else the page's (also
// when the game's line shows one of the event's codes as it is).
function lineFor(e, i) {
  const words = gameWords();
  const line = words && words.history[i] ? wordsText(words.history[i]) : null;
  if (!line) return eventText(e);
  const shown = new Set(line.split(/[^A-Za-z0-9_-]+/));
  const codes = ["what", "combo", "rule", "outcome", "instant_win"].map((k) => e[k]);
  return codes.some((c) => typeof c === "string" && c.length > 2 && shown.has(c)) ? eventText(e) : line;
}
// A code among the public values (a phase, a group) in words; a name stays a name.
function codeName(v) {
  return ["values", "kind", "combos", "instant"].map((g) => word(g, v)).find(Boolean) || v;
}
