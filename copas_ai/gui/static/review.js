// The review page: a record (and an analyse report) checked by the server, then stepped through here.
"use strict";
const $ = (id) => document.getElementById(id);
const FLAGGED = ["mistake", "blunder"];
let review = null;
let at = 0;

function showError(message) {
  $("error").textContent = message;
  $("error").classList.toggle("hidden", !message);
}

function readFile(input) {
  const file = input.files[0];
  if (!file) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.onerror = () => reject(new Error(`cannot read ${file.name}`));
    reader.readAsText(file);
  });
}

async function open() {
  showError("");
  try {
    const text = await readFile($("record-file"));
    if (text === null) throw new Error("choose a record (or a report) file first");
    const report = await readFile($("report-file"));
    review = await api("/api/review", { text, report });
    at = 0;
    $("review").classList.remove("hidden");
    $("title").textContent = `${review.variant} · ${review.players} players · ${review.names.join(", ")}`;
    drawPlot();
    show(0);
  } catch (err) {
    review = null;
    $("review").classList.add("hidden");
    showError(err.message);
  }
}

function stepText(step) {
  if (step.kind === "deal") return `hand ${step.hand}: the deal`;
  if (step.kind === "pass") return `hand ${step.hand}: seat ${step.seat} passes ${step.move}`;
  if (step.kind === "received") return `hand ${step.hand}: the passes received`;
  return `hand ${step.hand} · trick ${step.trick_no} · seat ${step.seat} plays ${step.move}`;
}

function show(index) {
  at = Math.max(0, Math.min(review.steps.length - 1, index));
  const step = review.steps[at];
  $("counter").textContent = `step ${at + 1} of ${review.steps.length}`;
  $("step").textContent = stepText(step) + (step.score ? ` · hand score ${step.score.join(" / ")}` : "");
  const d = step.decision;
  $("decision").replaceChildren();
  if (d) {
    const loss = d.loss === null ? "" : ` · loss ${d.loss.toFixed(2)}` + (d.loss_stderr ? ` \u00b1 ${d.loss_stderr.toFixed(2)}` : "");
    const verdict = el("span", { class: `verdict-${d.verdict}`, id: "verdict" }, d.verdict + (d.forced ? " (forced)" : ""));
    $("decision").append(`played ${d.played} · engine's choice ${d.best}${loss} · `, verdict);
  } else if (review.judged && (step.kind === "play" || step.kind === "pass")) {
    $("decision").append(el("span", { class: "muted" }, "not judged"));
  }
  $("trick").replaceChildren(...step.trick.map(([seat, card]) =>
    el("span", { class: "played" }, cardElement(card), `seat ${seat}`)));
  $("hands").replaceChildren(...step.hands.map((cards, seat) => el("div", { class: "seat" + (seat === step.seat ? " turn" : "") },
    el("div", {}, `seat ${seat} · ${review.names[seat]} · taken ${step.points[seat]}`),
    el("div", { class: "cards" }, ...cardList(cards).map((c) => {
      const card = cardElement(c);
      if (step.kind === "play" && seat === step.seat && d && c === d.best && d.best !== d.played) card.classList.add("best");
      return card;
    })))));
  if (!step.hands.length) $("hands").replaceChildren(el("span", { class: "muted" }, "a report alone: open its record beside it to see the hands"));
  for (const bar of document.querySelectorAll("#plot rect[data-step]")) {
    bar.classList.toggle("current", Number(bar.dataset.step) === at);
  }
}

function nextMistake() {
  for (let k = at + 1; k < review.steps.length; k++) {
    const d = review.steps[k].decision;
    if (d && FLAGGED.includes(d.verdict)) { show(k); return; }
  }
  showError("no flagged mistake after this step");
}

// An inline SVG: one bar per judged decision, its height the loss, its colour the verdict.
function drawPlot() {
  const judged = review.steps.map((s, k) => [k, s.decision]).filter(([, d]) => d && d.loss !== null);
  if (!judged.length) { $("plot").replaceChildren(el("span", { class: "muted" }, "open a report to see the losses")); return; }
  const ns = "http://www.w3.org/2000/svg";
  const width = 640, height = 160, pad = 20;
  const top = Math.max(1, ...judged.map(([, d]) => d.loss));
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("class", "plot");
  const colours = { good: "#7cb342", inaccuracy: "#fbc02d", mistake: "#fb8c00", blunder: "#e53935" };
  const w = (width - 2 * pad) / judged.length;
  judged.forEach(([k, d], i) => {
    const h = Math.max(1, (height - 2 * pad) * d.loss / top);
    const bar = document.createElementNS(ns, "rect");
    for (const [key, value] of Object.entries({ x: pad + i * w, y: height - pad - h, width: Math.max(1, w - 1), height: h,
      fill: colours[d.verdict] || "#999" })) bar.setAttribute(key, value);
    bar.dataset.step = k;
    const title = document.createElementNS(ns, "title");
    title.textContent = `${stepText(review.steps[k])}: loss ${d.loss.toFixed(2)} (${d.verdict})`;
    bar.append(title);
    bar.addEventListener("click", () => show(k));
    svg.append(bar);
  });
  const axis = document.createElementNS(ns, "text");
  axis.setAttribute("x", 2); axis.setAttribute("y", 14); axis.setAttribute("font-size", 11);
  axis.textContent = `loss (max ${top.toFixed(1)} points)`;
  svg.append(axis);
  $("plot").replaceChildren(svg);
}

$("open").addEventListener("click", open);
$("first").addEventListener("click", () => show(0));
$("prev").addEventListener("click", () => show(at - 1));
$("next").addEventListener("click", () => show(at + 1));
$("last").addEventListener("click", () => show(review.steps.length - 1));
$("next-mistake").addEventListener("click", nextMistake);
document.addEventListener("keydown", (event) => {
  if (!review) return;
  if (event.key === "ArrowRight") show(at + 1);
  if (event.key === "ArrowLeft") show(at - 1);
});
