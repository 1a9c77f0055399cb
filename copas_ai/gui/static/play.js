// The play page: the setup form, then one table read by long-polling /api/state and moved by POSTs.
"use strict";
const $ = (id) => document.getElementById(id);
let variants = [];
let tableId = null;
let state = null;
let selected = new Set();
let hints = {};
let typed = "";
let showLast = false;

function showError(message) {
  $("error").textContent = message;
  $("error").classList.toggle("hidden", !message);
}

async function act(path, body = {}) {
  showError("");
  try {
    return await api(path, { table: tableId, ...body });
  } catch (err) {
    showError(err.message);
    return null;
  }
}

// -- setup ----------------------------------------------------------------------

function variantOf(id) {
  const base = id.split("+")[0];
  return variants.find((v) => v.id === id) || variants.find((v) => v.id === base);
}

function peopleBoxes() {
  const n = Number($("players").value) || 4;
  const checked = new Set([...document.querySelectorAll("#people input:checked")].map((b) => Number(b.value)));
  if (!checked.size) checked.add(0);
  $("people").replaceChildren(...Array.from({ length: n }, (_, seat) => {
    const box = el("input", { type: "checkbox", value: String(seat), id: `person-${seat}` });
    box.checked = checked.has(seat);
    return el("label", {}, box, ` ${seat}`);
  }));
}

function variantChanged() {
  const v = variantOf($("variant").value.trim());
  if (!v) { $("variant-note").textContent = "unknown variant id"; return; }
  $("players").min = v.min_players; $("players").max = v.max_players;
  const n = Number($("players").value);
  if (n < v.min_players || n > v.max_players) $("players").value = v.default_players;
  $("variant-note").textContent = `${v.name}: ${v.min_players}-${v.max_players} players, ${v.goal} score wins`;
  peopleBoxes();
}

async function start(event) {
  event.preventDefault();
  const people = [...document.querySelectorAll("#people input:checked")].map((b) => Number(b.value));
  const number = (id) => ($(id).value === "" ? null : Number($(id).value));
  const iterations = number("iterations");
  const body = { variant: $("variant").value.trim(), players: number("players"), people, seed: number("seed"),
                 movetime_ms: iterations ? null : number("movetime"), iterations };
  showError("");
  $("start").disabled = true;
  try {
    const answer = await api("/api/new", body);
    location.hash = `table=${answer.table}`;
    openTable(answer.table);
  } catch (err) {
    showError(err.message);
  } finally {
    $("start").disabled = false;
  }
}

// -- the table ------------------------------------------------------------------

function openTable(id) {
  tableId = id;
  state = null;
  $("setup").classList.add("hidden");
  $("table").classList.remove("hidden");
  poll(id);
}

async function poll(id) {
  let since = -1;
  while (tableId === id) {
    try {
      const fresh = await api(`/api/state?table=${id}` + (since >= 0 ? `&since=${since}` : ""));
      if (tableId !== id) return;
      if (fresh.version !== since) { since = fresh.version; render(fresh); }
    } catch (err) {
      showError(err.message);
      if (/no such table/.test(err.message)) { tableId = null; newMatch(); return; }
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

function newMatch() {
  if (tableId) api("/api/close", { table: tableId }).catch(() => {});  // its engine process ends
  tableId = null;
  location.hash = "";
  $("table").classList.add("hidden");
  $("setup").classList.remove("hidden");
}

function seatName(s, seat) {
  return s.people.includes(seat) ? (s.people.length > 1 ? `person ${seat}` : "you") : `engine ${seat}`;
}

function render(s) {
  const handChanged = !state || state.hand_no !== s.hand_no || state.phase !== s.phase || state.seat !== s.seat;
  const moved = !state || state.version !== s.version;
  if (handChanged) selected = new Set();
  if (handChanged || (moved && state.trick.length !== s.trick.length)) hints = {};
  state = s;
  $("title").textContent = `${s.variant} · seat ${s.seat}`;
  $("handinfo").textContent = `hand ${s.hand_no + 1} · dealer ${s.dealer}` + (s.pass ? ` · ${s.pass.words}` : "");
  $("hearts").textContent = s.hearts_broken ? "\u2665 broken" : "\u2665 not broken";
  $("notice").textContent = s.notice || "";
  $("notice").classList.toggle("hidden", !s.notice);
  $("status").textContent = statusText(s);
  $("seats").replaceChildren(...s.names.map((_, seat) => el("div",
    { class: "seat" + (s.turn === seat ? " turn" : ""), id: `seat-${seat}` },
    el("div", {}, seatName(s, seat) + (seat === s.dealer ? " (dealer)" : "")),
    el("div", { class: "muted" }, `taken ${s.points[seat]} · total ${s.totals[seat]}`))));
  $("trick").replaceChildren(...s.trick.map(([seat, card]) => played(s, seat, card)));
  $("last-cards").replaceChildren(...s.last_trick.map(([seat, card]) => played(s, seat, card)));
  // cancellation (docs/RULES.md §14): a carried trick has no winner; its cards wait for the next one.
  const taker = s.last_winner === null ? "pending: nobody took it" : `seat ${s.last_winner} took it`;
  $("last-title").textContent = s.last_trick.length ? `Last trick (${taker})` : "No trick yet";
  $("last").classList.toggle("hidden", !showLast);
  $("received").textContent = s.pass && s.pass.received ? `you passed ${s.pass.passed}, received ${s.pass.received}`
    : s.stock ? `stock ${s.stock.left} cards · you drew ${s.stock.drawn.join(" ") || "nothing yet"}` : "";
  $("decisions").textContent = s.decisions.length ? `decisions: ${s.decisions.join(" ")}` : "";
  renderHand(s);
  renderDecision(s);
  const over = s.phase === "handover" || s.phase === "gameover";
  $("result").classList.toggle("hidden", !over);
  if (over) {
    const last = s.sheet[s.sheet.length - 1];
    $("result").textContent = s.phase === "gameover"
      ? `Match over: ${s.winners.map((w) => seatName(s, w)).join(", ")} won (totals ${s.totals.join(" / ")})`
      : `Hand over: scores ${last.join(" / ")}`;
  }
  $("pass").classList.toggle("hidden", s.phase !== "passing");
  $("pass").disabled = !(s.your_turn && s.pass && selected.size === s.pass.count);
  $("discard").classList.toggle("hidden", s.phase !== "discarding");
  $("discard").disabled = !(s.your_turn && s.kitty && selected.size === s.kitty.discard_count);
  $("hint").disabled = !s.your_turn;
  $("undo").disabled = !s.can_undo;
  $("next").classList.toggle("hidden", s.phase !== "handover");
  renderSheet(s);
}

function statusText(s) {
  if (s.phase === "passing") return s.your_turn ? `Choose ${s.pass.count} cards to ${s.pass.words.replace(/^pass /, "pass ")}` : "Waiting for the passes";
  if (s.phase === "discarding") return s.your_turn ? `You took the kitty (${s.kitty.cards}): discard ${s.kitty.discard_count}` : `Seat ${s.turn} discards`;
  if (s.phase === "deciding") return s.decision.choices ? `Your ${s.decision.word}: choose below` : `Seat ${s.decision.seat} decides (${s.decision.word})\u2026`;
  if (s.phase === "playing") return s.your_turn ? "Your turn: click a card" : `Seat ${s.turn} is thinking\u2026`;
  return "";
}

function played(s, seat, card) {
  return el("span", { class: "played" }, cardElement(card), seatName(s, seat));
}

function renderHand(s) {
  const cards = s.hand.map((token) => {
    const card = cardElement(token, "button");
    const reason = s.legal[token];
    if (reason) { card.classList.add("illegal"); card.title = reason; }
    if (selected.has(token)) card.classList.add("selected");
    if (typed && token === normalize(typed)) card.classList.add("typed");
    if (hints[token] !== undefined) {
      card.append(el("span", { class: "hint" }, hints[token].toFixed(2)));
      if (token === hints.best) card.classList.add("best");
    }
    card.addEventListener("click", () => choose(token));
    return card;
  });
  $("hand").replaceChildren(...cards);
}

// A decision other than a card (a charge, queens' plan, the moon's form): one button a choice.
function renderDecision(s) {
  const choices = (s.decision && s.decision.choices) || [];
  $("decision").classList.toggle("hidden", !choices.length);
  $("decision").replaceChildren(...choices.map((c) => {
    const button = el("button", { class: "choice", "data-choice": c.move }, c.label);
    button.addEventListener("click", () => act("/api/decide", { choice: c.move }));
    return button;
  }));
}

function renderSheet(s) {
  const head = el("tr", {}, el("th", {}, "hand"), ...s.names.map((_, seat) => el("th", {}, seatName(s, seat))));
  const rows = s.sheet.map((score, k) => el("tr", {}, el("td", {}, String(k + 1)), ...score.map((v) => el("td", {}, String(v)))));
  const total = el("tr", {}, el("th", {}, "total"), ...s.totals.map((v) => el("th", {}, String(v))));
  $("sheet").replaceChildren(head, ...rows, total);
}

async function choose(token) {
  const s = state;
  if (!s || !s.your_turn) return;
  if (s.phase === "passing" || s.phase === "discarding") {
    if (selected.has(token)) selected.delete(token); else selected.add(token);
    render(s);
    return;
  }
  if (s.legal[token]) { showError(`${token}: ${s.legal[token]}`); return; }
  await act("/api/play", { card: token });
}

async function passCards() {
  await act("/api/pass", { seat: state.seat, cards: [...selected] });
}

async function discardCards() {
  await act("/api/discard", { cards: [...selected] });
}

async function hint() {
  $("hint-text").textContent = "the engine is thinking\u2026";
  const answer = await act("/api/hint");
  if (!answer) { $("hint-text").textContent = ""; return; }
  hints = { best: answer.best };
  for (const m of answer.moves) if (!m.move.includes(",")) hints[m.move] = m.score;
  const goal = state.goal === "low" ? "lower is better" : "higher is better";
  $("hint-text").textContent = `engine's choice: ${answer.best} · expected hand score per card (${goal}): `
    + answer.moves.map((m) => `${m.move} ${m.score.toFixed(2)}`).join(", ");
  render(state);
}

async function save() {
  showError("");
  try {
    const response = await fetch(`/api/record?table=${tableId}`);
    const text = await response.text();
    if (!response.ok) throw new Error(JSON.parse(text).error);
    const link = el("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })),
                           download: `copas-${state.variant}-seed.json` });
    document.body.append(link);
    link.click();
    link.remove();
  } catch (err) {
    showError(err.message);
  }
}

// -- keyboard: type a card (QS, 10H, th) then Enter ------------------------------

function normalize(text) {
  const t = text.toUpperCase().replace(/^10/, "T");
  return t.length === 2 ? t : "";
}

document.addEventListener("keydown", (event) => {
  if (!state || event.target.tagName === "INPUT") return;
  if (event.key === "Enter") {
    const token = normalize(typed);
    typed = "";
    if (token && state.hand.includes(token)) { event.preventDefault(); choose(token); }
    else if (token) showError(`${token}: not in your hand`);
    render(state);
  } else if (event.key === "Escape" || event.key === "Backspace") {
    typed = ""; render(state);
  } else if (/^[0-9a-zA-Z]$/.test(event.key)) {
    typed = (typed + event.key).slice(-3);
    render(state);
  }
});

// -- wiring --------------------------------------------------------------------

$("setup").addEventListener("submit", start);
$("variant").addEventListener("change", variantChanged);
$("players").addEventListener("change", peopleBoxes);
$("pass").addEventListener("click", passCards);
$("discard").addEventListener("click", discardCards);
$("hint").addEventListener("click", hint);
$("undo").addEventListener("click", () => act("/api/undo"));
$("next").addEventListener("click", () => act("/api/next"));
$("save").addEventListener("click", save);
$("new").addEventListener("click", newMatch);
$("show-last").addEventListener("click", () => { showLast = !showLast; render(state); });

(async () => {
  try {
    variants = (await api("/api/variants")).variants;
    $("variant-ids").replaceChildren(...variants.map((v) => el("option", { value: v.id }, v.name)));
    variantChanged();
  } catch (err) {
    showError(err.message);
  }
  const match = /table=([0-9a-f]+)/.exec(location.hash);
  if (match) openTable(match[1]);
})();
