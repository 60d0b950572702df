// The vncards web table's words: every text it shows, in Vietnamese and English, and
// the game's own words when the service gives them (a view asked with ?lang=).
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
  },
};
function t(key, vars = {}) {
  const parts = key.split(".");
  let v = TEXT[S.lang];
  for (const p of parts) v = v == null ? undefined : v[p];
  if (v === undefined) v = parts[parts.length - 1];
  return String(v).replace(/\{(\w+)\}/g, (_, k) => (k in vars ? vars[k] : `{${k}}`));
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
// A refused request in the page's language: the game's own reason when the service
// gives it in that language (asked with ?lang=), else in English the service's, in
// Vietnamese the page's sentence for the service's code.
function refusal(e) {
  if (!e || !e.code) return S.lang === "en" && e && e.message && !/^\d+$/.test(e.message) ? e.message : t("unknownError");
  if (e.lang === S.lang || S.lang === "en") return e.message;
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
// A code among the public values (a phase, a group) in words; a name stays a name.
function codeName(v) {
  const d = TEXT[S.lang];
  return d.values[v] || d.kind[v] || d.combos[v] || d.instant[v] || v;
}
