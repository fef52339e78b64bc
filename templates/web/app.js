// tcforge serve: the page's script. It shows what the server sends and sends back the index of a choice offered;
// it knows nothing of the rules. Vanilla JavaScript, nothing fetched but this server's own routes.
"use strict";

const params = new URLSearchParams(location.search);
// The computer's pace: "step" (one action a click on Next) or the milliseconds between its actions; ?pace=N sets it.
let pace = params.get("pace") || localStorage.getItem("tcforge-pace") || "250";
let lang = params.get("lang") === "fr" ? "fr" : "en";
let words = {};
let options = null;
let view = null;
let previous = null; // the view shown before this one
let stepping = null;
const $ = (id) => document.getElementById(id);

function w(key) { return words[key] || key; }

function showError(text) {
  const box = $("error");
  box.textContent = text || "";
  box.hidden = !text;
}

async function call(method, url, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const answer = await fetch(url, init);
  const data = await answer.json().catch(() => ({ error: `${answer.status} ${answer.statusText}` }));
  if (!answer.ok) {
    throw new Error(data.error || `${answer.status}`);
  }
  return data;
}

function setUrl(query) {
  const url = new URL(location.href);
  url.search = "";
  for (const [k, v] of Object.entries(query)) { if (v !== null && v !== undefined) url.searchParams.set(k, v); }
  if (params.has("pace")) url.searchParams.set("pace", params.get("pace"));
  history.replaceState(null, "", url);
}

function translatePage() {
  document.documentElement.lang = lang;
  document.title = w("web_title");
  $("title").textContent = w("web_title");
  for (const el of document.querySelectorAll("[data-word]")) el.textContent = w(el.dataset.word);
  $("lang").value = lang;
}

async function loadOptions() {
  options = await call("GET", `/api/options?lang=${lang}`);
  words = options.words;
  translatePage();
  const select = $("scenario");
  const chosen = select.value;
  select.replaceChildren(...options.scenarios.map((s) => new Option(`${s.title} (${s.id})`, s.id)));
  if (chosen) select.value = chosen;
  fillSides();
  $("agent").value = $("agent").value || options.agent;
  const saved = $("saved");
  saved.replaceChildren();
  if (!options.saved.length) {
    const li = document.createElement("li");
    li.textContent = w("web_none_saved");
    saved.append(li);
  }
  for (const game of options.saved) {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = w("web_resume");
    button.addEventListener("click", () => act(() => call("POST", "/api/resume", { log: game.path, lang })));
    li.append(button, " ", game.name);
    saved.append(li);
  }
}

function fillSides() {
  const found = options.scenarios.find((s) => s.id === $("scenario").value) || options.scenarios[0];
  if (!found) return;
  const side = $("side");
  const chosen = side.value;
  side.replaceChildren(...found.sides.map((s) => new Option(s.name, s.id)));
  if (found.sides.some((s) => s.id === chosen)) side.value = chosen;
}

function showSetup() {
  stopStepping();
  view = null;
  $("setup").hidden = false;
  $("game").hidden = true;
  setUrl({ lang });
}

function stopStepping() {
  if (stepping !== null) clearTimeout(stepping);
  stepping = null;
}

async function act(request) {
  stopStepping();
  showError("");
  try {
    render(await request());
  } catch (error) {
    showError(error.message);
    for (const button of document.querySelectorAll("#choices button")) button.disabled = false;
    $("undo").disabled = !(view && view.can_undo);
  }
}

function li(text, cls) {
  const item = document.createElement("li");
  item.textContent = text;
  if (cls) item.className = cls;
  return item;
}

function highlight(positions) {
  for (const cell of document.querySelectorAll("#board .cell")) {
    cell.classList.toggle("lit", positions.includes(Number(cell.dataset.pos)));
  }
}

function render(data) {
  previous = view;
  view = data;
  $("setup").hidden = true;
  $("game").hidden = false;
  const game = $("game");
  game.dataset.mode = data.mode;
  game.dataset.at = data.at;
  game.dataset.waiting = data.waiting || "";
  $("scenario-title").textContent = data.scenario.title;
  $("turn").textContent = data.turn;
  $("active").textContent = data.active ? `· ${data.active}` : "";
  $("sides").replaceChildren(...data.sides.map((s) => {
    const span = document.createElement("span");
    span.className = "side";
    span.textContent = `${s.name} — ${s.player}`;
    return span;
  }));
  $("board").innerHTML = data.board; // SVG written by the server, every text escaped there
  const hands = $("hands");
  hands.replaceChildren();
  for (const [side, hand] of Object.entries(data.hands)) {
    const name = (data.sides.find((s) => s.id === side) || { name: side }).name;
    const box = document.createElement("div");
    box.className = "hand";
    const title = document.createElement("strong");
    const mine = data.mode === "play" && side === data.you;
    title.textContent = mine ? w("web_hand")
      : data.mode === "play" ? w("web_enemy_hand").replace("{side}", name).replace("{n}", hand.size).replace("{k}", hand.cards.length)
      : `${name}: ${hand.size}`;
    const list = document.createElement("ul");
    list.append(...(hand.cards.length ? hand.cards : [w("web_none")]).map((c) => li(c)));
    const counts = document.createElement("small");
    counts.textContent = `${w("web_deck").replace("{n}", hand.deck)} · ${w("web_discard_pile").replace("{n}", hand.discarded)}`;
    box.append(title, list, counts);
    hands.append(box);
  }
  $("standing").replaceChildren(...data.standing.map((s) => li(s)));
  const account = $("account");
  account.replaceChildren(...data.account.map((e) => {
    const item = li(e.text, `acc-${e.kind}`);
    item.dataset.line = e.line;
    if (data.mode === "watch") {
      item.classList.toggle("now", e.line === data.now);
      item.addEventListener("click", () => frame(Math.max(0, e.line - 1)));
    }
    return item;
  }));
  $("log").textContent = data.log || "";
  $("result").hidden = !data.result;
  $("result").textContent = data.result || "";
  if (data.mode === "watch") renderWatch(data); else renderPlay(data);
}

// Scroll a box (never the window: the prompt stays in view) so that its item shows, a third of the way down.
function scrollWithin(box, item) {
  const offset = item.getBoundingClientRect().top - box.getBoundingClientRect().top;
  box.scrollTop += offset - box.clientHeight / 3;
}

function renderWatch(data) {
  $("watch-nav").hidden = false;
  $("watch-link").hidden = true;
  $("pacing").hidden = true;
  $("dice-box").hidden = true;
  $("decision").hidden = true;
  $("status").textContent = "";
  $("w-position").textContent = data.position;
  $("w-note").textContent = data.note;
  $("dice").replaceChildren();
  const now = document.querySelector("#account .now");
  if (now) scrollWithin($("account"), now);
  setUrl({ log: data.log, at: data.at, lang });
}

function renderPlay(data) {
  $("watch-nav").hidden = true;
  $("pacing").hidden = data.waiting === "over";
  $("dice-box").hidden = false;
  const status = {
    human: w("web_your_decision"), computer: w("web_computer_plays"), chance: w("web_dice_roll"), over: w("web_game_over"),
  };
  $("status").textContent = status[data.waiting] || "";
  const dice = $("dice");
  dice.replaceChildren(...(data.rolls.length ? data.rolls.slice().reverse().map((r) => {
    const item = li("", "roll");
    const die = document.createElement("span");
    die.className = "die";
    die.textContent = r.roll;
    const text = document.createElement("span");
    text.textContent = ` ${r.about}${r.odds ? ` (${r.odds})` : ""}`;
    item.append(die, text);
    return item;
  }) : [li(w("web_no_dice"))]));
  const box = $("decision");
  box.hidden = !data.decision;
  if (data.decision) {
    const fresh = !previous || previous.game !== data.game || previous.at !== data.at || !previous.decision;
    $("prompt").textContent = data.decision.prompt;
    $("choices").replaceChildren(...data.decision.choices.map((c) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = `choice kind-${c.kind}`;
      button.dataset.index = c.index;
      button.dataset.kind = c.kind;
      button.textContent = c.text;
      button.addEventListener("mouseenter", () => highlight(c.positions));
      button.addEventListener("mouseleave", () => highlight([]));
      button.addEventListener("click", () => decide(c.index));
      item.append(button);
      return item;
    }));
    if (fresh) $("choices").scrollTop = 0; // a new decision opens at its first choice
  }
  $("undo").disabled = !data.can_undo;
  const link = $("watch-link");
  link.hidden = data.waiting !== "over";
  link.href = `/watch?log=${encodeURIComponent(data.log)}&lang=${lang}`;
  const account = $("account");
  account.scrollTop = account.scrollHeight; // the account box shows its last line; the window does not move
  setUrl({ game: data.game, lang });
  const others = data.waiting === "computer" || data.waiting === "chance";
  $("next").hidden = !(others && pace === "step");
  if (others && pace !== "step") stepping = setTimeout(step, Number(pace) || 0);
}

function step() {
  act(() => call("POST", `/api/games/${view.game}/step`, { at: view.at, lang }));
}

// A click on the board: the one choice that concerns that position is made; several are lit for the person to pick.
document.getElementById("board").addEventListener("click", (event) => {
  const cell = event.target.closest ? event.target.closest(".cell") : null;
  if (!cell || !view || view.mode !== "play" || !view.decision) return;
  const pos = Number(cell.dataset.pos);
  const found = view.decision.choices.filter((c) => c.positions.includes(pos));
  if (found.length === 1) decide(found[0].index);
  for (const button of document.querySelectorAll("#choices button")) {
    button.classList.toggle("lit", found.length > 1 && found.some((c) => c.index === Number(button.dataset.index)));
  }
});

function decide(index) {
  for (const button of document.querySelectorAll("#choices button, #undo")) button.disabled = true; // one answer a decision
  act(() => call("POST", `/api/games/${view.game}/decide`, { at: view.at, choice: index, lang }));
}

function frame(n) {
  if (!view || view.mode !== "watch") return;
  const target = Math.max(0, Math.min(view.actions, n));
  act(() => call("GET", `/api/watch/${view.watch}/${target}?lang=${lang}`));
}

$("pace").value = [...$("pace").options].some((o) => o.value === pace) ? pace : "250";
$("pace").addEventListener("change", () => {
  pace = $("pace").value;
  localStorage.setItem("tcforge-pace", pace);
  if (view && view.mode === "play") render(view);
});
$("next").addEventListener("click", step);
$("scenario").addEventListener("change", fillSides);
$("new-game").addEventListener("submit", (event) => {
  event.preventDefault();
  const seed = Number($("seed").value);
  act(() => call("POST", "/api/games", {
    scenario: $("scenario").value, side: $("side").value, agent: $("agent").value, seed, lang,
  }));
});
$("open-log").addEventListener("submit", (event) => {
  event.preventDefault();
  act(() => call("POST", "/api/watch", { log: $("log-path").value, lang }));
});
$("undo").addEventListener("click", () => act(() => call("POST", `/api/games/${view.game}/undo`, { at: view.at, lang })));
$("nav-play").addEventListener("click", () => { showSetup(); loadOptions().catch((e) => showError(e.message)); });
$("nav-watch").addEventListener("click", () => { showSetup(); $("log-path").focus(); });
$("w-first").addEventListener("click", () => frame(0));
$("w-back").addEventListener("click", () => frame(view.at - 1));
$("w-forward").addEventListener("click", () => frame(view.at + 1));
$("w-last").addEventListener("click", () => frame(view.actions));
document.addEventListener("keydown", (event) => {
  if (!view || view.mode !== "watch" || event.target.tagName === "INPUT") return;
  if (event.key === "ArrowRight") frame(view.at + 1);
  if (event.key === "ArrowLeft") frame(view.at - 1);
});
$("lang").addEventListener("change", async () => {
  lang = $("lang").value;
  try {
    await loadOptions();
    if (view && view.mode === "play") await act(() => call("GET", `/api/games/${view.game}?lang=${lang}`));
    else if (view && view.mode === "watch") frame(view.at);
    else setUrl({ lang });
  } catch (error) {
    showError(error.message);
  }
});

(async function start() {
  try {
    await loadOptions();
  } catch (error) {
    showError(error.message);
    return;
  }
  if (location.pathname === "/watch" && params.get("log")) {
    const at = Number(params.get("at") || 0);
    await act(async () => {
      const opened = await call("POST", "/api/watch", { log: params.get("log"), lang });
      return at > 0 ? call("GET", `/api/watch/${opened.watch}/${Math.min(at, opened.actions)}?lang=${lang}`) : opened;
    });
    if (!view) $("setup").hidden = false;
  } else if (params.get("game")) {
    await act(() => call("GET", `/api/games/${params.get("game")}?lang=${lang}`));
    if (!view) $("setup").hidden = false;
  } else {
    showSetup();
  }
})();
