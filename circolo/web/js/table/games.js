// Each game's table module (web/js/table/<game>.js), by the game's name (its Rules.game):
// the one place the browser names its games' screens (tests/test_registry.py checks it
// against the server's games).
import * as scopa from "./scopa.js";
import * as bisca from "./bisca.js";
import * as burraco from "./burraco.js";

export const TABLES = { scopa, bisca, burraco };
