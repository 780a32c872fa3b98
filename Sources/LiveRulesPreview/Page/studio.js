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

/** An element with attributes (`class`, `data-*`, …) and children (nodes or text, drawn by
 *  drawText: its emoji as shapes, except in an `option`, which holds text only). */
function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "style") Object.assign(node.style, value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : tag === "option" ? String(child) : drawText(String(child)));
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
  const style = getComputedStyle(document.documentElement);
  for (const tone of ["green", "neutral", "warning", "critical"]) {
    document.documentElement.style.setProperty(`--${tone}-night`, nightTint(style.getPropertyValue(`--${tone}`).trim()));
  }
  for (const width of studio.meta.phoneClasses) $("phone-class").append(el("option", { value: String(width) }, `${width} pt`));
  for (const surface of studio.meta.surfaces) $("filter-surface").append(el("option", { value: surface.id }, surface.title));
  for (const appearance of studio.meta.appearances) $("filter-appearance").append(el("option", { value: appearance.id }, appearance.title));
  $("filter-appearance").append(el("option", { value: "stale" }, "Stale (where the timing rule sets a stale date)"));
  $("phone-class").addEventListener("change", () => { studio.phone = $("phone-class").value; redrawAll(); });
  $("zoom").addEventListener("change", () => {
    document.documentElement.style.setProperty("--zoom", $("zoom").value);
    refit();
  });
  for (const id of ["filter-pack", "filter-phase", "filter-surface", "filter-appearance", "filter-status", "filter-text"]) {
    $(id).addEventListener("input", applyFilters);
  }
  $("filters").addEventListener("submit", (event) => event.preventDefault());
  $("menu").addEventListener("click", () => {
    const open = $("bar").classList.toggle("collapsed") === false;
    $("menu").setAttribute("aria-expanded", String(open));
  });
  let resized = null;
  window.addEventListener("resize", () => {
    clearTimeout(resized);
    resized = setTimeout(refit, 150);
  });
  document.addEventListener("keydown", onKey);
  document.addEventListener("copy", copyWithEmoji);
  // Widths measured before a font arrived are the fallback's: fit again with the page's font.
  document.fonts.addEventListener("loadingdone", refit);
}

/** colour.night: a colour ("#rrggbb") as StandBy draws it at night, red of the same lightness,
 *  R = round(0.2126 R + 0.7152 G + 0.0722 B) on the gamma-encoded channels. */
function nightTint(hex) {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `#${Math.round(0.2126 * r + 0.7152 * g + 0.0722 * b).toString(16).padStart(2, "0")}0000`;
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
  const text = $("filter-text").value.trim().toLowerCase();
  const counts = { cases: 0, unchanged: 0, changed: 0, new: 0, error: 0, explored: 0 };
  for (const section of document.querySelectorAll("section.pack")) {
    section.hidden = pack !== "" && section.dataset.pack !== pack;
    for (const node of section.querySelectorAll("article.case")) {
      node.hidden = section.hidden || (phase !== "" && node.dataset.phase !== phase)
        || (status !== "" && node.dataset.status !== status) || (text !== "" && !node.dataset.case.toLowerCase().includes(text));
      if (!node.hidden) { counts.cases += 1; counts[node.dataset.status] += 1; }
    }
  }
  filterSurfaces(document);
  $("counts").textContent = `${counts.cases} cases · ${counts.unchanged} unchanged · ${counts.changed} changed · ${counts.new} new · ${counts.error} error`
    + (counts.explored > 0 ? ` · ${counts.explored} explored` : "");
}

/** Shows only the surfaces and appearances the filters choose, under `root`. */
function filterSurfaces(root) {
  const surface = $("filter-surface").value, appearance = $("filter-appearance").value;
  for (const figure of root.querySelectorAll("figure.surface")) figure.hidden = surface !== "" && figure.dataset.surface !== surface;
  for (const block of root.querySelectorAll("div.appearance")) block.hidden = appearance !== "" && block.dataset.appearance !== appearance;
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
    // A case far from the window is drawn without its surfaces until it comes near (see
    // drawLater), in the room its surfaces took: a save redraws what the reader sees first.
    const box = previous && previous.getBoundingClientRect();
    const far = box && (box.bottom < -FAR || box.top > window.innerHeight + FAR);
    const node = drawCase(pack, item, far ? box.height : null);
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
  for (const node of cases) if (!node.fitted) fitting.observe(node);
  keepPlace(anchor);
  if (refused) notify(`${pack.name || pack.path}: the last save was refused, the last good rules keep showing: ${pack.banner[0]}`, true);
  if (focused && focused.isConnected === false) {
    const again = section.querySelector(`article.case[data-case="${CSS.escape(focused.dataset.case)}"]`);
    if (again) again.focus({ preventScroll: true });
  } else if (focused) focused.focus({ preventScroll: true });
}

/** A case's card; with `later` (the height of the card it replaces), its surfaces are drawn
 *  when it comes near the window, and until then the card keeps that height (it is off screen,
 *  sized by its contain-intrinsic-size). */
function drawCase(pack, item, later = null) {
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
    const surfaces = () => el("div", { class: "drawings" },
      studio.meta.appearances.map((appearance) => drawAppearance(item, appearance)), item.stale && drawStale(item));
    if (later) {
      const room = el("div", { class: "drawings" });
      node.append(room);
      node.style.containIntrinsicSize = `auto ${later}px`;
      node.drawSurfaces = () => {
        delete node.drawSurfaces;
        room.replaceWith(surfaces());
        filterSurfaces(node);
        fitCase(node);
      };
      drawing.observe(node);
    } else {
      node.append(surfaces());
    }
  }
  if (item.status === "error" || item.status === "explored") node.append(el("pre", { class: "problems" }, item.problems.join("\n")));
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
      .map((surface) => drawSurface(surface, item.presentation, item.measures, appearance.id, item.now))));
}

/** The case once its timing rule's stale date has passed with no update, in dark: a device shows
 *  the last content it was pushed, marked stale, its clocks stopped at the stale date; below,
 *  what the rules would present then, for the next push. */
function drawStale(item) {
  const stale = item.stale, at = new Date(stale.at * 1000).toISOString().replace(".000Z", "Z");
  const last = el("div", { class: "surfaces stale-content" }, studio.meta.surfaces.map((surface) =>
    drawSurface(surface, item.presentation, item.measures, "dark", stale.at, { stopped: true, stale: true })));
  const next = stale.presentation
    ? [el("h5", {}, `The next push (the rules at ${at}): ${stale.presentation.phase} · ${stale.presentation.badge.text}`),
       el("div", { class: "surfaces" }, studio.meta.surfaces.map((surface) => drawSurface(surface, stale.presentation, stale.measures, "dark", stale.at)))]
    : [el("h5", {}, `The next push (the rules at ${at}): the rules fail`), el("pre", { class: "problems" }, stale.problems.join("\n"))];
  return el("div", { class: "appearance stale", "data-appearance": "stale" },
    el("h4", {}, `Stale (from ${at}): the last content, marked stale`), last, ...next);
}

/** One surface in one appearance, to scale: the frame from the server, each placement's slots
 *  as its regions, each field on the line of the slot its layout names, in a box as wide as the
 *  rules measured it (`measures`: per placement, each field's width on its line; fitCase widens
 *  it where the page's font draws the text wider and the slot has the room); live fields read
 *  at `now` (Unix seconds) and ticking on from there, or `stopped` there. A `stale` frame is
 *  dimmed, and its caption says so: the mark is outside the frame, over nothing it shows. */
function drawSurface(surface, presentation, measures, appearance, now, { stopped = false, stale = false } = {}) {
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
  frame.style.setProperty("--background", palette.background);
  const dropped = [];
  surface.placements.forEach((placement, index) => {
    if (surface.id === "islandCompact" && index === 1) frame.append(el("div", { class: "sensor" }));
    const layout = presentation.layout[placement.id] || { fields: [], dropped: [] };
    if (layout.dropped.length > 0) dropped.push(...layout.dropped);
    if (placement.id === "androidOngoing") {
      Object.assign(frame.style, ANDROID_SYSTEM[appearance]);
      frame.append(drawAndroid(placement, layout, now, stopped));
      return;
    }
    const region = el("div", { class: `placement placement-${placement.id}`, "data-placement": placement.id });
    if (surface.sideWidth) region.style.width = `${surface.sideWidth[studio.phone]}px`;
    if (placement.id === "islandExpanded") region.append(el("div", { class: "sensor" }));
    const areas = new Map(placement.slots.map((slot) => [slot.name, el("div", {
      class: `slot slot-${slot.name}`, "data-slot": slot.name, "data-lines": String(slot.lines), "data-width": String(slot.width[studio.phone]),
      style: { width: `${slot.width[studio.phone]}px`, fontSize: `${slot.fontSize}px`, letterSpacing: `${tracking(slot.fontSize)}px` },
    })]));
    const widths = (measures && measures[placement.id]) || [];
    const lead = placement.slots.find((slot) => slot.lead);
    const last = new Map();   // slot name -> its last line so far
    layout.fields.forEach((field, position) => {
      // A field a rule built without a place: the lead slot for the first, else the default
      // slot, on a line of its own.
      const name = areas.has(field.slot) ? field.slot : position === 0 && lead ? lead.name : placement.slots[0].name;
      const line = field.line || (last.get(name) || 0) + 1;
      last.set(name, Math.max(line, last.get(name) || 0));
      lineOf(areas.get(name), line).append(drawField(field, presentation, now, stopped, widths[position]));
    });
    for (const area of areas.values()) if (area.childNodes.length > 0) region.append(area);
    frame.append(region);
  });
  const body = surface.scale === 1 ? frame : el("div", { class: "scaled", style: { zoom: String(surface.scale) } }, frame);
  const figure = el("figure", { class: `surface surface-${surface.id}`, "data-surface": surface.id },
    el("figcaption", {}, surface.title, stale && el("span", { class: "stale-mark" }, "stale")),
    el("div", { class: "fit" }, body),
    dropped.length > 0 && el("div", { class: "dropped" }, "dropped: " + dropped.join(", ")));
  // A surface whose drawing changes at a moment of the page's clock (Android's chronometer
  // stopping or starting) is drawn again then: see liveTick.
  figure.redraw = () => {
    const again = drawSurface(surface, presentation, measures, appearance, now, { stopped, stale });
    const node = figure.closest("article.case");
    again.hidden = figure.hidden;
    figure.replaceWith(again);
    if (node && node.fitted) fitCase(node);
  };
  return figure;
}

// Android draws a promoted notification in the system's colours, whatever the rules' palette:
// only the accent (icon, app name, bar) is the rules'.
const ANDROID_SYSTEM = {
  light: { background: "#FFFFFF", color: "#1D1B20" },
  dark: { background: "#2B2930", color: "#E6E0E9" },
};
// The fields the app draws as quick replies (the example app's, as android/'s tests name them).
const QUICK_REPLIES = new Set(["runningLate"]);
const SEPARATOR = " · ";

/** The `androidOngoing` placement as the library in android/ draws it (OngoingLayout, the
 *  article "Android notifications"): a header (icon, app name, the chronometer's words, its
 *  clock in Android's form), the title, the text line and the chip joined by " · ", one bar, the
 *  quick reply as an action; no glyph, no other timer or progress. A timer without hours is no
 *  chronometer: it is text, its whole minutes ("67'"), in its slot's place. Each field drawn keeps
 *  its `data-field`. A chronometer that stops or starts at its date, and a minute text at its next
 *  minute, have their surface drawn again then. */
function drawAndroid(placement, layout, now, stopped) {
  const at = now == null ? null : now + (stopped ? 0 : studio.clock());
  const slots = new Map(placement.slots.map((slot) => [slot.name, slot]));
  const lead = placement.slots.find((slot) => slot.lead);
  const placed = layout.fields.map((field, position) => ({
    field, live: field.live || {},
    slot: slots.has(field.slot) ? field.slot : position === 0 && lead ? lead.name : "text",
  }));
  const minutes = (each) => each.live.timer && each.live.timer.showsHours === false;
  const timers = placed.filter((each) => each.live.timer && !minutes(each));
  const timed = timers.find((each) => each.slot === "chip") || timers[0];
  const barred = placed.find((each) => each.live.progress)
    || placed.find((each) => each.slot === "progress" && !each.live.timer && percentage(each.field.text) !== null);
  const date = timed && Date.parse(timed.live.timer.date) / 1000;
  const running = timed !== undefined && at !== null && (timed.live.timer.counts === "down" ? at < date : at >= date);
  const lines = { title: [], text: [], chip: [] };
  const actions = [];
  for (const each of placed) {
    let node;
    if (each === timed && !running) {
      const timer = each.live.timer;
      node = androidField(each.field, `${timer.prefix || ""}0:00${timer.suffix || ""}`);
      // A count-up before its date starts the chronometer there.
      if (!stopped && timer.counts !== "down") node.dataset.until = String(date - now);
    } else if (minutes(each) && at !== null) {
      const timer = each.live.timer, counts = timer.counts, start = Date.parse(timer.date) / 1000;
      const shown = Math.floor(timerSeconds(counts, start, at) / 60);
      node = androidField(each.field, `${timer.prefix || ""}${shown}'${timer.suffix || ""}`);
      // The minute changes: a count-up's at its next whole minute, a countdown's a second after
      // it is reached (a partial second counts whole), and not past zero.
      const next = counts === "down" ? (shown > 0 ? start - shown * 60 + 1 : null) : start + (shown + 1) * 60;
      if (!stopped && next !== null) node.dataset.until = String(next - now);
    } else if (each === timed || each === barred || each.live.timer || each.live.progress) {
      continue;
    } else if (QUICK_REPLIES.has(each.field.id)) {
      actions.push(el("button", { type: "button", class: "field action", "data-field": each.field.id, title: each.field.id, tabindex: "-1" },
        el("span", { class: "text" }, each.field.text)));
      continue;
    } else {
      node = androidField(each.field, each.field.text);
    }
    lines[each.slot === "title" || each.slot === "chip" ? each.slot : "text"].push(node);
  }
  const line = (name, nodes) => nodes.length > 0 && el("div", { class: `slot slot-${name}`, "data-slot": name,
    style: { fontSize: `${(slots.get(name) || slots.get("text")).fontSize}px` } },
    el("div", { class: "line", "data-line": "1" }, nodes.flatMap((node, index) => index === 0 ? [node] : [SEPARATOR, node])));
  let clock = null;
  if (running) {
    const timer = timed.live.timer;
    clock = () => {
      const node = el("span", { class: "clock", "data-date": String(date), "data-counts": timer.counts, "data-now": String(now),
        "data-form": "android" }, el("span", { class: "reading" }));
      // A countdown's chronometer stops at its date.
      if (!stopped) node.dataset.ticks = "";
      if (!stopped && timer.counts === "down") node.dataset.until = String(date - now);
      liveUpdate(node, at - now);
      return node;
    };
  }
  const words = running ? [timed.live.timer.prefix, timed.live.timer.suffix].map((word) => (word || "").trim()).filter(Boolean).join(" ") : "";
  const header = el("div", { class: "header" }, el("div", { class: "icon" }), el("span", { class: "app" }, "App"),
    words && [" · ", el("span", { class: "sub-text" }, words)],
    running && [" · ", el("span", { class: "field chronometer", "data-field": timed.field.id, title: timed.field.id },
      el("span", { class: "text" }, clock()))]);
  const chip = lines.chip.length > 0 ? line("chip", lines.chip)
    : el("div", { class: "slot slot-chip", "data-slot": "chip" }, el("div", { class: "icon" }), running && clock());
  let bar = null;
  if (barred) {
    const progress = barred.live.progress;
    const meter = el("span", { class: "meter", role: "progressbar", "data-now": String(now),
      "data-start": progress ? String(Date.parse(progress.start) / 1000) : null,
      "data-finish": progress ? String(Date.parse(progress.finish) / 1000) : null }, el("span", { class: "fill" }));
    if (progress) {
      if (!stopped) meter.dataset.ticks = "";
      liveUpdate(meter, at - now);
    } else {
      meter.style.setProperty("--percent", String(percentage(barred.field.text)));
      meter.setAttribute("aria-valuenow", String(percentage(barred.field.text)));
    }
    bar = el("div", { class: "slot slot-progress", "data-slot": "progress" },
      el("div", { class: "line", "data-line": "1" }, el("span", { class: "field progress", "data-field": barred.field.id, title: barred.field.id },
        el("span", { class: "text" }, meter))));
  }
  return el("div", { class: "placement placement-androidOngoing", "data-placement": placement.id },
    chip, header, line("title", lines.title), line("text", lines.text), bar,
    actions.length > 0 && el("div", { class: "actions" }, actions));
}

/** A field of the notification drawn as `text`, without its glyph. */
function androidField(field, text) {
  return el("span", { class: "field", "data-field": field.id, title: field.id }, el("span", { class: "text" }, text));
}

/** The value of a percentage text "0%" to "100%", or null. */
function percentage(text) {
  return /^[0-9]{1,3}%$/.test(text) && Number(text.slice(0, -1)) <= 100 ? Number(text.slice(0, -1)) : null;
}

// The system font's tracking in points by size (Apple's typography guidelines), which a device
// adds between the characters of a text at that size.
const TRACKING = { 11: 0.06, 12: 0, 13: -0.08, 14: -0.15, 15: -0.24, 16: -0.31, 17: -0.43, 18: -0.44, 19: -0.45, 20: -0.45 };

/** The tracking (points) a device gives text of `size` points: the table's, or its nearest size's. */
function tracking(size) {
  const sizes = Object.keys(TRACKING).map(Number);
  return TRACKING[sizes.reduce((best, each) => Math.abs(each - size) < Math.abs(best - size) ? each : best)];
}

/** Line `number` of a slot's region, made (with the lines before it) when it has none yet. */
function lineOf(area, number) {
  for (let count = area.children.length; count < number; count++) {
    area.append(el("div", { class: "line", "data-line": String(count + 1) }));
  }
  return area.children[number - 1];
}

/** A field in a box `width` points wide (the rules' measure, kept as its `data-measure`; its
 *  natural width when unknown): a badge as a pill, a progress as a bar (its percentage as its
 *  label), a timer as a clock that ticks with the page (see liveTick) unless `stopped`, a glyph
 *  as an icon before the text. */
function drawField(field, presentation, now, stopped, width) {
  const isBadge = field.id === "badge";
  const live = field.live || {};
  const node = el("span", {
    class: isBadge ? `field badge tone-${presentation.badge.tone}` : live.progress ? "field progress" : "field",
    "data-field": field.id, "data-slot": field.slot || "", "data-line": field.line ? String(field.line) : "", title: field.id,
    "data-measure": width != null ? String(width) : null, style: { width: width != null ? `${width}px` : null },
  }, field.glyph && el("span", { class: "glyph-box" }, drawGlyph(field.glyph)));
  const text = el("span", { class: "text" });
  if (live.timer && now != null) {
    // The words around the clock drawn once (their emoji as shapes), the reading between them.
    const clock = el("span", { class: "clock", "data-date": String(Date.parse(live.timer.date) / 1000), "data-counts": live.timer.counts,
      "data-prefix": live.timer.prefix || "", "data-suffix": live.timer.suffix || "", "data-now": String(now),
      "data-hours": live.timer.showsHours === false ? "false" : null },
      live.timer.prefix || "", el("span", { class: "reading" }), live.timer.suffix || "");
    if (!stopped) clock.dataset.ticks = "";
    text.append(clock);
    liveUpdate(clock, stopped ? 0 : studio.clock());
  } else if (live.progress && now != null) {
    const bar = el("span", { class: "meter", "data-start": String(Date.parse(live.progress.start) / 1000),
      "data-finish": String(Date.parse(live.progress.finish) / 1000), "data-now": String(now), role: "progressbar" },
      el("span", { class: "fill" }), el("span", { class: "label" }, field.text));
    if (!stopped) bar.dataset.ticks = "";
    text.append(bar);
    liveUpdate(bar, stopped ? 0 : studio.clock());
  } else {
    text.append(drawText(field.text));
  }
  node.append(text);
  return node;
}

// The bundled icons: 16-unit SVG paths by the name an "icon:NAME" glyph gives; any other name is
// drawn as its first letter in a rounded square.
const ICONS = {
  bell: "M8 1.5a4 4 0 0 0-4 4V9L2.5 11.5h11L12 9V5.5a4 4 0 0 0-4-4zM6.5 13a1.5 1.5 0 0 0 3 0z",
  clock: "M8 1.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zm.75 3v3.2l2.3 1.4-.75 1.2-3-1.8V4.5z",
  check: "M6.2 11.6 2.8 8.2l1.1-1.1 2.3 2.3 5.9-5.9 1.1 1.1z",
  warning: "M8 1.5 .8 14h14.4zM7.25 6h1.5v4h-1.5zm0 5h1.5v1.5h-1.5z",
  car: "M3 7l1.5-3.5h7L13 7h1v4.5h-1.5a1.5 1.5 0 0 1-3 0h-3a1.5 1.5 0 0 1-3 0H2V7zm2-.5h6l-.9-2H5.9z",
  bag: "M4 5V4a4 4 0 0 1 8 0v1h2l-1 10H3L2 5zm1.5 0h5V4a2.5 2.5 0 0 0-5 0z",
  person: "M8 2a3 3 0 1 1 0 6 3 3 0 0 1 0-6zm-5.5 12a5.5 5.5 0 0 1 11 0z",
  location: "M8 1a4.5 4.5 0 0 0-4.5 4.5C3.5 9 8 15 8 15s4.5-6 4.5-9.5A4.5 4.5 0 0 0 8 1zm0 3a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z",
  video: "M1.5 4h9v8h-9zm10 2.5 3-2v7l-3-2z",
  ball: "M8 1.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zm0 3 2.4 1.7-.9 2.8h-3l-.9-2.8z",
};

/** A glyph: a dot in its tone, or an icon of the bundled set by name. */
function drawGlyph(spelling) {
  if (!spelling.startsWith("icon:")) {
    const tone = spelling === "dot" ? "green" : spelling.replace(/ dot$/, "");
    return el("i", { class: `glyph dot tone-${tone}`, "aria-label": spelling });
  }
  const name = spelling.slice(5), path = ICONS[name];
  const svg = svgNode("svg", { viewBox: "0 0 16 16", class: path ? "glyph icon" : "glyph icon unknown", "aria-label": spelling });
  svg.append(path ? svgNode("path", { d: path })
    : svgNode("text", { x: "8", y: "12", "text-anchor": "middle", "font-size": "11" }, name.slice(0, 1).toUpperCase()));
  return svg;
}

// ---- Text and emoji ------------------------------------------------------------------------

// An emoji is a grapheme cluster the host measures as one wide character (HostFunctions.units):
// one with an emoji-presentation scalar, a skin-tone modifier or the emoji variation selector.
const EMOJI_SCALAR = /\p{Emoji_Presentation}|\p{Emoji_Modifier}|\u{FE0F}/u;
const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/** `text` as nodes: each emoji a shape the page ships (drawEmoji, 1 em wide as the host
 *  measures it), since a machine may have no font that draws it; the rest as text, in the
 *  page's fonts. */
function drawText(text) {
  if (!EMOJI_SCALAR.test(text)) return document.createTextNode(text);
  const fragment = document.createDocumentFragment();
  let run = "";
  for (const { segment } of graphemes.segment(text)) {
    if (!EMOJI_SCALAR.test(segment)) { run += segment; continue; }
    if (run !== "") fragment.append(run);
    run = "";
    fragment.append(drawEmoji(segment));
  }
  if (run !== "") fragment.append(run);
  return fragment;
}

// Skin tones by Fitzpatrick modifier (U+1F3FB to U+1F3FF); "skin" without one is the yellow.
const SKIN = { "\u{1F3FB}": "#F7DECE", "\u{1F3FC}": "#F3D2A2", "\u{1F3FD}": "#D5AB88", "\u{1F3FE}": "#AF7E57", "\u{1F3FF}": "#7C533E" };
const YELLOW_SKIN = "#FFCC4D";
const square = (fill) => [{ d: "M4 2h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z", fill }];
const circle = (fill) => [{ d: "M2 10a8 8 0 1 0 16 0 8 8 0 1 0-16 0z", fill }];

// The bundled emoji: layers of 20-unit SVG paths (fill and/or stroke; "skin" takes the
// cluster's skin tone) by the cluster without variation selectors. Every emoji the bundled
// packs' rules and fixtures show has a shape here; any other is drawn as a face outline.
const EMOJI = {
  "\u{1F9FE}": [   // receipt
    { d: "M4 1.5h12V18l-2-1.4-2 1.4-2-1.4-2 1.4-2-1.4L4 18z", fill: "#FAFAFA", stroke: "#78909C" },
    { d: "M6.5 5.5h7M6.5 8.5h7M6.5 11.5h4.5", stroke: "#78909C", width: 1.4 }],
  "\u{1F9FA}": [   // basket
    { d: "M5 9.5a5 6 0 0 1 10 0", stroke: "#8D5524", width: 1.6 },
    { d: "M1.5 9h17l-2.2 9.5H3.7z", fill: "#D59B5B", stroke: "#8D5524" },
    { d: "M2.3 12.5h15.4M3 15.5h14M7.2 9.5l.5 8.8M12.8 9.5l-.5 8.8", stroke: "#8D5524", width: 0.9 }],
  "\u{1F6F5}": [   // motor scooter
    { d: "M1.5 14c0-3 2.2-5.2 5.2-5.2h3.3V14zM6 12.6h7.5V14H6zM12.3 14.2 14.6 4h1.6l-2.3 10.2z", fill: "#E53935" },
    { d: "M2.8 7.6h6.4v1.6H2.8zM13.6 3.4h3.6v1.4h-3.6z", fill: "#455A64" },
    { d: "M1.7 15.5a2.8 2.8 0 1 0 5.6 0 2.8 2.8 0 1 0-5.6 0zM12.7 15.5a2.8 2.8 0 1 0 5.6 0 2.8 2.8 0 1 0-5.6 0z", fill: "#37474F" },
    { d: "M3.5 15.5a1 1 0 1 0 2 0 1 1 0 1 0-2 0zM14.5 15.5a1 1 0 1 0 2 0 1 1 0 1 0-2 0z", fill: "#CFD8DC" }],
  "\u{1F3E0}": [   // house
    { d: "M13.3 3.2h2.2v5l-2.2-2z", fill: "#8D6E63" },
    { d: "M4 9h12v9.5H4z", fill: "#FFE0B2", stroke: "#8D6E63", width: 0.8 },
    { d: "M10 2 1 10.2h18z", fill: "#E64A19" },
    { d: "M8.4 12.5h3.2v6H8.4z", fill: "#6D4C41" },
    { d: "M13 11.8h2v2h-2z", fill: "#4FC3F7" }],
  "\u26BD": [      // soccer ball
    { d: "M1.4 10a8.6 8.6 0 1 0 17.2 0 8.6 8.6 0 1 0-17.2 0z", fill: "#FFFFFF", stroke: "#212121", width: 0.9 },
    { d: "M10 7.3l2.85 2.07-1.09 3.36H8.24L7.15 9.37z", fill: "#212121" },
    { d: "M10 7.3V3.4M12.85 9.37l3.7-1.3M11.76 12.73l2.3 3.2M8.24 12.73l-2.3 3.2M7.15 9.37l-3.7-1.3", stroke: "#212121", width: 1 },
    { d: "M7.6 1.8 10 3.4l2.4-1.6A8.6 8.6 0 0 0 7.6 1.8zM18.3 7.4l-1.7.7.3 3.5 1.6.4a8.6 8.6 0 0 0-.2-4.6zM1.7 7.4l1.7.7-.3 3.5-1.6.4a8.6 8.6 0 0 1 .2-4.6zM13 17.8l1-1.9 2.6-.6a8.6 8.6 0 0 1-3.6 2.5zM7 17.8l-1-1.9-2.6-.6A8.6 8.6 0 0 0 7 17.8z", fill: "#212121" }],
  "\u{1F7E5}": square("#F44336"), "\u{1F7E7}": square("#FF9800"), "\u{1F7E8}": square("#FDD835"), "\u{1F7E9}": square("#43A047"),
  "\u{1F7E6}": square("#1E88E5"), "\u{1F7EA}": square("#8E24AA"), "\u{1F7EB}": square("#795548"),
  "\u{1F534}": circle("#F44336"), "\u{1F7E0}": circle("#FF9800"), "\u{1F7E1}": circle("#FDD835"), "\u{1F7E2}": circle("#43A047"),
  "\u{1F535}": circle("#1E88E5"), "\u{1F7E3}": circle("#8E24AA"), "\u{1F7E4}": circle("#795548"),
  "\u{1F966}": [   // broccoli
    { d: "M8 10.5h4l1 8H7z", fill: "#AED581", stroke: "#689F38", width: 0.6 },
    { d: "M5.5 12a3.5 3.5 0 0 1-.9-6.9 4.3 4.3 0 0 1 8.2-1.7 3.8 3.8 0 0 1 3.4 5.8A3 3 0 0 1 14 12z", fill: "#43A047" },
    { d: "M7 7.5h.01M10 5.5h.01M13 7.8h.01M9.5 9.5h.01", stroke: "#2E7D32", width: 1.6 }],
  "\u{1F44B}": [   // waving hand
    { d: "M6.3 10.5V5.3M8.7 9.8V3.8M11.1 9.8V4.2M13.4 10.3V5.9M5.7 12.7 3.3 10.4", stroke: "skin", width: 2.3, transform: "rotate(-18 10 12)" },
    { d: "M5.1 9.5h9.4v4.3a4.7 4.7 0 0 1-9.4 0z", fill: "skin", transform: "rotate(-18 10 12)" },
    { d: "M2.2 6.8c.2-1.7 1.1-3 2.4-3.8M16.2 17.6c1.5-.5 2.5-1.6 2.9-3", stroke: "#90A4AE", width: 1 }],
  "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}": [   // family: man, woman, girl, boy
    { d: "M2 17v-6.3a3 3 0 0 1 6 0V17z", fill: "#1E88E5" }, { d: "M12 17v-6.3a3 3 0 0 1 6 0V17z", fill: "#D81B60" },
    { d: "M2.8 4.6a2.2 2.2 0 1 0 4.4 0 2.2 2.2 0 1 0-4.4 0zM12.8 4.6a2.2 2.2 0 1 0 4.4 0 2.2 2.2 0 1 0-4.4 0z", fill: "skin" },
    { d: "M6.8 18.5v-3.8a1.5 1.5 0 0 1 3 0v3.8z", fill: "#8E24AA" }, { d: "M10.2 18.5v-3.8a1.5 1.5 0 0 1 3 0v3.8z", fill: "#43A047" },
    { d: "M6.7 11a1.6 1.6 0 1 0 3.2 0 1.6 1.6 0 1 0-3.2 0zM10.1 11a1.6 1.6 0 1 0 3.2 0 1.6 1.6 0 1 0-3.2 0z", fill: "skin", stroke: "#8D6E63", width: 0.5 }],
};

// Regional indicators, "🇩" (U+1F1E9) to "D": a pair is a flag.
const REGION = /^\p{Regional_Indicator}{2}$/u;

/** One emoji as a 1 em shape: the bundled one for the cluster (coloured; tinted at night like
 *  the rest), a flag as a flag outline with its region's letters, any other as a face outline;
 *  the last two in the text's colour. The cluster is its label and title (so its text reads as
 *  the rules wrote it). */
function drawEmoji(cluster) {
  const svg = svgNode("svg", { viewBox: "0 0 20 20", role: "img", "aria-label": cluster });
  svg.append(svgNode("title", {}, cluster));
  const key = cluster.replace(/\u{FE0F}|\p{Emoji_Modifier}/gu, "");
  const layers = EMOJI[key] || EMOJI[[...key][0]];
  if (layers) {
    const skin = SKIN[[...cluster].find((scalar) => SKIN[scalar])] || YELLOW_SKIN;
    svg.setAttribute("class", "emoji");
    for (const layer of layers) {
      svg.append(svgNode("path", { d: layer.d, fill: layer.fill === "skin" ? skin : layer.fill || "none",
        stroke: layer.stroke === "skin" ? skin : layer.stroke, "stroke-width": layer.stroke ? layer.width || 1 : null, transform: layer.transform }));
    }
  } else if (REGION.test(key)) {
    const region = [...key].map((scalar) => String.fromCharCode(scalar.codePointAt(0) - 0x1F1E6 + 65)).join("");
    svg.setAttribute("class", "emoji plain flag");
    svg.append(svgNode("path", { d: "M2.5 2v16.5M2.5 3.5h15v10h-15", fill: "none", stroke: "currentColor", "stroke-width": "1.3" }),
      svgNode("text", { x: "10", y: "11.3", "text-anchor": "middle", "font-size": "7", "font-weight": "600", fill: "currentColor" }, region));
  } else {
    svg.setAttribute("class", "emoji plain unknown");
    svg.append(svgNode("path", { d: "M2 10a8 8 0 1 0 16 0 8 8 0 1 0-16 0zM6.5 12.5c1.8 2 5.2 2 7 0", fill: "none", stroke: "currentColor", "stroke-width": "1.3" }),
      svgNode("path", { d: "M7.5 7.8h.01M12.5 7.8h.01", stroke: "currentColor", "stroke-width": "2" }));
  }
  return svg;
}

/** Copying keeps what the rules wrote: each emoji shape in the selection is copied as its
 *  characters (its label), where the browser would leave the drawing out. */
function copyWithEmoji(event) {
  const selection = getSelection();
  if (selection.rangeCount === 0 || selection.isCollapsed) return;
  const range = selection.getRangeAt(0), fragment = range.cloneContents();
  const shapes = fragment.querySelectorAll("svg.emoji");
  if (shapes.length === 0) return;
  for (const shape of shapes) shape.replaceWith(shape.getAttribute("aria-label"));
  // Laid out off screen as the selection was (a JSON panel's lines kept), to read it as text.
  const around = range.commonAncestorContainer instanceof Element ? range.commonAncestorContainer : range.commonAncestorContainer.parentElement;
  const scratch = el("div", { class: "copying", style: { whiteSpace: getComputedStyle(around).whiteSpace } }, fragment);
  document.body.append(scratch);
  event.clipboardData.setData("text/plain", scratch.innerText);
  scratch.remove();
  event.preventDefault();
}

/** An SVG element with attributes (null ones left out) and text. */
function svgNode(tag, attributes, text = null) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [name, value] of Object.entries(attributes)) if (value != null) node.setAttribute(name, value);
  if (text !== null) node.textContent = text;
  return node;
}

// ---- Honest fit ------------------------------------------------------------------------------

/** Fits a drawn case once it is in view: each surface zoomed out to the width its card has (a
 *  phone shows StandBy's 2× whole), and each line of each slot to the slot, as a device lays a
 *  line out in its own font. A field's box is as wide as the rules measured it (`data-measure`),
 *  or as its text in the page's font where that is wider and the line has the room: the slot's
 *  width, as the host's output checks hold it (a field alone on its line: its text, its glyph
 *  beside it; fields sharing a line: all of them, glyphs and gaps included), or the rules' own
 *  line where that is wider. Only where the line in the page's font is wider than that room does
 *  a text not fit: the fields drawn wider than their measure share what room the rules left,
 *  their texts condensed to it and marked (dotted), each saying by how much its line is too wide. */
function fitCase(node) {
  node.fitted = true;
  const chosen = Number(getComputedStyle(document.documentElement).getPropertyValue("--zoom")) || 1;
  const room = (node.clientWidth - 24) / chosen;
  const fits = [...node.querySelectorAll("figure.surface > .fit")];
  for (const fit of fits) fit.style.zoom = "";
  const natural = fits.map((fit) => fit.scrollWidth);
  fits.forEach((fit, index) => {
    const zoom = natural[index] > room && room > 0 ? room / natural[index] : 1;
    fit.style.zoom = zoom === 1 ? "" : String(zoom);
    fit.parentElement.dataset.zoom = zoom === 1 ? "" : `shown at ${Math.round(zoom * 100)}%`;
  });
  // Every box back at its measure, then every width read in one pass: drawn widths are zoomed,
  // so each is taken in points through its line's ratio of a drawn box to its measure.
  const lines = [...node.querySelectorAll(".slot > .line")].map((line) => ({
    line, fields: [...line.querySelectorAll(":scope > .field[data-measure]:not(.progress)")].map((box) => ({
      box, measure: Number(box.dataset.measure), text: box.querySelector(":scope > .text"), glyph: box.querySelector(":scope > .glyph-box"),
    })),
  })).filter((line) => line.fields.length > 0);
  for (const { fields } of lines) {
    for (const field of fields) { field.box.style.width = `${field.measure}px`; field.text.style.transform = ""; }
  }
  const gap = lines.length > 0 ? parseFloat(getComputedStyle(lines[0].line).columnGap) || 0 : 0;
  for (const line of lines) {
    const all = line.line.querySelectorAll(":scope > .field");
    line.measured = [...all].reduce((sum, box) => sum + Number(box.dataset.measure || 0), 0) + gap * (all.length - 1);
    const scale = line.fields.map((field) => field.measure > 0 ? field.box.getBoundingClientRect().width / field.measure : 0).find((ratio) => ratio > 0) || 1;
    for (const field of line.fields) {
      field.textWidth = field.text.getBoundingClientRect().width / scale;
      field.width = field.textWidth + (field.glyph ? field.glyph.getBoundingClientRect().width / scale : 0);
    }
    const beside = all.length === 1 && line.fields.length === 1 ? line.fields[0].width - line.fields[0].textWidth : 0;
    line.room = Math.max(Number(line.line.parentElement.dataset.width) + beside, line.measured);
  }
  for (const line of lines) {
    const extra = line.fields.reduce((sum, field) => sum + Math.max(field.width - field.measure, 0), 0);
    const wide = line.measured + extra;
    // The room the rules left on the line, shared by the fields drawn wider than their measure.
    const share = wide > line.room + 0.01 ? Math.max(line.room - line.measured, 0) / extra : 1;
    for (const field of line.fields) {
      const over = Math.max(field.width - field.measure, 0);
      const width = field.measure + over * share;
      field.box.style.width = `${width}px`;
      if (field.width > width + 0.01) {
        const ratio = (field.textWidth - (field.width - width)) / field.textWidth;
        field.text.style.transform = `scaleX(${ratio})`;
        field.box.dataset.condensed = String(Math.ceil((wide / line.room - 1) * 100));
        field.box.title = `${field.box.dataset.field}: in the page's font its line is ${field.box.dataset.condensed}% wider `
          + "than its slot, which the rules measure it to fit; condensed to fit";
      } else {
        delete field.box.dataset.condensed;
        field.box.title = field.box.dataset.field;
      }
    }
  }
}

/** Fits every case again as it comes into view, after the window or the zoom changed. */
function refit() {
  for (const node of document.querySelectorAll("article.case")) { node.fitted = false; fitting.unobserve(node); fitting.observe(node); }
}

/** Draws every case's surfaces not drawn yet, and fits every case (for the browser tests): see
 *  drawCase and fitCase. */
studio.fitAll = () => {
  for (const node of document.querySelectorAll("article.case")) {
    if (node.drawSurfaces) node.drawSurfaces();
    fitCase(node);
  }
};

// How far from the window (px) a redrawn case waits to draw its surfaces.
const FAR = 600;

const drawing = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    drawing.unobserve(entry.target);
    if (entry.target.drawSurfaces) entry.target.drawSurfaces();
  }
}, { rootMargin: `${FAR}px` });

const fitting = new IntersectionObserver((entries) => {
  for (const entry of entries) if (entry.isIntersecting && !entry.target.fitted) fitCase(entry.target);
}, { rootMargin: "400px" });

// ---- Live fields ----------------------------------------------------------------------------

/** A timer's reading `elapsed` seconds after its case's now, as LiveForm.reading(at:) computes
 *  it: "m:ss" under an hour, "h:mm:ss" from an hour on (every minute, "67:20", when its
 *  `data-hours` is "false"), a countdown counting a partial second as a whole one, never below
 *  zero; between its prefix and suffix. */
function clockReading(node, elapsed) {
  return node.dataset.prefix + clockTime(node, elapsed) + node.dataset.suffix;
}

/** Whole seconds a timer counting `counts` at `date` shows at `now` (Unix seconds). */
function timerSeconds(counts, date, now) {
  const ms = Math.floor((counts === "down" ? date - now : now - date) * 1000 + 0.5);
  return ms <= 0 ? 0 : counts === "down" ? Math.floor((ms + 999) / 1000) : Math.floor(ms / 1000);
}

/** The time a timer reads `elapsed` seconds after its case's now, without its words. */
function clockTime(node, elapsed) {
  const seconds = timerSeconds(node.dataset.counts, Number(node.dataset.date), Number(node.dataset.now) + elapsed);
  const hours = node.dataset.hours === "false" ? 0 : Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds - hours * 3600) / 60), rest = seconds % 60;
  const two = (value) => String(value).padStart(2, "0");
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${minutes}:${two(rest)}`;
}

/** Draws a live clock or bar `elapsed` seconds after its case's now; whether a clock's reading
 *  changed its number of characters (so its width: the case is fitted again). */
function liveUpdate(node, elapsed) {
  if (node.classList.contains("clock")) {
    const reading = node.querySelector(".reading"), before = reading.textContent.length, time = clockTime(node, elapsed);
    // Android's chronometer writes minutes in two digits under an hour ("09:59").
    reading.textContent = node.dataset.form === "android" && time.length < 5 ? time.padStart(5, "0") : time;
    return reading.textContent.length !== before;
  }
  const start = Number(node.dataset.start), finish = Number(node.dataset.finish), now = Number(node.dataset.now) + elapsed;
  const percent = now >= finish ? 100 : now <= start ? 0 : Math.min(99, Math.max(0, Math.floor(((now - start) * 100) / (finish - start))));
  node.style.setProperty("--percent", String(percent));
  const label = node.querySelector(".label");
  if (label) label.textContent = `${percent}%`;
  node.setAttribute("aria-valuenow", String(percent));
  return false;
}

/** Moves every ticking live field to `studio.clock()` seconds after its case's now: the page is a
 *  device that was pushed at the case's now and has kept time since. A surface with a node whose
 *  `data-until` (seconds after its case's now) has come is drawn again (see drawAndroid). */
function liveTick() {
  const elapsed = studio.clock(), widened = new Set(), redrawn = new Set();
  for (const node of document.querySelectorAll("[data-ticks], [data-until]")) {
    if (elapsed >= Number(node.dataset.until)) redrawn.add(node.closest("figure.surface"));
    else if (node.dataset.ticks !== undefined && liveUpdate(node, elapsed)) widened.add(node.closest("article.case"));
  }
  for (const figure of redrawn) figure.redraw();
  for (const node of widened) if (node && node.fitted) fitCase(node);
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
  notice.replaceChildren(drawText(message));
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
      presentation && el("div", { class: "surfaces" }, studio.meta.surfaces.map((surface) => drawSurface(surface, presentation, null, "dark", Date.parse(moment.now) / 1000, { stopped: true }))));
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
