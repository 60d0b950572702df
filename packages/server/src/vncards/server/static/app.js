// The vncards web table: plain JavaScript on the service's own HTTP API.
// It knows games only as the API shows them: a seat's view (hand, public table, legal
// actions as record actions), events, and the settlement at the end.
"use strict";

const TEXT = {
  vi: {
    tagline: "Bài Việt: Tiến lên, Sâm Lốc, Tứ Sắc, Mậu Binh — chơi với máy",
    newTable: "Bàn mới", game: "Trò chơi", variant: "Luật", players: "Số người",
    bot: "Máy chơi", yourName: "Tên bạn", deal: "Chia bài", you: "Bạn",
    yourHand: "Bài của bạn", legalMoves: "Các nước đi hợp lệ", settlement: "Kết quả",
    player: "Người chơi", net: "Tiền (lá)", transfers: "Chi trả", from: "Ai trả",
    to: "Ai nhận", amount: "Số lá", reason: "Lý do", again: "Ván mới", events: "Diễn biến",
    yourTurn: "Đến lượt bạn", yourTurnOptional: "Đến lượt bạn (có thể bỏ qua)",
    waiting: "Chờ {name}…", gameOver: "Hết ván", winner: "Người thắng: {name}",
    noWinner: "Không ai thắng", cards: "{n} lá", decline: "Bỏ qua", reset: "Chọn lại",
    isBot: "máy", connecting: "Đang kết nối…", busy: "Máy đang đi…",
    pick: "Chọn {n} lá rồi bấm", unknownError: "Có lỗi",
    friends: "Bạn bè", joinLinks: "Gửi mỗi người một đường dẫn để vào ghế:",
    watchLink: "Xem bàn (không thấy bài ai)", nextHand: "Ván tiếp", spectating: "Đang xem",
    friendName: "Bạn {n}", copy: "Chép", total: "Tổng trận", hint: "Gợi ý",
    lobby: "Bàn đang chờ người", refresh: "Xem lại", lobbyEmpty: "Chưa có bàn nào còn ghế trống.",
    dealt: "Chia lúc", freeSeats: "Ghế trống (bấm để vào)", listed: "Mở ghế bạn bè trong sảnh",
    fouled: "binh lủng", parts: { chi1: "Chi 1", chi2: "Chi 2", chi3: "Chi 3" },
    showdown: { beats: "thắng {who}", losesTo: "thua {who}", ties: "hòa {who}" },
    kind: {
      play: "Đánh", pass: "Bỏ lượt", declare: "Báo", draw: "Bốc", discard: "Đánh lá",
      take: "Ăn", arrange: "Xếp bài", meld: "Hạ phỏm", lay_off: "Gửi",
    },
    words: { sam: "Sâm" },
    botNames: { search: "tìm nước (mạnh nhất)", solver: "giải bài", greedy: "tham", random: "ngẫu nhiên", sam: "báo Sâm" },
    combos: {
      single: "lá lẻ", pair: "đôi", triple: "sám", straight: "sảnh", "pair-run": "đôi thông",
      quad: "tứ quý", "four-of-a-kind": "tứ quý",
      "straight-flush": "thùng phá sảnh", quads: "tứ quý", "full-house": "cù lũ", flush: "thùng",
      trips: "sám cô", "two-pair": "thú", "high-card": "mậu thầu",
      "single-general": "tướng lẻ", "general-set": "tướng sĩ tượng", "chariot-set": "xe pháo mã",
      soldiers: "chốt", set: "phỏm ngang", run: "phỏm dọc",
    },
    instant: {
      dragon: "sảnh rồng", "four-twos": "tứ quý heo", "five-pair-run": "5 đôi thông", "six-pairs": "6 đôi",
      "one-colour": "đồng hoa", "three-triples": "3 sám cô", "five-pairs": "5 đôi",
      "rong-cuon": "rồng cuốn", "sanh-rong": "sảnh rồng", "dong-mau-13": "13 lá đồng màu",
      "dong-mau-12": "12 lá đồng màu", "nam-doi-mot-sam": "5 đôi 1 sám", "luc-phe-bon": "lục phé bôn",
      "ba-thung": "3 thùng", "ba-sanh": "3 sảnh", u: "ù", "u-tron": "ù tròn", "u-khan": "ù khan",
    },
    presets: {
      standard: "chuẩn", flat: "tính phẳng", a23: "A-2-3 là sảnh", "five-players": "năm người",
      "dem-la": "đếm lá", "ba-bich": "3 bích đi đầu", "mien-bac": "miền Bắc",
    },
    values: {
      act: "đánh hoặc hạ", draw: "bốc", open: "mở đầu", over: "hết ván", active: "có lá chờ",
      discard: "đánh lá", khui: "khui", win: "thắng",
    },
    refusals: {
      "not-your-turn": "Chưa đến lượt bạn.", "game-over": "Ván đã hết.",
      "not-offered": "Bạn không được đi nước này lúc này.", "must-act": "Bạn phải đi, không được bỏ qua.",
      "nothing-to-decline": "Không có gì để bỏ qua.", "table-changed": "Bàn vừa thay đổi: hãy xem lại rồi đi.",
      "bad-action": "Nước đi này không đọc được.", "bad-token": "Mã ghế không đúng: hãy mở lại đường dẫn của bạn.",
      "no-token": "Cần mã ghế: hãy mở đường dẫn của bạn.", "no-such-table": "Không có bàn này (có thể đã đóng).",
      "no-such-player": "Bàn này không có ghế tên đó.", "seat-taken": "Ghế này đã có người: chọn ghế khác.",
      "not-finished": "Ván chưa xong.", "too-many-tables": "Máy chủ đang đủ bàn: thử lại sau.",
      "bad-players": "Tên người chơi phải khác nhau và không để trống.", "bad-rules": "Luật chơi không hợp lệ.",
      "bad-bots": "Máy chơi ngồi ở ghế không có người.", "unknown-bot": "Không có máy chơi này.",
      "bad-request": "Yêu cầu không hợp lệ.", "bad-open-seats": "Ghế mở phải là ghế của người chơi.",
      "unknown-game": "Không có trò chơi này.", "bad-json": "Yêu cầu không đọc được.",
      "cannot-pass-lead": "Bạn đi đầu vòng: không được bỏ lượt.", "cannot-pass": "Lúc này không được bỏ lượt.",
      "card-not-in-hand": "Bạn không có lá này.", "does-not-beat": "Bài này không chặn được bài trên bàn.",
      "empty-play": "Hãy chọn ít nhất một lá.", "finish-on-two": "Không được về bằng heo (lá 2).",
      "must-follow": "Phải đánh cùng kiểu bài với bài trên bàn.", "not-a-combination": "Những lá này không thành bộ.",
      "passed-this-round": "Bạn đã bỏ lượt trong vòng này.", "unknown-action": "Trò này không có nước đi đó.",
      "wrong-first-play": "Ván đầu phải đánh có 3 bích.", "already-declared": "Đã có người báo rồi.",
      "declare-after-play": "Chỉ được báo Sâm trước lá đầu tiên.", "unknown-declaration": "Không có lời báo này.",
      "no-such-seat": "Không có ghế này.", "no-such-action": "Không có nước đi này.", "illegal-action": "Nước đi không hợp lệ.",
      "no-cards": "Bạn không còn bài.", "already-drew": "Bạn đã bốc hoặc ăn rồi.", "khap-locked": "Khạp không được tách.",
      "more-junk": "Cách ăn này để lại nhiều rác hơn.", "must-discard": "Bạn phải đánh một lá.",
      "must-take": "Bạn phải ăn lá này.", "no-discard": "Không có lá để đánh.", "no-pass": "Lúc này không được bỏ qua.",
      "not-a-group": "Những lá này không thành bộ.", "not-junk": "Lá này không phải rác.",
      "own-card": "Không được ăn lá của chính mình.", "already-melded": "Bạn đã hạ phỏm rồi.",
      "must-draw": "Bạn phải bốc hoặc ăn trước.", "must-meld": "Bạn phải hạ phỏm trước.",
      "no-discard-left": "Gửi thế thì không còn lá để đánh.", "no-lay-off": "Lúc này không gửi được.",
      "no-phom": "Lá này không thành phỏm với bài của bạn.", "no-stock": "Nọc đã hết.",
      "no-such-phom": "Không có phỏm nào giữ lá đó.", "not-a-phom": "Những lá này không thành phỏm.",
      "not-meld-turn": "Chưa đến lượt hạ phỏm.", "taken-card": "Không được đánh lá đã ăn.",
      "taken-cards": "Lá đã ăn phải nằm trong phỏm, mỗi phỏm một lá.", "two-taken": "Phỏm này cần thêm một lá đã ăn khác.",
      "breaks-phom": "Đánh lá này thì lá đã ăn không còn nằm trong phỏm.",
      "already-arranged": "Bạn đã xếp bài rồi.", "bad-arrangement": "Chi 1 và chi 2 năm lá, chi 3 ba lá, không lá nào hai lần.",
      "instant-win-hand": "Bài bạn là mậu binh trắng: không cần xếp.", "not-your-cards": "Bạn không có những lá này.",
      other: "Nước đi này không được nhận.",
    },
    key: {
      table: "Trên bàn", pile: "Bài đã ra", value: "giá trị", victim: "bị chặt",
      chopper: "người chặt", group: "nhóm", cards: "bài", played: "Đã đánh", passed: "Đã bỏ lượt",
      out: "Hết bài", chain: "Chuỗi chặt", chop_net: "Tiền chặt", first: "Đi đầu",
      declarations: "Báo", dealer: "Nhà cái", turn: "Lượt", phase: "Bước", active: "Lá chờ",
      active_from: "Của", active_drawn: "Lá bốc", groups: "Bài đã hạ", discards: "Bài đánh ra",
      dead: "Bài chết", stock: "Nọc còn", khap: "Khạp", den: "Đền", outcome: "Kết cục",
      winner: "Thắng", arranged: "Đã xếp", instant: "Mậu binh trắng", arrangements: "Bài xếp",
      shown: "Bài lật", name: "Tên", card: "Lá", meld_order: "Thứ tự hạ", melds: "Phỏm đã hạ",
      player: "Người", points: "Điểm", table_discards: "Số lá đã đánh", takeable: "Lá ăn được",
      taken: "Lá đã ăn", taken_by: "Người ăn", onto: "gửi vào", entries: "gửi", groups_meld: "phỏm",
    },
    outcome: {
      win: "Thắng", "instant-win": "Ăn trắng", "sam-success": "Sâm thành công",
      "sam-failed": "Sâm thất bại", draw: "Hòa", showdown: "So bài",
    },
    event: {
      play: "{p} đánh {cards}", pass: "{p} bỏ lượt", chop: "{p} chặt {victim} ({value} lá)",
      declare: "{p} báo {what}", draw: "{p} bốc {card}", drawHidden: "{p} bốc một lá",
      discard: "{p} đánh {card}", take: "{p} ăn {card} với {cards}", takeAlone: "{p} ăn {card}",
      out: "{p} hết bài", win: "{p} thắng ({outcome})", winNone: "Ván hòa",
      settle: "Thanh toán", arrange: "{p} đã xếp bài", reveal: "{p} lật bài",
      "one-card": "{p} báo một lá", stuck: "{p} kẹt heo, ra khỏi ván", violation: "{p} phạm luật ({rule})",
      den: "{p} phải đền", meld: "{p} hạ phỏm {groups}", mom: "{p} móm", lay_off: "{p} gửi {entries}",
      instant: "{p} tới trắng ({what})", other: "{p}: một nước đi",
    },
    reasons: {
      "cards-left": "còn bài", chop: "chặt", "thoi-2": "thối 2", "thoi-hang": "thối hàng",
      cong: "cóng", "instant-win": "ăn trắng", sam: "Sâm", "bao-mot": "báo một", den: "đền",
      chi: "thắng chi", "sap-ham": "sập hầm", "binh-lung": "binh lủng", "sap-lang": "sập làng",
      "an-ga": "ăn gà", "an-chot": "ăn chốt", rank: "thứ hạng", mom: "móm", u: "ù", win: "tiền tới",
      khap: "khạp", khui: "khui", quan: "quàn",
    },
    pieces: { K: "Tướng", A: "Sĩ", E: "Tượng", R: "Xe", C: "Pháo", H: "Mã", P: "Chốt" },
    colours: { R: "đỏ", Y: "vàng", G: "xanh", W: "trắng" },
  },
  en: {
    tagline: "Vietnamese card games: Tiến lên, Sâm Lốc, Tứ Sắc, Mậu Binh — play the bots",
    newTable: "New table", game: "Game", variant: "Variant", players: "Players",
    bot: "Bots", yourName: "Your name", deal: "Deal", you: "You",
    yourHand: "Your hand", legalMoves: "Legal moves", settlement: "Settlement",
    player: "Player", net: "Net (lá)", transfers: "Transfers", from: "From", to: "To",
    amount: "Lá", reason: "Why", again: "New game", events: "Events",
    yourTurn: "Your turn", yourTurnOptional: "Your turn (you may decline)",
    waiting: "Waiting for {name}…", gameOver: "Game over", winner: "Winner: {name}",
    noWinner: "Nobody won", cards: "{n} cards", decline: "Decline", reset: "Clear",
    isBot: "bot", connecting: "Connecting…", busy: "Bots are playing…",
    pick: "Pick {n} cards, then press", unknownError: "Something went wrong",
    friends: "Friends", joinLinks: "Send each friend their link to take the seat:",
    watchLink: "Watch the table (no hand shown)", nextHand: "Next hand", spectating: "Watching",
    friendName: "Friend {n}", copy: "Copy", total: "Match total", hint: "Hint",
    lobby: "Tables waiting for players", refresh: "Refresh", lobbyEmpty: "No table has a free seat yet.",
    dealt: "Dealt at", freeSeats: "Free seats (click to sit)", listed: "List the friends' seats in the lobby",
    fouled: "fouled (binh lủng)", parts: { chi1: "Back (chi 1)", chi2: "Middle (chi 2)", chi3: "Front (chi 3)" },
    showdown: { beats: "beats {who}", losesTo: "loses to {who}", ties: "ties {who}" },
    kind: {
      play: "Play", pass: "Pass", declare: "Declare", draw: "Draw", discard: "Discard",
      take: "Take", arrange: "Arrange", meld: "Meld", lay_off: "Lay off",
    },
    words: { sam: "Sâm" },
    botNames: { search: "search (strongest)", solver: "solver", greedy: "greedy", random: "random", sam: "Sâm caller" },
    combos: {
      single: "single", pair: "pair", triple: "triple", straight: "straight", "pair-run": "pair run (đôi thông)",
      quad: "four of a kind", "four-of-a-kind": "four of a kind",
      "straight-flush": "straight flush", quads: "four of a kind", "full-house": "full house", flush: "flush",
      trips: "three of a kind", "two-pair": "two pairs", "high-card": "high card",
      "single-general": "lone Tướng", "general-set": "Tướng Sĩ Tượng", "chariot-set": "Xe Pháo Mã",
      soldiers: "Chốt of different colours", set: "set (phỏm ngang)", run: "run (phỏm dọc)",
    },
    instant: {
      dragon: "dragon (sảnh rồng)", "four-twos": "four 2s", "five-pair-run": "five pairs in a row",
      "six-pairs": "six pairs", "one-colour": "one colour", "three-triples": "three triples",
      "five-pairs": "five pairs", "rong-cuon": "rồng cuốn", "sanh-rong": "sảnh rồng",
      "dong-mau-13": "13 of one colour", "dong-mau-12": "12 of one colour", "nam-doi-mot-sam": "five pairs and a triple",
      "luc-phe-bon": "six pairs", "ba-thung": "three flushes", "ba-sanh": "three straights",
      u: "ù", "u-tron": "ù tròn", "u-khan": "ù khan",
    },
    presets: {
      standard: "standard", flat: "flat", a23: "A-2-3 straights", "five-players": "five players",
      "dem-la": "đếm lá (count the cards)", "ba-bich": "3♠ leads", "mien-bac": "miền Bắc (northern)",
    },
    values: {
      act: "play or meld", draw: "draw", open: "opening", over: "over", active: "a card is waiting",
      discard: "discard", khui: "khui", win: "win",
    },
    refusals: {},
    key: {
      table: "On the table", pile: "Pile", value: "value", victim: "victim",
      chopper: "chopper", group: "group", cards: "cards", played: "Played", passed: "Passed",
      out: "Out", chain: "Chop chain", chop_net: "Chop money", first: "Leads",
      declarations: "Declared", dealer: "Dealer", turn: "Turn", phase: "Phase",
      active: "Active card", active_from: "From", active_drawn: "Drawn", groups: "Laid down",
      discards: "Discards", dead: "Dead cards", stock: "Stock left", khap: "Khạp", den: "Đền",
      outcome: "Outcome", winner: "Winner", arranged: "Arranged", instant: "Instant hands",
      arrangements: "Arrangements", shown: "Shown", name: "Name", card: "Card", meld_order: "Meld order",
      melds: "Melds", player: "Player", points: "Points", table_discards: "Cards discarded", takeable: "Can be taken",
      taken: "Taken", taken_by: "Taken by", onto: "onto", entries: "lays off", groups_meld: "melds",
    },
    outcome: {
      win: "win", "instant-win": "instant win", "sam-success": "Sâm made",
      "sam-failed": "Sâm failed", draw: "draw", showdown: "showdown",
    },
    event: {
      play: "{p} plays {cards}", pass: "{p} passes", chop: "{p} chops {victim} ({value} lá)",
      declare: "{p} declares {what}", draw: "{p} draws {card}", drawHidden: "{p} draws a card",
      discard: "{p} discards {card}", take: "{p} takes {card} with {cards}",
      takeAlone: "{p} takes {card}", out: "{p} is out of cards", win: "{p} wins ({outcome})",
      winNone: "A draw", settle: "Settlement", arrange: "{p} has arranged",
      reveal: "{p} shows the hand", "one-card": "{p} has one card left", stuck: "{p} is stuck with a 2 and leaves",
      violation: "{p} broke a rule ({rule})", den: "{p} must pay for the others (đền)",
      meld: "{p} melds {groups}", mom: "{p} has no phỏm (móm)", lay_off: "{p} lays off {entries}",
      instant: "{p} wins at once ({what})", other: "{p}: a move",
    },
    reasons: {
      "cards-left": "cards left", chop: "chop", "thoi-2": "2s left", "thoi-hang": "bombs left",
      cong: "no card played", "instant-win": "instant win", sam: "Sâm",
      "bao-mot": "one-card call", den: "đền", chi: "a chi won", "sap-ham": "sập hầm",
      "binh-lung": "foul hand", "sap-lang": "sập làng", "an-ga": "a discard taken", "an-chot": "a chốt taken",
      rank: "place", mom: "móm", u: "ù", win: "the win", khap: "Khạp", khui: "Khui", quan: "Quàn",
    },
    pieces: { K: "General", A: "Advisor", E: "Elephant", R: "Chariot", C: "Cannon", H: "Horse", P: "Soldier" },
    colours: { R: "red", Y: "yellow", G: "green", W: "white" },
  },
};

const BOT_NAMES = ["An", "Bình", "Chi", "Dũng", "Em", "Giang", "Hà", "Khánh"];
const BOT_PREFERENCE = ["search", "solver", "greedy"];
const SUITS = { S: "♠", C: "♣", D: "♦", H: "♥" };
const FRENCH = /^(10|[2-9TJQKA])[SCDH]$/i;
const TUSAC = /^[RYGW][KAERCHP]$/;

const S = {
  lang: (localStorage.getItem("vncards-lang") || "vi"),
  games: [], game: null, table: null, token: null, me: null, bots: {},
  view: null, selected: new Set(), groups: {}, log: [], ws: null, busy: false,
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
function t(key, vars = {}) {
  const parts = key.split(".");
  let v = TEXT[S.lang];
  for (const p of parts) v = v == null ? undefined : v[p];
  if (v === undefined) v = parts[parts.length - 1];
  return String(v).replace(/\{(\w+)\}/g, (_, k) => (k in vars ? vars[k] : `{${k}}`));
}

// ---------- cards ----------
function isCard(x) {
  if (typeof x !== "string") return false;
  return S.game && S.game.deck === "tusac" ? TUSAC.test(x) : FRENCH.test(x);
}
function cardFace(token, small = false, tag = "span") {
  if (TUSAC.test(token) && S.game && S.game.deck === "tusac") {
    const name = t(`pieces.${token[1]}`);
    return el(tag, {
      class: `card ts ts-${token[0]}${small ? " small" : ""}`,
      title: `${name} ${t(`colours.${token[0]}`)}`, data: { card: token },
    }, name);
  }
  const suit = token.slice(-1).toUpperCase();
  const rank = token.slice(0, -1).toUpperCase().replace("T", "10");
  const red = suit === "D" || suit === "H";
  return el(tag, { class: `card${red ? " red" : ""}${small ? " small" : ""}`, title: token, data: { card: token } },
    el("span", {}, rank), el("span", { class: "suit" }, SUITS[suit] || suit));
}
function cardsRow(tokens, small = true) {
  return el("span", { class: "cards" }, tokens.map((c) => cardFace(c, small)));
}
function cardsText(tokens) {
  return tokens.map((c) => (S.game && S.game.deck === "tusac" ? `${t(`pieces.${c[1]}`)} ${t(`colours.${c[0]}`)}` : c.slice(0, -1).replace("T", "10") + (SUITS[c.slice(-1).toUpperCase()] || c.slice(-1)))).join(" ");
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
    $("#lobby-error").textContent = refusal(e);
    $("#lobby").hidden = false;
    showLobby();
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
  S.game = S.games.find((g) => g.name === view.game) || { name: view.game, deck: "french", bots: [] };
  S.me = view.player;
  S.log = [...view.history];
  $("#setup").hidden = true;
  $("#lobby").hidden = true;
  $("#table").hidden = false;
  $("#result").hidden = true;
  document.body.dataset.table = table;
  render(view);
  renderLog();
  if (!view.finished) openEvents(S.log.length);
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
  const url = `${proto}//${location.host}/v1/tables/${S.table}/events?${who}since=${since}`;
  const ws = new WebSocket(url, S.token ? ["vncards", `bearer.${S.token}`] : ["vncards"]);
  let index = since;
  ws.onmessage = (m) => {
    if (S.ws !== ws) return;
    queueEvent(index++, JSON.parse(m.data));
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
// Another seat moved: read the view again (once for a burst of events).
let viewTimer = null;
function scheduleView() {
  if (viewTimer !== null) return;
  viewTimer = setTimeout(async () => {
    viewTimer = null;
    if (S.busy || !S.table) return;
    try {
      const view = await api(viewPath());
      // a view no newer than the one shown would only undo the player's selection
      if (!S.busy && view.events > S.view.events) render(view);
    } catch (e) {
      $("#action-error").textContent = refusal(e);
    }
  }, 60);
}
// After a lost connection: the view again, then the stream from the last event shown.
async function refresh() {
  try {
    const view = await api(viewPath());
    addAt(0, view.history);
    render(view);
    if (!view.finished) openEvents(S.log.length);
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
// Every event has its index on the table: one shown already is never shown again,
// whichever source (the stream, an action's answer, a view) brings it.
function addAt(start, events) {
  let fresh = 0;
  events.forEach((e, i) => {
    if (start + i === S.log.length) { S.log.push(e); fresh++; }
  });
  if (fresh) renderLog(fresh);
}
function eventText(e) {
  const p = e.player == null ? "" : e.player;
  const ev = (k, vars) => t(`event.${k}`, { p, ...vars });
  switch (e.type) {
    case "play": return ev("play", { cards: cardsText(e.cards || []) + (e.combo ? ` (${comboName(e.combo)})` : "") });
    case "pass": return ev("pass");
    case "chop": return ev("chop", { victim: e.victim, value: e.value });
    case "declare": return TEXT[S.lang].instant[e.what] ? ev("instant", { what: instantName(e.what) }) : ev("declare", { what: t(`words.${e.what}`) });
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
      const known = TEXT[S.lang].event[e.type];
      return known ? ev(e.type) : ev("other");
    }
  }
}
// A bot by its name for people (a game's own bot keeps the name it has).
function botName(code) {
  return TEXT[S.lang].botNames[code] || code;
}
function presetName(code) {
  return TEXT[S.lang].presets[code] || code;
}
function instantName(code) {
  return TEXT[S.lang].instant[code] || code;
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
// A refused request in the page's language: in English the game's (or the service's)
// own reason; in Vietnamese the sentence for its code, since games give their reasons
// in English only.
function refusal(e) {
  if (!e || !e.code) return S.lang === "en" && e && e.message && !/^\d+$/.test(e.message) ? e.message : t("unknownError");
  if (S.lang === "en") return e.message;
  return TEXT.vi.refusals[e.code] || TEXT.vi.refusals.other;
}
function comboName(code) {
  const names = TEXT[S.lang].combos;
  return names[code] || code.replaceAll("-", " ");
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
function renderLog(fresh = 0) {
  const items = S.log.map((e, i) => el("li", { class: i >= S.log.length - fresh ? "new" : "", data: { type: e.type } }, lineFor(e, i)));
  $("#log").replaceChildren(...items);
  const box = $("#log-box");
  box.scrollTop = box.scrollHeight;
}

// ---------- the table ----------
function render(view) {
  S.view = view;
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
// A code among the public values (a phase, a group) in words; a name stays a name.
function codeName(v) {
  const d = TEXT[S.lang];
  return d.values[v] || d.kind[v] || d.combos[v] || d.instant[v] || v;
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
function renderActions(view) {
  const box = $("#actions");
  box.replaceChildren();
  $("#groups").replaceChildren();
  if (view.finished) return;
  for (const [kind, values] of kindsOf(view.legal)) {
    if (values.every((v) => v === true)) {
      box.append(actionButton(t(`kind.${kind}`), kind, () => send({ [kind]: true })));
    } else if (values.some(nested)) {
      // a list of card lists or of mappings: each legal value is offered as it stands
      for (const v of values) {
        const b = actionButton(`${t(`kind.${kind}`)} ${shapeText(v)}`, kind, () => send({ [kind]: v }));
        b.dataset.choice = JSON.stringify(v);
        box.append(b);
      }
    } else if (values.every((v) => Array.isArray(v))) {
      const b = actionButton(t(`kind.${kind}`), kind, () => {
        const m = values.find((v) => sameCards(v, selectedTokens()));
        if (m) send({ [kind]: m });
      });
      b.dataset.match = JSON.stringify(values);
      box.append(b);
    } else if (values.every((v) => typeof v === "string" && isCard(v))) {
      const b = actionButton(t(`kind.${kind}`), kind, () => {
        const sel = selectedTokens();
        if (sel.length === 1 && values.includes(sel[0])) send({ [kind]: sel[0] });
      });
      b.dataset.match = JSON.stringify(values.map((v) => [v]));
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
  box.append(submit, el("button", { type: "button", on: { click: () => { S.groups = {}; S.selected.clear(); renderHand(S.view); renderActions(S.view); } } }, t("reset")));
}
function updateButtons() {
  for (const b of document.querySelectorAll("#actions button[data-match]")) {
    const values = JSON.parse(b.dataset.match);
    b.disabled = S.busy || !values.some((v) => sameCards(v, selectedTokens()));
  }
  for (const b of document.querySelectorAll("#actions button:not([data-match]):not([data-compose])")) b.disabled = S.busy;
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
    addAt(out.view.events - out.events.length, out.events);
  } catch (e) {
    S.busy = false;
    $("#action-error").textContent = refusal(e);
    render(S.view);
  }
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

// ---------- language ----------
function applyLanguage() {
  document.documentElement.lang = S.lang;
  $("#lang").textContent = S.lang === "vi" ? "EN" : "VI";
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  if (!$("#name").value || $("#name").value === TEXT.vi.you || $("#name").value === TEXT.en.you) $("#name").value = t("you");
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
    if (S.ws) S.ws.close();
    S.view = null;
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
    else if (kept && kept.table && kept.token) await sit(kept.table, kept.token).catch(() => {
      localStorage.removeItem("vncards-seat");
      $("#table").hidden = true; $("#setup").hidden = false;
      document.body.dataset.state = "setup";
    });
  } catch (e) {
    $("#setup-error").textContent = refusal(e);
  }
}
boot();
