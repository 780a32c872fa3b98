// The preview studio's page: draws every case of every pack on every surface and appearance
// from the server's JSON (or the data a static copy carries), keeps it current from the event
// stream, and sends every API request with the page's token.
"use strict";

const studio = {
  meta: null,            // surfaces, appearances, phone classes, read-only state
  packs: new Map(),      // path -> pack
  phone: "393",
  rejected: new Set(),   // case ids rejected since they were last rendered
  revision: 0,
  opened: Date.now(),
  /** Seconds the page has kept time since it opened: how far live fields have ticked past their case's now. */
  clock: () => (Date.now() - studio.opened) / 1000,
};
const token = document.querySelector('meta[name="liverules-token"]').content;
const embedded = document.getElementById("studio-data");
const $ = (id) => document.getElementById(id);

/** An element with attributes (`class`, `data-*`, …) and children (nodes or text). */
function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "style") Object.assign(node.style, value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// ---- Loading and live updates -------------------------------------------------------------

async function start() {
  if (embedded) {
    apply(JSON.parse(embedded.textContent));
    $("live").textContent = "static copy";
    return;
  }
  apply(await fetchJSON("/api/studio"));
  listen();
}

/** The JSON `url` answers, asked with the token; throws the server's error (with its `status`). */
async function fetchJSON(url, options = {}) {
  const response = await fetch(url, { ...options, headers: { ...options.headers, "X-LiveRules-Token": token } });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    throw Object.assign(new Error(body.error || `${response.status} ${response.statusText}`), { status: response.status });
  }
  return body;
}

/** Takes a snapshot (every pack, or some) and draws what changed. */
function apply(snapshot) {
  const first = studio.meta === null;
  studio.meta = snapshot;
  studio.revision = snapshot.revision;
  document.body.dataset.revision = String(snapshot.revision);
  if (first) setUpControls();
  for (const pack of snapshot.packs) {
    studio.packs.set(pack.path, pack);
    for (const item of pack.cases) studio.rejected.delete(item.id);
    drawPack(pack);
  }
  fillFilterChoices();
  applyFilters();
}

function listen() {
  const events = new EventSource("/api/events?token=" + encodeURIComponent(token));
  events.addEventListener("open", () => { $("live").textContent = "live"; $("live").classList.add("on"); });
  events.addEventListener("error", () => { $("live").textContent = "reconnecting…"; $("live").classList.remove("on"); });
  // After a reconnection (the server restarted, or changes were missed), draw everything again.
  events.addEventListener("hello", async (event) => {
    if (JSON.parse(event.data).revision === studio.revision) return;
    try {
      apply(await fetchJSON("/api/studio"));
    } catch (error) {
      notify(String(error.message), true);
    }
  });
  events.addEventListener("change", async (event) => {
    const change = JSON.parse(event.data);
    if (change.revision <= studio.revision) return;
    try {
      apply(await fetchJSON("/api/studio?pack=" + encodeURIComponent(change.pack)));
    } catch (error) {
      notify(String(error.message), true);
    }
  });
}

// ---- Controls and filters -----------------------------------------------------------------

function setUpControls() {
  for (const width of studio.meta.phoneClasses) $("phone-class").append(el("option", { value: String(width) }, `${width} pt`));
  for (const surface of studio.meta.surfaces) $("filter-surface").append(el("option", { value: surface.id }, surface.title));
  for (const appearance of studio.meta.appearances) $("filter-appearance").append(el("option", { value: appearance.id }, appearance.title));
  $("filter-appearance").append(el("option", { value: "stale" }, "Stale (where the timing rule sets a stale date)"));
  $("phone-class").addEventListener("change", () => { studio.phone = $("phone-class").value; redrawAll(); });
  $("zoom").addEventListener("change", () => document.documentElement.style.setProperty("--zoom", $("zoom").value));
  for (const id of ["filter-pack", "filter-phase", "filter-surface", "filter-appearance", "filter-status", "filter-text"]) {
    $(id).addEventListener("input", applyFilters);
  }
  $("filters").addEventListener("submit", (event) => event.preventDefault());
  document.addEventListener("keydown", onKey);
}

function fillFilterChoices() {
  const fill = (select, values) => {
    const chosen = select.value;
    select.replaceChildren(el("option", { value: "" }, "all"), ...values.map((value) => el("option", { value }, value)));
    select.value = values.includes(chosen) ? chosen : "";
  };
  const packs = [...studio.packs.values()];
  fill($("filter-pack"), packs.map((pack) => pack.path));
  fill($("filter-phase"), [...new Set(packs.flatMap((pack) => pack.phases))]);
}

function applyFilters() {
  const pack = $("filter-pack").value, phase = $("filter-phase").value, status = $("filter-status").value;
  const surface = $("filter-surface").value, appearance = $("filter-appearance").value;
  const text = $("filter-text").value.trim().toLowerCase();
  const counts = { cases: 0, unchanged: 0, changed: 0, new: 0, error: 0 };
  for (const section of document.querySelectorAll("section.pack")) {
    section.hidden = pack !== "" && section.dataset.pack !== pack;
    for (const node of section.querySelectorAll("article.case")) {
      node.hidden = section.hidden || (phase !== "" && node.dataset.phase !== phase)
        || (status !== "" && node.dataset.status !== status) || (text !== "" && !node.dataset.case.toLowerCase().includes(text));
      if (!node.hidden) { counts.cases += 1; counts[node.dataset.status] += 1; }
    }
  }
  for (const figure of document.querySelectorAll("figure.surface")) figure.hidden = surface !== "" && figure.dataset.surface !== surface;
  for (const block of document.querySelectorAll("div.appearance")) block.hidden = appearance !== "" && block.dataset.appearance !== appearance;
  $("counts").textContent = `${counts.cases} cases · ${counts.unchanged} unchanged · ${counts.changed} changed · ${counts.new} new · ${counts.error} error`;
}

function redrawAll() {
  for (const pack of studio.packs.values()) drawPack(pack, true);
  applyFilters();
}

// ---- The matrix ---------------------------------------------------------------------------

/** Draws a pack's section, or brings it up to date: only cases whose data changed are drawn
 * again (an open details panel and the focus stay where they were). */
function drawPack(pack, redraw = false) {
  const sections = [...document.querySelectorAll("section.pack")];
  let section = sections.find((node) => node.dataset.pack === pack.path);
  if (!section) {
    section = el("section", { class: "pack", "data-pack": pack.path });
    const next = sections.find((node) => node.dataset.pack > pack.path);
    $("matrix").insertBefore(section, next || null);
  }
  const heading = el("h2", {}, pack.name || pack.path, " ", el("small", {}, pack.path));
  const banner = pack.banner.length > 0 && el("div", { class: "banner", role: "alert" },
    el("strong", {}, "The last save was refused: the last good rules keep showing."),
    el("pre", {}, pack.banner.join("\n")));
  const old = new Map([...section.querySelectorAll("article.case")].map((node) => [node.dataset.case, node]));
  const focused = document.activeElement && document.activeElement.closest ? document.activeElement.closest("article.case") : null;
  const anchor = placeOnScreen();
  const cases = pack.cases.map((item) => {
    const signature = JSON.stringify([item, studio.phone, studio.rejected.has(item.id)]);
    const previous = old.get(item.id);
    if (previous && !redraw && previous.signature === signature) return previous;
    const node = drawCase(pack, item);
    node.signature = signature;
    if (previous) {
      // Panels keep the state they had; a panel the case did not have (its diff, once it changes) opens as drawn.
      const had = new Map([...previous.querySelectorAll("details")].map((details) => [details.className, details.open]));
      for (const details of node.querySelectorAll("details")) if (had.has(details.className)) details.open = had.get(details.className);
    }
    return node;
  });
  const warnings = pack.warnings.length > 0 && el("div", { class: "warnings" },
    el("strong", {}, "Warnings from the last reload:"), el("pre", {}, pack.warnings.join("\n")));
  const refused = banner && !section.querySelector(".banner");
  section.replaceChildren(heading, ...[banner, warnings].filter(Boolean), ...cases);
  keepPlace(anchor);
  if (refused) notify(`${pack.name || pack.path}: the last save was refused, the last good rules keep showing: ${pack.banner[0]}`, true);
  if (focused && focused.isConnected === false) {
    const again = section.querySelector(`article.case[data-case="${CSS.escape(focused.dataset.case)}"]`);
    if (again) again.focus({ preventScroll: true });
  } else if (focused) focused.focus({ preventScroll: true });
}

function drawCase(pack, item) {
  const presentation = item.presentation;
  const description = item.fixture ? describe(item.fixture) : null;
  const readOnly = studio.meta.readOnly;
  const decidable = item.status === "changed" || item.status === "new";
  const head = el("header", { class: "case-head" },
    el("span", { class: `status status-${item.status}` }, item.status),
    el("h3", {}, item.name),
    presentation && el("span", { class: "phase" }, presentation.phase),
    presentation && el("span", { class: `tone tone-${presentation.badge.tone}`, "data-tone": presentation.badge.tone }, presentation.badge.text),
    presentation && el("span", { class: "score" }, `score ${presentation.relevance.score}`),
    presentation && presentation.relevance.alert && el("span", { class: "alert" }, "alerts"),
    studio.rejected.has(item.id) && el("span", { class: "rejected" }, "rejected: the golden stays"),
    decidable && !readOnly && el("button", { type: "button", "data-act": "accept" }, "Accept"),
    decidable && !readOnly && el("button", { type: "button", "data-act": "reject" }, "Reject"),
    !embedded && el("button", { type: "button", "data-act": "timeline" }, "Timeline"),
    description && el("span", { class: "description" }, description));
  const node = el("article", {
    class: "case", tabindex: "0", "data-case": item.id, "data-pack": pack.path, "data-status": item.status,
    "data-phase": presentation ? presentation.phase : "",
  }, head);
  if (presentation) {
    for (const appearance of studio.meta.appearances) node.append(drawAppearance(item, appearance));
    if (item.stale) node.append(drawStale(item));
  }
  if (item.status === "error") node.append(el("pre", { class: "problems" }, item.problems.join("\n")));
  if (item.status === "changed") node.append(drawChange(item));
  if (item.findings.length > 0) node.append(el("p", { class: "dropped" }, "Output checks: " + item.findings.join(" · ")));
  node.append(el("details", { class: "more" }, el("summary", {}, "Presentation and fixture"),
    el("div", { class: "columns" },
      el("div", {}, el("h5", {}, "Presentation"), el("pre", { class: "presentation-json" }, item.current || "(none)")),
      el("div", {}, el("h5", {}, item.fixtureFile), el("pre", { class: "fixture-json" }, item.fixture || "(unreadable)")))));
  node.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-act]");
    if (button) act(button.dataset.act, node);
  });
  return node;
}

/** The fixture's `description`, when it has one. */
function describe(text) {
  try { return JSON.parse(text).description || null; } catch { return null; }
}

function drawChange(item) {
  const lines = (item.diff || "").split("\n").map((line) =>
    el("span", { class: line.startsWith("+") ? "add" : line.startsWith("-") ? "del" : "" }, line + "\n"));
  return el("details", { class: "changes", open: true }, el("summary", {}, "Golden and current, side by side"),
    el("ul", { class: "paths" }, item.problems.map((path) => el("li", {}, path))),
    el("div", { class: "columns" },
      el("div", {}, el("h5", {}, "Golden " + item.goldenFile), el("pre", { class: "golden-json" }, item.golden || "")),
      el("div", {}, el("h5", {}, "Current"), el("pre", { class: "current-json" }, item.current || ""))),
    el("pre", { class: "diff" }, lines));
}

function drawAppearance(item, appearance) {
  const palette = item.presentation.palette[appearance.id];
  return el("div", { class: "appearance", "data-appearance": appearance.id },
    el("h4", {}, appearance.title,
      ["background", "foreground", "accent"].map((key) => el("span", { class: "swatch", title: `${key} ${palette[key]}`, style: { background: palette[key] } })),
      palette.fallback && el("span", { class: "fallback" }, "fallback: " + palette.fallback)),
    el("div", { class: "surfaces" }, studio.meta.surfaces.filter((surface) => surface.palettes[appearance.id])
      .map((surface) => drawSurface(surface, item.presentation, item.slots, appearance.id, item.now))));
}

/** The case once its timing rule's stale date has passed with no update, in dark: a device shows
 *  the last content it was pushed, marked stale, its clocks stopped at the stale date; below,
 *  what the rules would present then, for the next push. */
function drawStale(item) {
  const stale = item.stale, at = new Date(stale.at * 1000).toISOString().replace(".000Z", "Z");
  const last = el("div", { class: "surfaces stale-content" }, studio.meta.surfaces.map((surface) =>
    drawSurface(surface, item.presentation, item.slots, "dark", stale.at, true)));
  const next = stale.presentation
    ? [el("h5", {}, `The next push (the rules at ${at}): ${stale.presentation.phase} · ${stale.presentation.badge.text}`),
       el("div", { class: "surfaces" }, studio.meta.surfaces.map((surface) => drawSurface(surface, stale.presentation, stale.slots, "dark", stale.at)))]
    : [el("h5", {}, `The next push (the rules at ${at}): the rules fail`), el("pre", { class: "problems" }, stale.problems.join("\n"))];
  return el("div", { class: "appearance stale", "data-appearance": "stale" },
    el("h4", {}, `Stale (from ${at}): the last content, marked stale`), last, ...next);
}

/** One surface in one appearance, to scale: the frame from the server, each field in its slot,
 *  live fields read at `now` (Unix seconds) and ticking on from there, or stopped when `stale`. */
function drawSurface(surface, presentation, slots, appearance, now, stale = false) {
  const palette = presentation.palette[surface.palettes[appearance]];
  const width = surface.width[studio.phone];
  const frame = el("div", {
    class: stale ? "frame stale" : "frame",
    style: {
      width: surface.maxWidth ? null : `${width}px`, minWidth: `${width}px`,
      maxWidth: surface.maxWidth ? `${surface.maxWidth[studio.phone]}px` : null,
      minHeight: `${surface.height}px`, maxHeight: `${surface.maxHeight}px`,
      height: surface.height === surface.maxHeight ? `${surface.height}px` : null,
      borderRadius: `${surface.cornerRadius}px`, background: palette.background, color: palette.foreground,
    },
  });
  frame.style.setProperty("--accent", palette.accent);
  const dropped = [];
  surface.placements.forEach((placement, index) => {
    if (surface.id === "islandCompact" && index === 1) frame.append(el("div", { class: "sensor" }));
    const layout = presentation.layout[placement.id] || { fields: [], dropped: [] };
    const region = el("div", { class: `placement placement-${placement.id}`, "data-placement": placement.id });
    if (surface.sideWidth) region.style.width = `${surface.sideWidth[studio.phone]}px`;
    if (placement.id === "androidOngoing") region.append(el("div", { class: "icon" }));
    if (placement.id === "islandExpanded") region.append(el("div", { class: "sensor" }));
    const areas = new Map(placement.slots.map((slot) => [slot.name, el("div", {
      class: `slot slot-${slot.name}`, "data-slot": slot.name, "data-lines": String(slot.lines),
      style: { width: `${slot.width[studio.phone]}px`, fontSize: `${slot.fontSize}px`, WebkitLineClamp: String(slot.lines), maxHeight: `${slot.lines * 1.2 * slot.fontSize}px` },
    })]));
    const names = slots[placement.id] || [];
    layout.fields.forEach((field, position) => {
      const area = areas.get(names[position]) || areas.values().next().value;
      area.append(drawField(field, presentation, now, stale));
    });
    for (const area of areas.values()) if (area.childNodes.length > 0) region.append(area);
    frame.append(region);
    if (layout.dropped.length > 0) dropped.push(...layout.dropped);
  });
  const body = surface.scale === 1 ? frame : el("div", { style: { zoom: String(surface.scale) } }, frame);
  return el("figure", { class: `surface surface-${surface.id}`, "data-surface": surface.id },
    el("figcaption", {}, surface.title),
    body,
    dropped.length > 0 && el("div", { class: "dropped" }, "dropped: " + dropped.join(", ")));
}

/** A field: a badge as a pill, a progress as a bar (its percentage as its label), a timer as a
 *  clock that ticks with the page (see liveTick), anything else as its text. */
function drawField(field, presentation, now, stale) {
  const isBadge = field.id === "badge";
  const live = field.live || {};
  const node = el("span", {
    class: isBadge ? `field badge tone-${presentation.badge.tone}` : live.progress ? "field progress" : "field", "data-field": field.id, title: field.id,
  }, field.glyph && el("i", { class: `glyph glyph-${field.glyph}`, "aria-label": field.glyph }));
  if (live.timer && now != null) {
    const clock = el("span", { class: "clock", "data-date": String(Date.parse(live.timer.date) / 1000), "data-counts": live.timer.counts,
      "data-prefix": live.timer.prefix || "", "data-suffix": live.timer.suffix || "", "data-now": String(now) }, field.text);
    if (!stale) clock.dataset.ticks = "";
    node.append(clock);
    liveUpdate(clock, stale ? 0 : studio.clock());
  } else if (live.progress && now != null) {
    const bar = el("span", { class: "bar", "data-start": String(Date.parse(live.progress.start) / 1000),
      "data-finish": String(Date.parse(live.progress.finish) / 1000), "data-now": String(now), role: "progressbar" },
      el("span", { class: "fill" }), el("span", { class: "label" }, field.text));
    if (!stale) bar.dataset.ticks = "";
    node.append(bar);
    liveUpdate(bar, stale ? 0 : studio.clock());
  } else {
    node.append(field.text);
  }
  return node;
}

// ---- Live fields ----------------------------------------------------------------------------

/** A timer's reading `elapsed` seconds after its case's now, as LiveForm.reading(at:) computes
 *  it: "m:ss" under an hour, "h:mm:ss" from an hour on, a countdown counting a partial second as
 *  a whole one, never below zero. */
function clockReading(node, elapsed) {
  const date = Number(node.dataset.date), now = Number(node.dataset.now) + elapsed;
  const span = node.dataset.counts === "down" ? date - now : now - date;
  const ms = Math.floor(span * 1000 + 0.5);
  const seconds = ms <= 0 ? 0 : node.dataset.counts === "down" ? Math.floor((ms + 999) / 1000) : Math.floor(ms / 1000);
  const hours = Math.floor(seconds / 3600), minutes = Math.floor((seconds % 3600) / 60), rest = seconds % 60;
  const two = (value) => String(value).padStart(2, "0");
  return node.dataset.prefix + (hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${minutes}:${two(rest)}`) + node.dataset.suffix;
}

/** Draws a live clock or bar `elapsed` seconds after its case's now. */
function liveUpdate(node, elapsed) {
  if (node.classList.contains("clock")) {
    node.textContent = clockReading(node, elapsed);
    return;
  }
  const start = Number(node.dataset.start), finish = Number(node.dataset.finish), now = Number(node.dataset.now) + elapsed;
  const percent = Math.min(100, Math.max(0, Math.floor(((now - start) * 100) / (finish - start))));
  node.style.setProperty("--percent", String(percent));
  node.lastChild.textContent = `${percent}%`;
  node.setAttribute("aria-valuenow", String(percent));
}

/** Moves every ticking live field to `studio.clock()` seconds after its case's now: the page is a
 *  device that was pushed at the case's now and has kept time since. */
function liveTick() {
  const elapsed = studio.clock();
  for (const node of document.querySelectorAll("[data-ticks]")) liveUpdate(node, elapsed);
}

// ---- Golden decisions ---------------------------------------------------------------------

async function act(action, node) {
  const pack = studio.packs.get(node.dataset.pack);
  const item = pack && pack.cases.find((entry) => entry.id === node.dataset.case);
  if (!item) return;
  if (action === "timeline") return openTimeline(pack, item);
  if (studio.meta.readOnly || !(item.status === "changed" || item.status === "new")) return;
  try {
    const updated = await fetchJSON(`/api/${action}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ pack: pack.path, case: item.id, current: item.current }),
    });
    pack.cases = pack.cases.map((entry) => (entry.id === updated.id ? updated : entry));
    if (action === "reject") studio.rejected.add(item.id);
    drawPack(pack);
    applyFilters();
    notify(action === "accept" ? `accepted ${item.id}: ${item.goldenFile} written` : `rejected ${item.id}: the golden stays`);
  } catch (error) {
    notify(`${action} ${item.id}: ${error.message}`, true);
  }
}

/** The case the reader is looking at (the focused one if it is on screen, else the first whose
 *  bottom is below the header) and where its top is in the window; nil when none is. */
function placeOnScreen() {
  const top = document.querySelector("header.bar").getBoundingClientRect().bottom;
  const focused = document.activeElement && document.activeElement.closest ? document.activeElement.closest("article.case") : null;
  const visible = (node) => { const box = node.getBoundingClientRect(); return box.bottom > top && box.top < window.innerHeight; };
  const node = focused && visible(focused) ? focused : [...document.querySelectorAll("article.case:not([hidden])")].find(visible);
  return node ? { id: node.dataset.case, top: node.getBoundingClientRect().top } : null;
}

/** Scrolls so that the case `anchor` names is where it was before a redraw. */
function keepPlace(anchor) {
  if (!anchor) return;
  const node = document.querySelector(`article.case[data-case="${CSS.escape(anchor.id)}"]`);
  if (node) window.scrollBy(0, node.getBoundingClientRect().top - anchor.top);
}

function notify(message, bad = false) {
  const notice = $("notice");
  notice.textContent = message;
  notice.classList.toggle("bad", bad);
  notice.hidden = false;
  notice.onclick = () => { notice.hidden = true; };
}

// ---- Timeline -----------------------------------------------------------------------------

let timelineRequest = null;   // the AbortController of the timeline being fetched

/** Fetches and draws a timeline. A timeline still being fetched is abandoned (the server stops
 * stepping through it when its request goes away); while the server is busy with another one
 * (503), asks again every half second, up to 20 times. */
async function openTimeline(pack, item, range = {}) {
  const panel = $("timeline");
  panel.hidden = false;
  panel.replaceChildren(el("h2", {}, `Timeline of ${item.id}`, " …"));
  const query = new URLSearchParams({ pack: pack.path, case: item.id });
  for (const [key, value] of Object.entries(range)) if (value) query.set(key, value);
  if (timelineRequest) timelineRequest.abort();
  const request = timelineRequest = new AbortController();
  let timeline;
  for (let attempt = 1; !timeline; attempt++) {
    try {
      timeline = await fetchJSON("/api/timeline?" + query, { signal: request.signal });
    } catch (error) {
      if (request.signal.aborted) return;
      if (error.status === 503 && attempt < 20) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        continue;
      }
      panel.replaceChildren(el("h2", {}, `Timeline of ${item.id}`), el("p", { class: "problems" }, error.message));
      return;
    }
  }
  if (request.signal.aborted) return;
  timelineRequest = null;
  drawTimeline(panel, pack, item, timeline);
}

/** Hides the timeline and abandons the one being fetched, if any. */
function closeTimeline() {
  $("timeline").hidden = true;
  if (timelineRequest) timelineRequest.abort();
  timelineRequest = null;
}

function drawTimeline(panel, pack, item, timeline) {
  const from = Date.parse(timeline.from), to = Date.parse(timeline.to), span = Math.max(to - from, 1);
  const at = (moment) => ((Date.parse(moment.now) - from) / span) * 100;
  const phases = pack.phases;
  const hue = (phase) => (phases.indexOf(phase) * 67) % 360;
  const strip = el("div", { class: "strip" });
  timeline.moments.forEach((moment, index) => {
    const next = timeline.moments[index + 1];
    const end = next ? at(next) : 100;
    const phase = moment.presentation ? moment.presentation.phase : "error";
    strip.append(el("div", {
      class: "segment", title: `${moment.now} ${phase}`, "data-phase": phase,
      style: { left: `${at(moment)}%`, width: `${Math.max(end - at(moment), 0.2)}%`, background: moment.presentation ? `hsl(${hue(phase)} 60% 75%)` : "#ff3b30" },
    }));
    if (moment.changes.includes("phase")) strip.append(el("div", { class: "tick", style: { left: `${at(moment)}%` } }));
    if (moment.alert) strip.append(el("div", { class: "alert-mark", title: `alert at ${moment.now}`, style: { left: `${at(moment)}%` } }));
  });
  const cursor = el("div", { class: "cursor" });
  strip.append(cursor);
  const scrubber = el("input", { type: "range", min: "0", max: String(Math.max(timeline.moments.length - 1, 0)), value: "0", "aria-label": "moment" });
  const detail = el("div", { class: "moment" });
  const show = () => {
    const moment = timeline.moments[Number(scrubber.value)];
    if (!moment) return;
    cursor.style.left = `${at(moment)}%`;
    const presentation = moment.presentation;
    detail.replaceChildren(
      el("p", {}, el("strong", {}, moment.now), " ",
        presentation ? [el("span", { class: "phase" }, presentation.phase), " ",
          el("span", { class: `tone tone-${presentation.badge.tone}` }, presentation.badge.text), " ",
          moment.alert ? el("span", { class: "alert" }, "alerts") : ""] : el("span", { class: "problems" }, (moment.problems || []).join("\n")),
        " · changed: ", moment.changes.join(", "), moment.placements.length ? ` (${moment.placements.join(", ")})` : "",
        moment.push && moment.push.length ? ` · push: ${moment.push.map((push) => push.reason).join(", ")}` : " · no push: the device keeps time"),
      presentation && el("div", { class: "surfaces" }, studio.meta.surfaces.map((surface) => drawSurface(surface, presentation, moment.slots || {}, "dark", Date.parse(moment.now) / 1000, true))));
  };
  scrubber.addEventListener("input", show);
  const form = el("form", {},
    el("label", {}, "From ", el("input", { name: "from", value: timeline.from, size: "22" })),
    el("label", {}, "To ", el("input", { name: "to", value: timeline.to, size: "22" })),
    el("label", {}, "Step (s) ", el("input", { name: "step", value: String(timeline.step), size: "6" })),
    el("button", { type: "submit" }, "Step through"),
    el("button", { type: "button", "data-close": "" }, "Close"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(form);
    openTimeline(pack, item, { from: data.get("from"), to: data.get("to"), step: data.get("step") });
  });
  form.querySelector("[data-close]").addEventListener("click", closeTimeline);
  const legend = el("p", { class: "legend" }, [...new Set(timeline.moments.map((moment) => moment.presentation ? moment.presentation.phase : null))]
    .filter(Boolean).map((phase) => el("span", { class: "phase", style: { background: `hsl(${hue(phase)} 60% 75%)` } }, phase)),
    el("span", { class: "alert" }, "▮ alert"), " ▏ phase change");
  panel.replaceChildren(
    el("h2", {}, `Timeline of ${item.id}`,
      el("span", { class: "counts", "data-updates": String(timeline.updates), "data-pushes": String(timeline.pushes), "data-alerts": String(timeline.alerts) },
        `${timeline.pushes} pushes · ${timeline.updates} presentations · ${timeline.alerts} alerts · ${timeline.steps} steps`)),
    ...(timeline.stopped ? [el("p", { class: "problems stopped" }, timeline.stopped)] : []),
    form, strip, legend, scrubber, detail);
  show();
}

// ---- Keyboard -----------------------------------------------------------------------------

function onKey(event) {
  if (event.target.closest("input, select, textarea, button, summary")) {
    if (event.key === "Escape") event.target.blur();
    return;
  }
  const cases = [...document.querySelectorAll("article.case")].filter((node) => !node.hidden);
  const current = document.activeElement && document.activeElement.closest ? document.activeElement.closest("article.case") : null;
  const index = current ? cases.indexOf(current) : -1;
  const move = (step) => {
    const next = cases[Math.min(Math.max(index + step, 0), cases.length - 1)];
    if (next) { next.focus(); next.scrollIntoView({ block: "nearest" }); }
  };
  switch (event.key) {
    case "j": case "ArrowDown": move(1); break;
    case "k": case "ArrowUp": move(-1); break;
    case "/": $("filter-text").focus(); break;
    case "Escape": closeTimeline(); return;
    case "Enter": if (current) { const details = current.querySelector("details.more"); details.open = !details.open; } break;
    case "a": if (current) act("accept", current); break;
    case "r": if (current) act("reject", current); break;
    case "t": if (current && !embedded) act("timeline", current); break;
    default: return;
  }
  event.preventDefault();
}

start().catch((error) => notify("cannot load the studio: " + error.message, true));
setInterval(liveTick, 1000);
