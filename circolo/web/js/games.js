// What the server says of each game: its Rules.describe() (GET /api/games, and again in
// the lobby's data): the options a table is created with and the card faces its deck can
// be drawn with, the game's own first. The browser switches on no game's name for these.
const games = new Map();

export function setGames(list) {
  for (const g of list || []) games.set(g.game, g);
}

export async function loadGames() {
  try {
    const res = await fetch("/api/games");
    if (res.ok) setGames(await res.json());
  } catch {
    // offline at start: the lobby's data brings the games when the connection comes
  }
}

export function gameNames() {
  return [...games.keys()];
}

export function gameInfo(game) {
  return games.get(game);
}

// What shapes a game's deal besides the seed (its Rules.deal_inputs: "cut", "choice"),
// the moves a "choice" may be, and whether a hand's first seat is its "dealer" or the
// "first" player dealt: the verify page and the history ask for these, naming no game.
export function dealFacts(game) {
  const deal = games.get(game)?.deal;
  return { inputs: deal?.inputs || [], choices: deal?.choices || [], first: deal?.first || "dealer" };
}
