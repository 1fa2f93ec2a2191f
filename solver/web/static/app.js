// The page of `solver serve`: set up a position by clicking, analyse it, play it, replay solo
// games.
//
// The server is stateless: the page keeps the last view (`app.view`, whose `position` is the full
// position JSON) and sends the position with every request. Every answer that is not a success
// (HTTP 400/500, a WebSocket error, a lost connection) is shown in #error, naming the field.

const $ = (id) => document.getElementById(id);
const element = (tag, text) => Object.assign(document.createElement(tag), { textContent: text });

const CHANCE = -1;
const SEARCH_ALGORITHM = "ai";

const app = {
  games: [], // GET /api/games
  view: null, // the view shown on the board
  tab: "setup",
  tool: null, // the name of the selected setup tool
  choices: {}, // tool name -> {param name -> index of the chosen value}
  search: null, // the running search: {socket, done, promise, cancel}
  result: null, // the last search result, for "Play this turn"
  play: { running: false, stepping: false, rolls: 0 },
  replay: { steps: [], initial: null, game: "", options: {}, index: 0, request: 0 },
  busy: 0,
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
  const game = selectedGame();
  const box = $("options");
  box.replaceChildren();
  for (const [option, fallback] of Object.entries(game.options)) {
    const value = values && option in values ? values[option] : fallback;
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.id = `opt-${option}`;
    input.dataset.testid = `opt-${option}`;
    input.dataset.option = option;
    if (option === "players") {
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
  for (const input of $("options").querySelectorAll("input")) {
    const name = input.dataset.option;
    if (input.type === "checkbox") options[name] = input.checked;
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
  if (!before || players(before) !== players(view)) renderSeats(players(view));
  renderChoices();
}

function drawBoard(svg) {
  const board = $("board");
  board.innerHTML = svg;
  const picture = board.querySelector("svg");
  if (picture) {
    picture.removeAttribute("width");
    picture.removeAttribute("height");
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

function fillObserver(count) {
  const select = $("observer");
  const kept = select.value;
  if (select.options.length === count + 1) return;
  select.replaceChildren(new Option("everyone (all visible)", ""));
  for (let p = 0; p < count; p += 1) select.append(new Option(`player ${p}`, String(p)));
  select.value = Number(kept) < count ? kept : "";
}

async function refresh() {
  show(await post("/api/view", current({ highlight: [] })));
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

/** Marks the board's elements the selected tool is used on (they light up under the mouse). */
function markTargets() {
  const tool = app.tab === "setup" ? selectedTool() : undefined;
  const target = tool ? tool.target : "";
  for (const element of $("board").querySelectorAll("[data-target]")) {
    element.classList.toggle("clickable", target !== "" && element.dataset.target === target);
  }
}

async function edit(tool, target) {
  const body = current({ tool: tool.name, params: toolParams(tool), target });
  show(await post("/api/edit", body));
  hideResult();
}

function onBoardClick(event) {
  const tool = app.tab === "setup" ? selectedTool() : undefined;
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
  const seen = observer();
  const count = position && Number.isInteger(position.players) ? position.players : 0;
  const shown = seen !== null && seen < count ? seen : null;
  const body = { game: game.name, options, position, highlight: [], observer: shown };
  const view = await post("/api/view", body);
  fillGameForm(view.game, view.options);
  newPosition(view);
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
  const socket = new WebSocket(searchUrl());
  const search = { socket, done: false };
  search.promise = new Promise((resolve, reject) => {
    const finish = (settle, value) => {
      if (search.done) return;
      search.done = true;
      if (app.search === search) app.search = null;
      socket.close();
      settle(value);
    };
    search.cancel = () => finish(reject, new Cancelled("search cancelled"));
    socket.onopen = () => socket.send(JSON.stringify({ type: "search", ...body }));
    socket.onmessage = (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        const why = "search: the server sent a message that is not JSON";
        finish(reject, new ApiError(why, "search"));
        return;
      }
      if (message.type === "info") onInfo(message);
      else if (message.type === "result") finish(resolve, message);
      else if (message.type === "error") {
        finish(reject, new ApiError(message.error, message.field || ""));
      }
    };
    socket.onclose = (event) => {
      const why = `search: the connection to the server closed (code ${event.code})`;
      finish(reject, new ApiError(why, "search"));
    };
  });
  app.search = search;
  return search;
}

function cancelSearch() {
  if (app.search) app.search.cancel();
}

function stopSearch() {
  const search = app.search;
  if (search && !search.done && search.socket.readyState === WebSocket.OPEN) {
    search.socket.send(JSON.stringify({ type: "stop" }));
  }
}

function searchBody(time, extra = {}) {
  return current({ time: numberOr(time), algorithm: SEARCH_ALGORITHM, ...extra });
}

function showInfo(info) {
  $("search-info").hidden = false;
  $("info-iterations").textContent = String(info.iterations ?? 0);
  $("info-seconds").textContent = Number(info.seconds ?? 0).toFixed(2);
  const player = app.view.to_move;
  const values = info.values;
  if (Array.isArray(values) && values[player] !== undefined) {
    $("info-value").textContent = values[player].toFixed(3);
  }
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
    numbers.textContent = `${Number(line.value).toFixed(3)} · ${line.visits ?? ""} visits`;
    item.append(head, numbers);
    if (Array.isArray(line.line) && line.line.length > 1) {
      const rest = document.createElement("div");
      rest.className = "line-rest";
      rest.textContent = line.line.slice(1).join(" → ");
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
  showInfo({ iterations: stats.iterations, seconds: stats.seconds, multipv: result.multipv });
  $("info-value").textContent = Number(result.value).toFixed(3);
  const list = $("result-plan");
  list.replaceChildren(...plan(result).map((step) => element("li", step)));
  const player = result.player ?? app.view.to_move;
  $("result-value").textContent = `value ${Number(result.value).toFixed(3)} for player ${player}`;
  $("result-stopped").hidden = !result.stopped;
  $("search-result").dataset.stopped = String(Boolean(result.stopped));
  $("search-result").hidden = false;
  if (result.svg) drawBoard(result.svg);
}

async function applyResult() {
  if (!app.result) return;
  const actions = app.result.actions;
  show(await post("/api/apply", current({ actions })));
  hideResult();
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

function seat(player) {
  const select = $(`seat-${player}`);
  return select ? select.value : "human";
}

function log(player, text) {
  const item = document.createElement("li");
  item.dataset.player = String(player);
  item.textContent = player === CHANCE ? `chance: ${text}` : `player ${player}: ${text}`;
  $("play-log").append(item);
  item.scrollIntoView({ block: "nearest" });
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
        log(CHANCE, `game over; scores ${view.scores.join(" · ")}${title}`);
        pausePlay("Game over.");
        break;
      }
      if (view.chance) {
        if ($("play-chance").value !== "server") break;
        const seed = numberOr($("seed").value);
        const drawn = Number.isInteger(seed) ? seed + app.play.rolls : seed;
        const rolled = await post("/api/roll", current({ seed: drawn }));
        app.play.rolls += 1;
        if (!app.play.running) break;
        log(CHANCE, rolled.rolled.text);
        show(rolled);
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
      const next = await post("/api/apply", current({ actions: result.actions }));
      log(player, plan(result).join("; "));
      show(next);
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
      setPlayStatus(`Player ${player} to move: choose a move.`);
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
}

function filterChoices() {
  const words = $("play-filter").value.toLowerCase().split(/\s+/).filter(Boolean);
  for (const button of $("play-legal").children) {
    const text = button.textContent.toLowerCase();
    button.hidden = !words.every((w) => text.includes(w));
  }
}

async function choose(player, item) {
  $("play-legal").replaceChildren();
  const next = await post("/api/apply", current({ actions: [item.action] }));
  log(player, item.text.replace(/ \([\d.]+%\)$/, ""));
  show(next);
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
  const { steps, initial } = run;
  Object.assign(app.replay, { steps, initial, game: game.name, options, index: 0 });
  const scores = Array.isArray(run.scores) ? run.scores.join(" · ") : String(run.scores);
  const title = run.title ? `; title: ${run.title}` : "";
  $("solo-summary").textContent = `${run.steps.length} steps; score ${scores}${title}`;
  $("replay-slider").max = String(run.steps.length);
  $("replay-controls").hidden = false;
  await showStep(0);
}

/** The board at step `index` of the replay: the start (0), or after the index-th move. */
async function showStep(index) {
  const replay = app.replay;
  const count = replay.steps.length;
  index = Math.max(0, Math.min(count, index));
  replay.index = index;
  $("replay-slider").value = String(index);
  const step = replay.steps[index - 1];
  const who = step && step.player === CHANCE ? "chance" : `player ${step ? step.player : ""}`;
  $("replay-step").textContent = step
    ? `Step ${index} of ${count}: ${who}: ${step.text}`
    : `Start of the game (${count} steps)`;
  const position = step ? step.position : replay.initial;
  const asked = (replay.request += 1);
  const { game, options } = replay;
  const body = { game, options, position, observer: null, highlight: [] };
  const view = await post("/api/view", body);
  if (asked === replay.request) show(view);
}

const stepBy = (delta) => action(() => showStep(app.replay.index + delta));

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

/** Starts over from a new position (new game, loaded position): no search, no game in play. */
function newPosition(view) {
  pausePlay("");
  app.play.rolls = 0;
  $("play-log").replaceChildren();
  hideResult();
  show(view);
}

async function newGame() {
  const game = selectedGame();
  const seed = numberOr($("seed").value);
  const body = { game: game.name, options: readOptions(), seed, advance: true, observer: null };
  const view = await post("/api/new", body);
  $("observer").value = "";
  newPosition(view);
}

async function start() {
  setBusy(+1);
  try {
    const listed = await request("GET", "/api/games");
    app.games = listed.games;
    for (const game of app.games) $("game").append(new Option(game.title || game.name, game.name));
    fillGameForm(app.games[0].name);
    await newGame();
  } catch (error) {
    showError(error);
  } finally {
    setBusy(-1);
  }
}

function wire() {
  const on = (id, event, handler) => $(id).addEventListener(event, handler);
  on("game", "change", () => fillGameForm($("game").value));
  on("new-game", "click", action(newGame));
  on("observer", "change", action(refresh));
  on("error-close", "click", clearError);
  for (const tab of document.querySelectorAll("#tabs [role=tab]")) {
    tab.addEventListener("click", () => selectTab(tab.dataset.panel));
  }
  on("board", "click", onBoardClick);
  on("tool-apply", "click", action(() => edit(selectedTool(), {})));
  on("position-load", "click", action(loadPasted));
  on("position-copy", "click", action(copyPosition));
  on("position-download", "click", action(downloadPosition));
  on("position-file", "change", action(readFile));
  on("search-start", "click", action(bestTurn));
  on("search-stop", "click", stopSearch);
  on("result-apply", "click", action(applyResult));
  on("play-start", "click", action(startPlay));
  on("play-pause", "click", () => pausePlay());
  on("play-chance", "change", renderChoices);
  on("seats", "change", () => (app.play.running ? action(playLoop)() : undefined));
  on("play-filter", "input", filterChoices);
  on("solo-play", "click", action(playSolo));
  on("replay-first", "click", action(() => showStep(0)));
  on("replay-prev", "click", stepBy(-1));
  on("replay-next", "click", stepBy(+1));
  on("replay-last", "click", action(() => showStep(app.replay.steps.length)));
  on("replay-slider", "input", action(() => showStep(Number($("replay-slider").value))));
  document.addEventListener("keydown", (event) => {
    const typing = ["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement.tagName);
    if (app.tab !== "replay" || typing || $("replay-controls").hidden) return;
    if (event.key === "ArrowLeft") stepBy(-1)();
    if (event.key === "ArrowRight") stepBy(+1)();
  });
}

wire();
start();
