// What both pages share: the JSON API (the token travels in the cookie the page load set) and card faces.
"use strict";
const SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({ error: `the server answered ${response.status}` }));
  if (!response.ok) throw new Error(data.error || `the server answered ${response.status}`);
  return data;
}

function cardFace(token) {
  const rank = token.slice(0, -1) === "T" ? "10" : token.slice(0, -1);
  const suit = token.slice(-1);
  return { text: rank + SUITS[suit], red: suit === "H" || suit === "D" };
}

function cardElement(token, tag = "span") {
  const el = document.createElement(tag);
  const face = cardFace(token);
  el.className = "card" + (face.red ? " red" : "");
  el.dataset.card = token;
  el.textContent = face.text;
  return el;
}

function cardList(text) {
  return !text || text === "-" ? [] : text.split(",");
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value; else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}
