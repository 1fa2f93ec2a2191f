// The page of `solver serve`: set up a position by clicking, analyse it, play it, replay solo
// games, go back and forth through every position reached, share it all as a link.
//
// The server is stateless: the page keeps the history of positions (`app.history`) and the view
// shown (`app.view`, whose `position` is the full position JSON), and sends the position with every
// request. The address bar always holds the link to what is shown (`#v1.` and the history, packed).
// Every answer that is not a success (HTTP 400/500, a WebSocket error, a lost connection, a broken
// link) is shown in #error, naming the field.

const $ = (id) => document.getElementById(id);
const element = (tag, text) => Object.assign(document.createElement(tag), { textContent: text });

const CHANCE = -1;
const SEARCH_ALGORITHM = "ai";

const app = {
  games: [], // GET /api/games
  view: null, // the view shown on the board
  // every position reached since the last new game or load: entries {position, label, player,
  // actions (from the entry before; null after a setup edit or at the start), evaluation}
  // prefix: the actions from the game's start to the first entry (null: not known, a position
  // set up or loaded), for a game record
  history: { entries: [], index: -1, seenBy: null, prefix: null, seed: null },
  tab: "setup",
  tool: null, // the name of the selected setup tool
  choices: {}, // tool name -> {param name -> index of the chosen value}
  search: null, // the running search: {socket, done, promise, cancel}
  result: null, // the last search result, for "Play this turn"
  play: { running: false, stepping: false, rolls: 0 },
  busy: 0,
  zoom: 1, // the board's width over the panel's
};

// ---------- errors and requests ----------

class ApiError extends Error {
  constructor(message, field = "") {
    super(message);
    this.field = field;
  }
}

class Cancelled extends Error {}

function showError(error) {
  if (error instanceof Cancelled) return;
  const bug = `internal error in the page: ${error.message || error}`;
  const text = error instanceof ApiError ? error.message : bug;
  $("error-text").textContent = text;
  $("error").dataset.field = error.field || "";
  $("error").hidden = false;
}

function clearError() {
  $("error").hidden = true;
  $("error-text").textContent = "";
  $("error").dataset.field = "";
}

function setBusy(delta) {
  app.busy += delta;
  document.body.dataset.busy = app.busy > 0 ? "1" : "0";
}

/** A user's action: clears the last error, shows any new one, keeps the page working. */
function action(run) {
  return async (...args) => {
    clearError();
    setBusy(+1);
    try {
      await run(...args);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(-1);
    }
  };
}

async function request(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    const why = `network: cannot reach the server (${error.message}); is “solver serve” on?`;
    throw new ApiError(why, "network");
  }
  const text = await response.text();
  let data = null;
  try {
    data = JSON.parse(text);
  } catch {
    data = null;
  }
  if (!response.ok) {
    if (data && typeof data.error === "string") throw new ApiError(data.error, data.field || "");
    throw new ApiError(`server: HTTP ${response.status} ${text.slice(0, 200)}`, "");
  }
  if (data === null) throw new ApiError(`server: the answer to ${path} is not JSON`, "");
  return data;
}

const post = (path, body) => request("POST", path, body);

/** The common fields of a request about the position on the board. */
function current(extra = {}) {
  const view = app.view;
  if (!view) {
    throw new ApiError("position: no position yet; press “New game” or load one", "position");
  }
  const { game, options, position } = view;
  return { game, options, position, observer: observer(), ...extra };
}

// ---------- the game form ----------

function selectedGame() {
  return app.games.find((g) => g.name === $("game").value);
}

function fillGameForm(name, values) {
  $("game").value = name;
  app.formGame = name;
  const game = selectedGame();
  const box = $("options");
  box.replaceChildren();
  for (const [option, fallback] of Object.entries(game.options)) {
    const value = values && option in values ? values[option] : fallback;
    const label = document.createElement("label");
    const choices = (game.choices || {})[option];
    const input = document.createElement(choices ? "select" : "input");
    input.id = `opt-${option}`;
    input.dataset.testid = `opt-${option}`;
    input.dataset.option = option;
    if (choices) {
      for (const choice of choices) {
        const item = new Option(choice.label, choice.value === null ? "" : String(choice.value));
        if (choice.help) item.title = choice.help;
        input.append(item);
      }
      input.value = value === null || value === undefined ? "" : String(value);
    } else if (option === "players") {
      Object.assign(input, { type: "number", step: 1 });
      Object.assign(input, { min: game.min_players, max: game.max_players });
      input.value = value;
      input.className = "narrow";
    } else if (typeof fallback === "boolean") {
      input.type = "checkbox";
      input.checked = Boolean(value);
    } else {
      input.type = "text";
      input.value = value === null || value === undefined ? "" : String(value);
      input.placeholder = fallback === null ? "none" : String(fallback);
      input.dataset.kind = typeof fallback;
      input.className = "narrow";
    }
    const name = document.createElement("span");
    name.textContent = option;
    if (input.type === "checkbox") label.append(input, name);
    else label.append(name, input);
    box.append(label);
  }
}

/** The options typed in the form; a value that is not a number is sent as typed, so the server
 * names the field. */
function readOptions() {
  const options = {};
  for (const input of $("options").querySelectorAll("input, select")) {
    const name = input.dataset.option;
    if (input.tagName === "SELECT") options[name] = input.value === "" ? null : input.value;
    else if (input.type === "checkbox") options[name] = input.checked;
    else if (input.type === "number") options[name] = numberOr(input.value);
    else if (input.value.trim() === "") continue; // the game's default
    else if (input.dataset.kind === "number") options[name] = numberOr(input.value);
    else options[name] = input.value.trim();
  }
  return options;
}

function numberOr(text) {
  const value = Number(text);
  return text.trim() !== "" && Number.isFinite(value) ? value : text;
}

function observer() {
  const value = $("observer").value;
  return value === "" ? null : Number(value);
}

function players(view) {
  const count = view.position ? view.position.players : undefined;
  return Number.isInteger(count) ? count : view.scores.length;
}

// ---------- the view ----------

/** Draws `view`, the view of the history's current entry, and everything that depends on it. */
function show(view) {
  // a search of the position before, still running, must not draw its board or offer its turn here
  cancelSearch();
  hideResult();
  const before = app.view;
  app.view = view;
  drawBoard(view.svg);
  fillObserver(players(view));
  $("status").replaceChildren(...statusParts(view));
  $("state-text").textContent = view.text;
  renderTools(view.tools || []);
  if (!before || players(before) !== players(view)) {
    renderSeats(players(view));
    fillReviewPlayers(players(view));
  }
  renderChoices();
  renderChance();
  renderHistory();
  const entry = here();
  showEvaluation(entry ? entry.evaluation : null);
  renderReviewHere();
  writeLink().catch(showError);
}

function drawBoard(svg) {
  const board = $("board");
  board.innerHTML = svg;
  const picture = board.querySelector("svg");
  if (picture) {
    picture.removeAttribute("width");
    picture.removeAttribute("height");
    picture.style.width = `${100 * app.zoom}%`;
  }
  board.dataset.views = String(Number(board.dataset.views) + 1);
  markTargets();
}

function statusParts(view) {
  const parts = [];
  const add = (text, cls) => {
    const span = document.createElement("span");
    span.textContent = text;
    if (cls) span.className = cls;
    parts.push(span);
  };
  if (view.terminal) add("Game over", "turn over");
  else if (view.chance) add("Chance: a draw or roll is due", "turn chance");
  else add(`Player ${view.to_move} to move`, "turn");
  if (view.phase !== null && view.phase !== undefined && view.phase !== "") {
    add(`phase ${view.phase}`);
  }
  if (Array.isArray(view.scores) && view.scores.length) add(`scores ${view.scores.join(" · ")}`);
  if (view.title) add(`title: ${view.title}`, "title");
  return parts;
}

/** The "Show as" menu; a position given as one player sees it can only be shown as that player
 * (what they cannot see was dealt at random, so no other view of it is true). */
function fillObserver(count) {
  const select = $("observer");
  const kept = select.value;
  if (select.options.length !== count + 1) {
    select.replaceChildren(new Option("everyone (all visible)", ""));
    for (let p = 0; p < count; p += 1) select.append(new Option(`player ${p}`, String(p)));
    select.value = Number(kept) < count ? kept : "";
  }
  const seen = app.history.seenBy;
  for (const option of select.options) option.disabled = seen !== null && option.value !== String(seen);
  if (seen !== null) select.value = String(seen);
  $("seen-note").hidden = seen === null;
  $("seen-note").textContent =
    seen === null
      ? ""
      : `This position was given as player ${seen} sees it: what they cannot see was dealt at ` +
        `random, so it is shown and analysed only as player ${seen} sees it.`;
}

async function refresh() {
  show(await viewAt(app.history.index));
}

// ---------- zoom and pan ----------

const ZOOMS = [1, 1.5, 2, 3, 4];

/** Zooms the board to `zoom` times the panel's width (1: it fits); a zoomed board is dragged to pan. */
function setZoom(zoom) {
  app.zoom = Math.max(ZOOMS[0], Math.min(ZOOMS[ZOOMS.length - 1], zoom));
  const board = $("board");
  board.dataset.zoom = String(app.zoom);
  const picture = board.querySelector("svg");
  if (picture) picture.style.width = `${100 * app.zoom}%`;
  $("zoom-out").disabled = app.zoom === ZOOMS[0];
  $("zoom-in").disabled = app.zoom === ZOOMS[ZOOMS.length - 1];
}

function zoomBy(step) {
  const at = ZOOMS.findIndex((zoom) => zoom >= app.zoom);
  setZoom(ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, at + step))]);
}

function pan(event) {
  const board = $("board");
  if (app.zoom === 1 || event.button !== 0 || event.target.closest(".clickable")) return;
  const start = { x: event.clientX, y: event.clientY, left: board.scrollLeft, top: board.scrollTop };
  board.classList.add("panning");
  const move = (e) => {
    board.scrollLeft = start.left - (e.clientX - start.x);
    board.scrollTop = start.top - (e.clientY - start.y);
  };
  const stop = () => {
    board.classList.remove("panning");
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", stop);
  };
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", stop);
}

// ---------- set up ----------

function selectedTool() {
  return app.view ? (app.view.tools || []).find((t) => t.name === app.tool) : undefined;
}

function renderTools(tools) {
  const box = $("tools");
  box.replaceChildren();
  if (!tools.some((t) => t.name === app.tool)) app.tool = null;
  for (const tool of tools) {
    const button = document.createElement("button");
    button.textContent = tool.label;
    button.title = tool.help || tool.label;
    button.dataset.testid = `tool-${tool.name}`;
    button.dataset.tool = tool.name;
    button.setAttribute("aria-pressed", String(tool.name === app.tool));
    button.addEventListener("click", () => selectTool(tool.name === app.tool ? null : tool.name));
    box.append(button);
  }
  if (!tools.length) box.textContent = "No setup tools in this position.";
  renderToolDetail();
}

function selectTool(name) {
  app.tool = name;
  for (const button of $("tools").querySelectorAll("button")) {
    button.setAttribute("aria-pressed", String(button.dataset.tool === name));
  }
  renderToolDetail();
}

function renderToolDetail() {
  const tool = selectedTool();
  $("tool-detail").hidden = !tool;
  markTargets();
  if (!tool) return;
  $("tool-help").textContent = tool.help || "";
  const chosen = (app.choices[tool.name] ||= {});
  const box = $("tool-params");
  box.replaceChildren();
  for (const param of tool.params) {
    const label = document.createElement("label");
    const select = document.createElement("select");
    select.id = `param-${param.name}`;
    select.dataset.testid = `param-${param.name}`;
    param.choices.forEach((choice, i) => {
      const option = new Option(choice.label, String(i));
      option.dataset.value = JSON.stringify(choice.value);
      select.append(option);
    });
    if (!(chosen[param.name] < param.choices.length)) chosen[param.name] = 0;
    select.value = String(chosen[param.name]);
    select.addEventListener("change", () => {
      chosen[param.name] = Number(select.value);
    });
    const name = document.createElement("span");
    name.textContent = param.label;
    label.append(name, select);
    box.append(label);
  }
  $("tool-apply").hidden = tool.target !== "";
  $("tool-hint").textContent = tool.target ? "Now click on the board, as said above." : "";
}

function toolParams(tool) {
  const chosen = app.choices[tool.name] || {};
  return Object.fromEntries(tool.params.map((p) => [p.name, p.choices[chosen[p.name] || 0].value]));
}

/** Marks the board's elements a click acts on (they light up under the mouse): those the selected
 * setup tool is used on, or those of the moves a person may make on the board. */
function markTargets() {
  const tool = app.tab === "setup" ? selectedTool() : undefined;
  const target = tool ? tool.target : "";
  const board = $("board");
  for (const element of board.querySelectorAll("[data-target]")) {
    element.classList.toggle("clickable", target !== "" && element.dataset.target === target);
    element.classList.remove("movable");
  }
  app.boardMoves = movesOnBoard();
  for (const move of app.boardMoves) {
    for (const element of board.querySelectorAll(selectorOf(move.target))) {
      element.classList.add("clickable", "movable");
    }
  }
  board.dataset.movable = String(app.boardMoves.length);
}

async function edit(tool, target) {
  const body = current({ tool: tool.name, params: toolParams(tool), target });
  record(await post("/api/edit", body), { label: `set up: ${tool.label}`, player: null, actions: null });
}

function onBoardClick(event) {
  if (app.tab !== "setup") {
    clickMove(event);
    return;
  }
  const tool = selectedTool();
  if (!tool || !tool.target) return;
  const element = event.target.closest(`[data-target="${CSS.escape(tool.target)}"]`);
  if (!element) {
    const hint = `“${tool.label}” is used on a ${tool.target}: click one on the board.`;
    $("tool-hint").textContent = hint;
    return;
  }
  action(() => edit(tool, { ...element.dataset }))();
}

async function loadPasted() {
  const text = $("position-json").value;
  let position;
  try {
    position = JSON.parse(text);
  } catch (error) {
    throw new ApiError(`position: not valid JSON (${error.message})`, "position");
  }
  const known = app.games.find((g) => position && g.name === position.game);
  const game = known || selectedGame();
  const options = game.name === $("game").value ? readOptions() : {};
  for (const name of Object.keys(game.options)) {
    if (position && typeof position === "object" && name in position) {
      options[name] = position[name];
    }
  }
  const chosen = observer();
  const count = position && Number.isInteger(position.players) ? position.players : 0;
  const shown = chosen !== null && chosen < count ? chosen : null;
  const body = { game: game.name, options, position, highlight: [], observer: shown };
  let view = await post("/api/view", body);
  const seen = view.seen_by;
  if (seen !== null && seen !== shown) view = await post("/api/view", { ...body, observer: seen });
  fillGameForm(view.game, view.options);
  if (seen !== null) $("observer").value = String(seen);
  newPosition(view, "loaded position", seen);
}

function copyPosition() {
  const text = JSON.stringify(current().position, null, 2);
  $("position-json").value = text;
  $("position-json").select();
  if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => {});
}

function downloadPosition() {
  const text = JSON.stringify(current().position, null, 2);
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  link.download = `${app.view.game}-position.json`;
  link.click();
  URL.revokeObjectURL(link.href);
}

async function readFile() {
  const file = $("position-file").files[0];
  if (!file) return;
  $("position-json").value = await file.text();
  await loadPasted();
}

// ---------- analyse ----------

function searchUrl() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}/ws/search`;
}

/** Runs one search on its own socket (closing it stops the search); `onInfo` gets the progress. */
function runSearch(body, onInfo) {
  cancelSearch();
  const search = runSocket({ type: "search", ...body }, onInfo, "result");
  app.search = search;
  search.promise.finally(() => app.search === search && (app.search = null)).catch(() => {});
  return search;
}

/** Sends `message` on a socket of its own (closing it stops the work): `onProgress` gets the
 * messages before the one of type `last`, which the promise resolves to. */
function runSocket(message, onProgress, last) {
  const socket = new WebSocket(searchUrl());
  const search = { socket, done: false };
  search.promise = new Promise((resolve, reject) => {
    const finish = (settle, value) => {
      if (search.done) return;
      search.done = true;
      socket.close();
      settle(value);
    };
    search.cancel = () => finish(reject, new Cancelled(`${message.type} cancelled`));
    socket.onopen = () => socket.send(JSON.stringify(message));
    socket.onmessage = (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        const why = "search: the server sent a message that is not JSON";
        finish(reject, new ApiError(why, "search"));
        return;
      }
      if (message.type === last) finish(resolve, message);
      else if (message.type === "error") {
        finish(reject, new ApiError(message.error, message.field || ""));
      } else onProgress(message);
    };
    socket.onclose = (event) => {
      const why = `search: the connection to the server closed (code ${event.code})`;
      finish(reject, new ApiError(why, "search"));
    };
  });
  return search;
}

function cancelSearch() {
  if (app.search) app.search.cancel();
}

function stopSearch(search = app.search) {
  if (search && !search.done && search.socket.readyState === WebSocket.OPEN) {
    search.socket.send(JSON.stringify({ type: "stop" }));
  }
}

function searchBody(time, extra = {}) {
  return current({ time: numberOr(time), algorithm: SEARCH_ALGORITHM, ...extra });
}

/** Who takes a step of a line or of the history, and the step in words. */
function stepText(player, text) {
  if (player === null || player === undefined) return text;
  return player === CHANCE ? `chance: ${text}` : `player ${player}: ${text}`;
}

function showInfo(info) {
  $("search-info").hidden = false;
  $("info-iterations").textContent = String(info.iterations ?? 0);
  $("info-seconds").textContent = Number(info.seconds ?? 0).toFixed(2);
  const waited = Number(info.queued ?? 0);
  $("info-queued").hidden = waited < 0.05;
  $("info-queued").textContent = `waited ${waited.toFixed(1)} s for the server`;
  if (info.svg) drawBoard(info.svg); // the best turn so far, drawn while the search runs
  const scale = info.evaluation;
  if (scale) {
    $("info-value").textContent = evaluationText(scale);
    showEvaluation({ ...scale, player: app.view.to_move });
  }
  // a line's value (0 to 1, for the player to move) in the evaluation's terms when they are known
  const worth = (value) =>
    scale ? evaluationText({ ...scale, value: scale.low + value * (scale.high - scale.low) }) : value.toFixed(3);
  const list = $("search-lines");
  list.replaceChildren();
  for (const line of info.multipv || []) {
    const item = document.createElement("li");
    item.dataset.action = line.action;
    const head = document.createElement("span");
    head.className = "line-text";
    head.textContent = line.text;
    const numbers = document.createElement("span");
    numbers.className = "line-numbers";
    numbers.textContent = `${worth(Number(line.value))} · ${line.visits ?? ""} visits`;
    item.append(head, numbers);
    const steps = Array.isArray(line.pv) ? line.pv : [];
    if (steps.length > 1) {
      const rest = document.createElement("div");
      rest.className = "line-rest";
      rest.textContent = steps
        .slice(1)
        .map((step) => stepText(step.player, step.text))
        .join(" → ");
      item.append(rest);
    }
    list.append(item);
  }
}

function hideResult() {
  $("search-result").hidden = true;
  $("search-info").hidden = true;
  app.result = null;
}

async function bestTurn() {
  hideResult();
  const body = searchBody($("search-time").value, { multipv: numberOr($("search-multipv").value) });
  $("search-stop").disabled = false;
  $("search-start").textContent = "Searching…";
  try {
    const result = await runSearch(body, showInfo).promise;
    showResult(result);
  } finally {
    $("search-stop").disabled = true;
    $("search-start").textContent = "Best turn";
  }
}

function plan(result) {
  return result.plan || [];
}

function showResult(result) {
  app.result = result;
  const stats = result.stats || {};
  const player = result.player ?? app.view.to_move;
  const evaluation = { ...result.evaluation, player };
  here().evaluation = evaluation;
  showInfo({ ...stats, evaluation: result.evaluation, multipv: result.multipv, queued: result.queued });
  renderHistory();
  const list = $("result-plan");
  list.replaceChildren(...plan(result).map((step) => element("li", step)));
  $("result-value").textContent = `${evaluationText(evaluation)} for player ${player}`;
  const seen = observer();
  $("result-guessed").hidden = !result.guessed;
  $("result-guessed").textContent = result.guessed
    ? `Player ${player}'s hand is hidden from player ${seen}: this turn is for a hand dealt at ` +
      `random from what player ${seen} sees.`
    : "";
  $("result-stopped").hidden = !result.stopped;
  $("search-result").dataset.stopped = String(Boolean(result.stopped));
  $("search-result").hidden = false;
  if (result.svg) drawBoard(result.svg);
}

async function applyResult() {
  const result = app.result;
  if (!result) return;
  const { actions } = result;
  const next = await post("/api/apply", current({ actions }));
  record(next, { label: plan(result).join("; "), player: result.player, actions });
}

// ---------- moves on the board ----------

/** The decisions a click on the board makes: in Play when a person is to move, in Analyse at any
 * decision (the move goes into the history, to enter a line); each names its element (`target`). */
function movesOnBoard() {
  const view = app.view;
  if (!view || view.chance || view.terminal) return [];
  const person = app.play.running && !app.play.stepping && seat(view.to_move) === "human";
  if (!(app.tab === "analyse" || (app.tab === "play" && person))) return [];
  return (view.legal || []).filter((move) => move.target);
}

function selectorOf(target) {
  const attribute = ([key, value]) => `[data-${key}="${CSS.escape(String(value))}"]`;
  return Object.entries(target).map(attribute).join("");
}

/** The moves made by clicking `element` of the board. */
function movesAt(element) {
  return (app.boardMoves || []).filter((move) => element.matches(selectorOf(move.target)));
}

function clickMove(event) {
  const element = event.target.closest(".movable");
  closeChooser();
  if (!element) return;
  const moves = movesAt(element);
  if (moves.length === 1) action(() => makeMove(moves[0]))();
  else if (moves.length > 1) openChooser(moves, event);
}

/** Says under the status what a click on the lit element under the mouse would play. */
function hoverMove(event) {
  const element = event.target.closest(".movable");
  const moves = element ? movesAt(element) : [];
  let text = "";
  if (moves.length === 1) text = `Click to play: ${moves[0].text}`;
  else if (moves.length > 1) text = `Click to choose among ${moves.length} moves here: ${moves[0].text}, …`;
  else if (app.boardMoves && app.boardMoves.length) text = "Click a lit place on the board to move.";
  $("move-hint").textContent = text;
}

/** A list of the moves at one place of the board, by the click; hovering one draws it. */
function openChooser(moves, event) {
  const chooser = $("move-chooser");
  const box = $("board-panel").getBoundingClientRect();
  chooser.style.left = `${Math.max(0, Math.min(event.clientX - box.left, box.width - 320))}px`;
  chooser.style.top = `${event.clientY - box.top + 8}px`;
  const drawn = app.view;
  $("move-options").replaceChildren(
    ...moves.map((move) => {
      const button = element("button", move.text);
      button.dataset.testid = "move-option";
      button.dataset.action = String(move.action);
      button.addEventListener("click", action(() => makeMove(move)));
      button.addEventListener("mouseenter", () => previewMove(drawn, move).catch(showError));
      button.addEventListener("mouseleave", () => app.view === drawn && drawBoard(drawn.svg));
      return button;
    }),
  );
  chooser.hidden = false;
}

function closeChooser() {
  if ($("move-chooser").hidden) return;
  $("move-chooser").hidden = true;
  if (app.view) drawBoard(app.view.svg);
}

async function previewMove(drawn, move) {
  const shown = await post("/api/view", current({ highlight: [move.action] }));
  if (app.view === drawn && !$("move-chooser").hidden) drawBoard(shown.svg);
}

async function makeMove(move) {
  $("move-chooser").hidden = true;
  await choose(app.view.to_move, move);
}

// ---------- chance, in Analyse and Play ----------

/** One chance outcome drawn by the server: the game's seed, then one more for each roll. */
async function rollChance() {
  const seed = numberOr($("seed").value);
  const drawn = Number.isInteger(seed) ? seed + app.play.rolls : seed;
  const rolled = await post("/api/roll", current({ seed: drawn }));
  app.play.rolls += 1;
  return rolled;
}

function recordRoll(rolled) {
  const { action, text } = rolled.rolled;
  record(rolled, { label: text, player: CHANCE, actions: [action] });
}

/** At a chance node, Analyse offers to roll or to choose what was drawn, and go on. */
function renderChance() {
  const view = app.view;
  const due = Boolean(view && view.chance && !view.terminal);
  $("chance-box").hidden = !due;
  if (!due) return;
  const select = $("chance-outcome");
  select.replaceChildren();
  for (const outcome of view.outcomes || []) {
    const odds = `${outcome.text} (${(100 * outcome.probability).toFixed(1)}%)`;
    select.append(new Option(odds, String(outcome.action)));
  }
}

async function chooseOutcome() {
  const action = Number($("chance-outcome").value);
  const outcome = (app.view.outcomes || []).find((o) => o.action === action);
  if (outcome) await choose(CHANCE, outcome);
}

// ---------- play ----------

function renderSeats(count) {
  const box = $("seats");
  const kept = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  for (let p = 0; p < count; p += 1) {
    const label = document.createElement("label");
    const select = document.createElement("select");
    select.id = `seat-${p}`;
    select.dataset.testid = `seat-${p}`;
    select.append(new Option("Human", "human"), new Option("AI", "ai"));
    select.value = kept[p] || (p === 0 ? "human" : "ai");
    label.append(element("span", `Player ${p}`), select);
    box.append(label);
  }
}

function fillReviewPlayers(count) {
  const select = $("review-players");
  select.replaceChildren(new Option("all", ""));
  for (let p = 0; p < count; p += 1) select.append(new Option(`player ${p}`, String(p)));
}

function seat(player) {
  const select = $(`seat-${player}`);
  return select ? select.value : "human";
}

function setPlayStatus(text) {
  $("play-status").textContent = text;
}

function startPlay() {
  current();
  app.play.running = true;
  $("play-start").disabled = true;
  $("play-pause").disabled = false;
  hideResult();
  return playLoop();
}

function pausePlay(text = "Paused.") {
  app.play.running = false;
  cancelSearch();
  $("play-start").disabled = false;
  $("play-pause").disabled = true;
  setPlayStatus(text);
  renderChoices();
}

/** Moves for the AI seats and rolls for chance until a person must choose (or the game ends). */
async function playLoop() {
  if (app.play.stepping) return;
  app.play.stepping = true;
  try {
    while (app.play.running) {
      const view = app.view;
      if (view.terminal) {
        const title = view.title ? `; ${view.title}` : "";
        pausePlay(`Game over: scores ${view.scores.join(" · ")}${title}.`);
        break;
      }
      if (view.chance) {
        if ($("play-chance").value !== "server") break;
        const rolled = await rollChance();
        if (!app.play.running) break;
        recordRoll(rolled);
        continue;
      }
      if (seat(view.to_move) !== "ai") break;
      const player = view.to_move;
      setPlayStatus(`Player ${player} (AI) is thinking…`);
      const think = (info) =>
        setPlayStatus(`Player ${player} (AI) is thinking… ${info.iterations} iterations`);
      const body = searchBody($("play-time").value, { multipv: 1 });
      const result = await runSearch(body, think).promise;
      if (!app.play.running) break;
      here().evaluation = { ...result.evaluation, player };
      const next = await post("/api/apply", current({ actions: result.actions }));
      if (!app.play.running) break;
      record(next, { label: plan(result).join("; "), player, actions: result.actions });
    }
  } catch (error) {
    if (!(error instanceof Cancelled)) {
      showError(error);
      pausePlay("Stopped after an error (see above); press Start to go on.");
    }
  } finally {
    app.play.stepping = false;
    renderChoices();
  }
}

/** The choices of a person in the Play tab: legal moves of a human seat, or typed-in chance. */
function renderChoices() {
  const view = app.view;
  const box = $("play-legal");
  box.replaceChildren();
  let items = [];
  let player = null;
  if (view && app.play.running && !app.play.stepping && !view.terminal) {
    if (view.chance && $("play-chance").value === "typed") {
      const odds = (o) => `${o.text} (${(100 * o.probability).toFixed(1)}%)`;
      items = (view.outcomes || []).map((o) => ({ ...o, text: odds(o) }));
      player = CHANCE;
      setPlayStatus("Chance: choose what was drawn or rolled at the table.");
    } else if (!view.chance && seat(view.to_move) === "human") {
      items = view.legal || [];
      player = view.to_move;
      const where = (view.legal || []).some((move) => move.target) ? "on the board or below" : "below";
      setPlayStatus(`Player ${player} to move: choose a move ${where}.`);
    }
  }
  $("play-choices").hidden = items.length === 0;
  for (const item of items) {
    const button = document.createElement("button");
    button.textContent = item.text;
    button.dataset.action = String(item.action);
    button.dataset.testid = "choice";
    button.addEventListener("click", action(() => choose(player, item)));
    box.append(button);
  }
  filterChoices();
  markTargets();
}

function filterChoices() {
  const words = $("play-filter").value.toLowerCase().split(/\s+/).filter(Boolean);
  for (const button of $("play-legal").children) {
    const text = button.textContent.toLowerCase();
    button.hidden = !words.every((w) => text.includes(w));
  }
}

/** Plays a person's choice (a move or what chance gave) and goes on with the game in play. */
async function choose(player, item) {
  $("play-legal").replaceChildren();
  const next = await post("/api/apply", current({ actions: [item.action] }));
  const label = item.text.replace(/ \([\d.]+%\)$/, "");
  record(next, { label, player, actions: [item.action] });
  await playLoop();
}

// ---------- replay ----------

async function playSolo() {
  const game = selectedGame();
  const options = { ...readOptions(), players: 1 };
  const seed = numberOr($("solo-seed").value);
  const body = { game: game.name, options, seed, agent: $("solo-agent").value };
  $("solo-summary").textContent = "Playing the solo game…";
  let run;
  try {
    run = await post("/api/solo", body);
  } catch (error) {
    $("solo-summary").textContent = "";
    throw error;
  }
  const scores = Array.isArray(run.scores) ? run.scores.join(" · ") : String(run.scores);
  const title = run.title ? `; title: ${run.title}` : "";
  $("solo-summary").textContent = `${run.steps.length} steps; score ${scores}${title}`;
  const shown = { game: run.game, options: run.options, observer: null, highlight: [] };
  const view = await post("/api/view", { ...shown, position: run.initial });
  fillGameForm(run.game, run.options);
  const steps = run.steps.map((step) => ({
    label: step.text,
    player: step.player,
    actions: [step.action],
    position: step.position,
  }));
  $("observer").value = "";
  newPosition(view, `solo game of ${run.agent}, seed ${run.seed}`, null, steps, [], run.seed);
}

// ---------- tabs and wiring ----------

function selectTab(name) {
  app.tab = name;
  for (const tab of document.querySelectorAll("#tabs [role=tab]")) {
    const on = tab.dataset.panel === name;
    tab.setAttribute("aria-selected", String(on));
    $(`panel-${tab.dataset.panel}`).hidden = !on;
  }
  markTargets();
}

/** Starts over from a new position (new game, loaded position, solo game): no search, no game in
 * play, a history of that position and the `steps` that follow it (a solo game's). */
function newPosition(view, label, seenBy = null, steps = [], prefix = null, seed = null) {
  pausePlay("");
  app.play.rolls = 0;
  if (app.reviewing) app.reviewing.cancel();
  const start = { label, player: null, actions: null, position: view.position, evaluation: null };
  const entries = [start, ...steps.map((step) => ({ evaluation: null, ...step }))];
  app.history = { entries, index: 0, seenBy, prefix, seed };
  $("review-summary").hidden = true;
  $("review-progress").textContent = "";
  show(view);
}

async function newGame() {
  const game = selectedGame();
  const seed = numberOr($("seed").value);
  const body = { game: game.name, options: readOptions(), seed, advance: true, observer: null };
  const asked = (app.deals = (app.deals || 0) + 1);
  const view = await post("/api/new", body);
  if (asked !== app.deals) return; // a newer game was asked for meanwhile
  $("observer").value = "";
  newPosition(view, `new game, seed ${seed}`, null, [], view.dealt, Number.isInteger(seed) ? seed : null);
}

// ---------- the history ----------

/** The history's current entry (the position on the board). */
function here() {
  return app.history.entries[app.history.index];
}

/** Shows `view`, reached from the position on the board by `step` ({label, player, actions}), as
 * the history's next entry; the entries that followed the current one are dropped. */
function record(view, step) {
  const history = app.history;
  history.entries.splice(history.index + 1);
  history.entries.push({ ...step, position: view.position, evaluation: null });
  history.index = history.entries.length - 1;
  show(view);
}

/** The view of history entry `index`, as the chosen player sees it. */
function viewAt(index) {
  const { game, options } = app.view;
  const { position } = app.history.entries[index];
  return post("/api/view", { game, options, position, observer: observer(), highlight: [] });
}

/** Goes to entry `index` of the history (a game in play pauses). */
async function goTo(index) {
  const history = app.history;
  const target = Math.max(0, Math.min(history.entries.length - 1, index));
  if (target === history.index) return;
  if (app.play.running) pausePlay("Paused: you moved through the history.");
  history.index = target;
  renderHistory();
  const view = await viewAt(target);
  if (app.history === history && history.index === target) show(view);
}

const goBy = (delta) => action(() => goTo(app.history.index + delta));

function renderHistory() {
  const { entries, index } = app.history;
  const list = $("move-list");
  list.replaceChildren(
    ...entries.map((entry, i) => {
      const item = document.createElement("li");
      const text = element("span", stepText(entry.player, entry.label));
      const mark = worstMark(entry);
      if (mark) {
        const badge = element("b", MARKS[mark]);
        badge.className = `mark ${mark}`;
        badge.title = mark;
        text.prepend(badge, " ");
        item.dataset.mark = mark;
      }
      item.append(text);
      item.title = item.textContent;
      item.dataset.index = String(i);
      item.dataset.player = String(entry.player ?? "");
      if (i === index) item.setAttribute("aria-current", "step");
      return item;
    }),
  );
  const current = list.children[index];
  if (current) list.scrollTop = current.offsetTop - list.clientHeight / 2;
  const last = entries.length - 1;
  $("history-first").disabled = $("history-back").disabled = index <= 0;
  $("history-forward").disabled = $("history-last").disabled = index >= last;
  $("history-place").textContent = `${Math.max(index, 0)} / ${Math.max(last, 0)}`;
  drawGraph();
}

function onMoveListClick(event) {
  const item = event.target.closest("li[data-index]");
  if (item) action(() => goTo(Number(item.dataset.index)))();
}

// ---------- the evaluation ----------

/** An evaluation in words: "62% win chance" or "expected final score 231". */
function evaluationText(evaluation) {
  if (evaluation.measures === "win chance") return `${(100 * evaluation.value).toFixed(0)}% win chance`;
  return `expected final score ${Number(evaluation.value).toFixed(1)}`;
}

/** The share of its range an evaluation fills (0 to 1). */
function evaluationShare(evaluation) {
  const span = evaluation.high - evaluation.low;
  return span > 0 ? Math.max(0, Math.min(1, (evaluation.value - evaluation.low) / span)) : 0;
}

/** The evaluation bar: the last search's evaluation of this position, for the player to move. */
function showEvaluation(evaluation) {
  const bar = $("eval-bar");
  if (!evaluation || evaluation.value === undefined) {
    bar.dataset.value = "";
    bar.dataset.measures = "";
    $("eval-fill").style.width = "0";
    $("eval-text").textContent = "Not evaluated yet: Analyse → Best turn.";
    return;
  }
  bar.dataset.value = String(evaluation.value);
  bar.dataset.measures = evaluation.measures;
  bar.setAttribute("aria-valuenow", String(evaluation.value));
  bar.setAttribute("aria-valuemin", String(evaluation.low));
  bar.setAttribute("aria-valuemax", String(evaluation.high));
  $("eval-fill").style.width = `${(100 * evaluationShare(evaluation)).toFixed(1)}%`;
  const range = evaluation.measures === "win chance" ? "" : ` (of ${evaluation.low} to ${evaluation.high})`;
  $("eval-text").textContent = `Player ${evaluation.player}: ${evaluationText(evaluation)}${range}`;
}

const PLAYER_COLOURS = ["#2f6fd0", "#d0452f", "#2f9e5a", "#a05fd0", "#d09a2f", "#2fb5c0", "#7a6b5a", "#d02f8c"];

/** The evaluations of the history's positions as a graph: in two players player 0's win chance,
 * otherwise each player's evaluation at their own turns; a click goes to that position. */
function drawGraph() {
  const { entries, index } = app.history;
  const graph = $("eval-graph");
  const width = Math.max(entries.length - 1, 1);
  const duel = app.view && players(app.view) === 2;
  const lines = new Map();
  entries.forEach((entry, i) => {
    const evaluation = entry.evaluation;
    if (!evaluation || evaluation.value === undefined) return;
    let share = evaluationShare(evaluation);
    let who = evaluation.player;
    if (duel && who === 1) [share, who] = [1 - share, 0];
    if (!lines.has(who)) lines.set(who, []);
    lines.get(who).push(`${i},${(1 - share).toFixed(4)}`);
  });
  const parts = [`<line class="now" x1="${index}" x2="${index}" y1="0" y2="1"/>`];
  parts.push(`<line class="middle" x1="0" x2="${width}" y1="0.5" y2="0.5"/>`);
  for (const [who, points] of lines) {
    const colour = PLAYER_COLOURS[who % PLAYER_COLOURS.length];
    parts.push(`<polyline points="${points.join(" ")}" stroke="${colour}" data-player="${who}"/>`);
  }
  graph.setAttribute("viewBox", `0 0 ${width} 1`);
  graph.innerHTML = parts.join("");
  graph.dataset.points = String([...lines.values()].reduce((n, points) => n + points.length, 0));
  const what = duel ? "player 0's win chance" : "each player's evaluation at their turns";
  $("eval-graph-caption").textContent = lines.size ? `Graph: ${what}; click to go there.` : "";
}

function onGraphClick(event) {
  const box = $("eval-graph").getBoundingClientRect();
  const count = app.history.entries.length;
  if (count < 2 || box.width === 0) return;
  const index = Math.round(((event.clientX - box.left) / box.width) * (count - 1));
  action(() => goTo(index))();
}

// ---------- game records and review ----------

const MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

function worstMark(entry) {
  const marks = (entry.review || []).map((decision) => decision.mark);
  return ["blunder", "mistake", "inaccuracy"].find((mark) => marks.includes(mark));
}

/** The history as a game from its start: every action (the deal's chance draws first) and, for
 * each, the history entry whose move it is part of. */
function playedFromStart() {
  const { entries, prefix } = app.history;
  if (!Array.isArray(prefix)) {
    const why = "this history starts from a position set up or loaded, not from a game's start: " +
      "save it as a position (Set up → Save file)";
    throw new ApiError(`record: ${why}`, "record");
  }
  const actions = [...prefix];
  const entryOf = prefix.map(() => 0);
  entries.slice(1).forEach((entry, i) => {
    if (entry.actions === null) {
      throw new ApiError(`record: move ${i + 1} is a setup edit, not a move: a record holds moves only`, "record");
    }
    for (const action of entry.actions) {
      actions.push(action);
      entryOf.push(i + 1);
    }
  });
  return { actions, entryOf };
}

/** Who played each seat, for a record's header. */
function seatNames() {
  return Array.from({ length: players(app.view) }, (_, p) => (seat(p) === "ai" ? "AI" : "person"));
}

async function recordOfHistory() {
  const { actions } = playedFromStart();
  const { game, options } = app.view;
  const body = { game, options, actions, seed: app.history.seed, seats: seatNames() };
  return post("/api/record/save", body);
}

async function saveRecord() {
  const saved = await recordOfHistory();
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([saved.text], { type: "application/json" }));
  link.download = saved.file_name;
  link.click();
  URL.revokeObjectURL(link.href);
  $("review-progress").textContent = `Saved as ${saved.file_name} (${saved.record.steps.length} steps).`;
}

/** Opens a game record file: its steps, one an entry, become the history. */
async function openRecord() {
  const file = $("record-file").files[0];
  if (!file) return;
  let record;
  try {
    record = JSON.parse(await file.text());
  } catch (error) {
    throw new ApiError(`record: not valid JSON (${error.message})`, "record");
  } finally {
    $("record-file").value = "";
  }
  const opened = await post("/api/record/open", { record });
  const { game, options, header } = opened;
  const view = await post("/api/view", { game, options, position: opened.initial, observer: null, highlight: [] });
  fillGameForm(game, options);
  $("observer").value = "";
  const steps = opened.steps.map((step) => ({
    label: step.words,
    player: step.player,
    actions: [step.action],
    position: step.position,
  }));
  const who = Array.isArray(header.seats) ? ` of ${header.seats.join(" v ")}` : "";
  newPosition(view, `game record${who}${header.date ? `, ${header.date}` : ""}`, null, steps, [], header.seed ?? null);
}

/** Reviews the history's game as `solver review` does: each decision's loss, marked in the move
 * list as it comes, and the values in the graph. */
async function reviewGame() {
  const { entryOf } = playedFromStart();
  const saved = await recordOfHistory();
  const history = app.history;
  for (const entry of history.entries) entry.review = [];
  const message = { type: "review", record: saved.record, time: numberOr($("review-time").value) };
  if ($("review-players").value !== "") message.players = [Number($("review-players").value)];
  let count = 0;
  const decided = (decision) => {
    count += 1;
    const entry = history.entries[entryOf[decision.step]];
    if (entry) entry.review.push(decision);
    $("review-progress").textContent = `Reviewing… ${count} decisions so far.`;
    if (app.history === history) {
      renderHistory();
      renderReviewHere();
    }
  };
  if (app.reviewing) app.reviewing.cancel();
  const job = runSocket(message, decided, "review");
  app.reviewing = job;
  $("review-stop").disabled = false;
  try {
    const found = await job.promise;
    evaluationsOf(history, entryOf, found);
    if (app.history === history) {
      showReview(found, count);
      renderHistory();
      showEvaluation(here().evaluation);
    }
  } finally {
    if (app.reviewing === job) app.reviewing = null;
    $("review-stop").disabled = true;
  }
}

/** The reviewed values as the evaluation of each position a decision was made in (the value of
 * its best action, for the player to decide). */
function evaluationsOf(history, entryOf, found) {
  const [low, high] = found.scale;
  const measures = found.players > 1 ? "win chance" : "final score";
  history.entries.forEach((entry, i) => {
    const first = (entry.review || []).find((d) => entryOf[d.step] === i);
    const before = history.entries[i - 1];
    if (first && before && !before.evaluation) {
      before.evaluation = { measures, value: first.best_value, low, high, player: first.player };
    }
  });
}

function showReview(found, count) {
  const stopped = found.stopped ? " (stopped)" : "";
  $("review-progress").textContent = `${count} decisions reviewed${stopped}; values in ${found.units}.`;
  const rows = Object.entries(found.summary).map(([who, seat]) => {
    const row = document.createElement("tr");
    const cells = [`player ${who}`, seat.decisions, Number(seat.mean_loss).toFixed(3), seat.inaccuracy,
      seat.mistake, seat.blunder];
    row.append(...cells.map((cell) => element("td", String(cell))));
    return row;
  });
  $("review-rows").replaceChildren(...rows);
  $("review-summary").hidden = false;
}

/** What the review says of the move on the board: each of its decisions, and the better turn. */
function renderReviewHere() {
  const entry = here();
  const decisions = (entry && entry.review) || [];
  $("review-here").hidden = decisions.length === 0;
  $("review-decisions").replaceChildren(
    ...decisions.map((d) => {
      const item = document.createElement("li");
      const mark = d.mark ? ` — ${d.mark} ${MARKS[d.mark]}` : "";
      const short = (x) => (Math.abs(x) >= 10 ? x.toFixed(1) : x.toFixed(3));
      item.append(element("span", `player ${d.player} played ${d.played_words} (${short(d.value)}); ` +
        `best ${d.best_words} (${short(d.best_value)}); loss ${short(d.loss)}${mark}`));
      if (d.best_actions && d.best_actions.length) {
        const button = element("button", "Show the better turn");
        button.dataset.testid = "review-show-best";
        button.addEventListener("click", action(() => showBetterTurn(d)));
        item.append(" ", button);
      }
      return item;
    }),
  );
}

/** Draws a decision's better turn over the position it was made in. */
async function showBetterTurn(decision) {
  const { entries, index } = app.history;
  const { entryOf } = playedFromStart();
  const before = entries[index - 1];
  const first = entryOf.indexOf(index);
  const played = entries[index].actions.slice(0, decision.step - first);
  const { game, options } = app.view;
  let position = before.position;
  if (played.length) position = (await post("/api/apply", { game, options, position, actions: played })).position;
  const shown = await post("/api/view", { game, options, position, observer: observer(), highlight: decision.best_actions });
  if (here() === entries[index]) drawBoard(shown.svg);
}

// ---------- the link ----------

const LINK = "#v1.";
const LINK_MOST = 8000; // characters; a longer history is shared as its current position alone

async function packed(object) {
  const input = new Blob([JSON.stringify(object)]).stream();
  const deflated = input.pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(deflated).arrayBuffer());
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function unpacked(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return JSON.parse(await new Response(inflated).text());
}

/** What a link holds: the game, its options, who it is shown as, the last position set up or
 * loaded at or before the current one, the actions of the steps from there, and where we are. */
function linkContent() {
  const { entries, index, seenBy } = app.history;
  let from = index;
  while (from > 0 && entries[from].actions !== null) from -= 1;
  let to = index;
  while (to + 1 < entries.length && entries[to + 1].actions !== null) to += 1;
  const { game, options } = app.view;
  return {
    game,
    options,
    observer: observer(),
    seen_by: seenBy,
    prefix: from === 0 ? app.history.prefix : null,
    seed: app.history.seed,
    label: entries[from].label,
    position: entries[from].position,
    steps: entries.slice(from + 1, to + 1).map((entry) => entry.actions),
    index: index - from,
  };
}

/** Puts the link to what is shown in the address bar (the current position alone if the history
 * is too long for a link). */
async function writeLink() {
  if (!app.view || !here()) return "";
  const written = (app.linkWrites = (app.linkWrites || 0) + 1);
  const content = linkContent();
  let text = await packed(content);
  if (text.length > LINK_MOST) {
    const alone = { ...content, label: "shared position", prefix: null, steps: [], index: 0 };
    text = await packed({ ...alone, position: here().position });
  }
  if (written === app.linkWrites) window.history.replaceState(null, "", LINK + text);
  return location.href;
}

/** Opens a link written by `writeLink`: the game, the position and the steps that follow it. */
async function openLink(text) {
  let shared;
  try {
    shared = await unpacked(text);
  } catch (error) {
    throw new ApiError(`link: not a link of this page (${error.message})`, "link");
  }
  if (!shared || typeof shared !== "object" || !Array.isArray(shared.steps)) {
    throw new ApiError("link: not a link of this page (no steps)", "link");
  }
  const { game, options, position, steps, index } = shared;
  const seen = Number.isInteger(shared.seen_by) ? shared.seen_by : null;
  const shownAs = seen ?? (Number.isInteger(shared.observer) ? shared.observer : null);
  const view = await post("/api/view", { game, options, position, observer: shownAs, highlight: [] });
  const replayed = steps.length ? await post("/api/replay", { game, options, position, steps }) : { steps: [] };
  fillGameForm(view.game, view.options);
  fillObserver(players(view));
  $("observer").value = shownAs === null ? "" : String(shownAs);
  const following = replayed.steps.map((step, i) => ({
    label: step.words.join("; "),
    player: step.player,
    actions: steps[i],
    position: step.position,
  }));
  const prefix = Array.isArray(shared.prefix) ? shared.prefix : null;
  const seed = Number.isInteger(shared.seed) ? shared.seed : null;
  newPosition(view, String(shared.label || "shared position"), seen, following, prefix, seed);
  if (Number.isInteger(index) && index > 0) await goTo(index);
}

async function share() {
  const url = await writeLink();
  $("share-url").value = url;
  $("share-box").hidden = false;
  $("share-url").select();
  if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
}

async function start() {
  setBusy(+1);
  try {
    const listed = await request("GET", "/api/games");
    app.games = listed.games;
    for (const game of app.games) $("game").append(new Option(game.title || game.name, game.name));
    fillGameForm(app.games[0].name);
    if (location.hash.startsWith(LINK)) await openLink(location.hash.slice(LINK.length));
    else await newGame();
  } catch (error) {
    showError(error);
    if (!app.view) await newGame().catch(showError);
  } finally {
    setBusy(-1);
  }
}

function wire() {
  const on = (id, event, handler) => $(id).addEventListener(event, handler);
  on("game", "change", action(async () => {
    if ($("game").value === app.formGame) return;
    fillGameForm($("game").value);
    await newGame();
  }));
  on("new-game", "click", action(newGame));
  on("observer", "change", action(refresh));
  on("error-close", "click", clearError);
  for (const tab of document.querySelectorAll("#tabs [role=tab]")) {
    tab.addEventListener("click", () => selectTab(tab.dataset.panel));
  }
  on("board", "click", onBoardClick);
  on("board", "pointerdown", pan);
  on("zoom-in", "click", () => zoomBy(+1));
  on("zoom-out", "click", () => zoomBy(-1));
  on("zoom-fit", "click", () => setZoom(1));
  on("board", "mouseover", hoverMove);
  on("board", "mouseleave", () => ($("move-hint").textContent = ""));
  on("tool-apply", "click", action(() => edit(selectedTool(), {})));
  on("position-load", "click", action(loadPasted));
  on("position-copy", "click", action(copyPosition));
  on("position-download", "click", action(downloadPosition));
  on("position-file", "change", action(readFile));
  on("search-start", "click", action(bestTurn));
  on("search-stop", "click", () => stopSearch());
  on("result-apply", "click", action(applyResult));
  on("play-start", "click", action(startPlay));
  on("play-pause", "click", () => pausePlay());
  on("play-chance", "change", renderChoices);
  on("seats", "change", () => (app.play.running ? action(playLoop)() : undefined));
  on("play-filter", "input", filterChoices);
  on("solo-play", "click", action(playSolo));
  on("history-first", "click", action(() => goTo(0)));
  on("history-back", "click", goBy(-1));
  on("history-forward", "click", goBy(+1));
  on("history-last", "click", action(() => goTo(app.history.entries.length - 1)));
  on("move-list", "click", onMoveListClick);
  on("eval-graph", "click", onGraphClick);
  on("share", "click", action(share));
  on("record-save", "click", action(saveRecord));
  on("record-file", "change", action(openRecord));
  on("review-start", "click", action(reviewGame));
  on("review-stop", "click", () => stopSearch(app.reviewing));
  on("chance-roll", "click", action(async () => recordRoll(await rollChance())));
  on("chance-choose", "click", action(chooseOutcome));
  const keys = { ArrowLeft: goBy(-1), ArrowRight: goBy(+1) };
  Object.assign(keys, { "+": () => zoomBy(+1), "-": () => zoomBy(-1), 0: () => setZoom(1) });
  keys.Home = action(() => goTo(0));
  keys.End = action(() => goTo(app.history.entries.length - 1));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") closeChooser();
    const typing = ["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement.tagName);
    if (typing || event.altKey || event.ctrlKey || event.metaKey || !keys[event.key]) return;
    event.preventDefault();
    keys[event.key]();
  });
}

wire();
setZoom(1);
start();
