// Every move told in words from the engine's own events (the move frame's `events`, already
// filtered for this seat), with the messages the terminal uses: `{game}-event-{kind}`,
// `event-auto-move`, `event-hand-over` (circolo/describe.py tells them the same way; the
// kinds and their data are in docs/notation.md). The browser never reads a move's notation.
import { t, cardName, cardList, joinList } from "../i18n.js";

// How the table is seen: `name(seat)` a player's name, `players`, `you` (our seat, null for
// a spectator) and the card faces.
// { name: (seat) => string, players: number, you: number|null, faces: "italian"|"french" }

function seatRef(seat, seen) {
  return { who: seat === seen.you ? "you" : "other", name: seen.name(seat) };
}

// A side: you (1 v 1), we (your team: your partners' names), other (one opponent) or they.
function sideRef(side, seen) {
  const members = [];
  for (let seat = 0; seat < seen.players; seat++) if (seat % 2 === side) members.push(seat);
  if (members.includes(seen.you)) {
    const others = members.filter((s) => s !== seen.you).map(seen.name);
    return { who: others.length ? "we" : "you", name: joinList(others) };
  }
  return { who: members.length > 1 ? "they" : "other", name: joinList(members.map(seen.name)) };
}

function handOver(game, event, seen) {
  const scores = (event.points || []).map((points, side) =>
    t("event-side-points", { name: t("side-name", sideRef(side, seen)), points }));
  return t("event-hand-over", { game, scores: joinList(scores) });
}

// One event in words.
export function tellEvent(game, event, seen) {
  const { kind } = event;
  const the = (code) => cardName(code, seen.faces, true);
  const params = {};
  if ("seat" in event) Object.assign(params, seatRef(event.seat, seen));
  else if ("side" in event) Object.assign(params, sideRef(event.side, seen));
  if ("card" in event) params.card = the(event.card);
  if ("cards" in event) Object.assign(params, { cards: cardList(event.cards, seen.faces, true), count: event.cards.length });
  if ("count" in event) params.count = event.count;
  if (kind === "hand_over") return handOver(game, event, seen);
  if (kind === "auto_move") return t("event-auto-move", params);
  let key = `${game}-event-${kind.replaceAll("_", "-")}`;
  if (kind === "deal") Object.assign(params, { deal: event.deal, cards: cardList(event.table, seen.faces, true), count: event.table.length });
  else if (kind === "dealt") key += "cards" in event ? "-cards" : "-count";
  else if (kind === "pozzetto_taken") key = `burraco-event-pozzetto${"cards" in event ? "-cards" : ""}`;
  else if (kind === "draw" && "card" in event) key += "-card";
  else if (kind === "void_deal") params.kings = event.kings;
  else if (kind === "exchange") Object.assign(params, { gave: the(event.gave), took: the(event.took) });
  else if (kind === "extend") params.meld = event.meld + 1; // the index from 0; the table counts from 1
  else if (kind === "burraco") params.type = event.type; // clean, semi-clean or dirty
  for (const name of ["at", "points", "choice"]) if (name in event) params[name] = event[name];
  return t(key, params);
}

// A list of events in words; a Scopa card that captures is told once, as the capture.
export function tellEvents(game, events, seen) {
  const lines = [];
  events.forEach((event, i) => {
    const next = events[i + 1];
    if (event.kind === "card_played" && next && next.kind === "capture" && next.card === event.card) return;
    lines.push(tellEvent(game, event, seen));
  });
  return lines;
}

// A move (a "move" happening or a replay step's event) as one line, or null when it did
// nothing anyone is told of (Bisca's pass). The hand's end has its own line.
export function tellMove(game, move, seen) {
  const events = (move.events || []).filter((e) => e.kind !== "hand_over");
  if (move.auto) events.unshift({ kind: "auto_move", seat: move.seat });
  const lines = tellEvents(game, events, seen);
  return lines.length ? lines.join(" ") : null;
}
