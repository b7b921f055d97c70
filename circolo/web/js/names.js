// Card names for people ("Sette di denari", "Sete de ouros", "Seven of coins"),
// for Italian or French faces. Used in every card's ARIA label and in the live region.
import { currentLang } from "./i18n.js";
import { parseCard } from "./art/cards.js";

const WORDS = {
  it: {
    ranks: ["", "Asso", "Due", "Tre", "Quattro", "Cinque", "Sei", "Sette", "Otto", "Nove", "Dieci"],
    italian: { suits: { H: "coppe", D: "denari", C: "bastoni", S: "spade" }, figures: { 11: "Fante", 12: "Cavallo", 13: "Re" } },
    french: { suits: { H: "cuori", D: "quadri", C: "fiori", S: "picche" }, figures: { 11: "Jack", 12: "Donna", 13: "Re" } },
    of: "di", joker: "Jolly",
  },
  "pt-BR": {
    ranks: ["", "Ás", "Dois", "Três", "Quatro", "Cinco", "Seis", "Sete", "Oito", "Nove", "Dez"],
    italian: { suits: { H: "copas", D: "ouros", C: "paus", S: "espadas" }, figures: { 11: "Valete", 12: "Cavalo", 13: "Rei" } },
    french: { suits: { H: "copas", D: "ouros", C: "paus", S: "espadas" }, figures: { 11: "Valete", 12: "Dama", 13: "Rei" } },
    of: "de", joker: "Curinga",
  },
  en: {
    ranks: ["", "Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"],
    italian: { suits: { H: "cups", D: "coins", C: "clubs", S: "swords" }, figures: { 11: "Knave", 12: "Knight", 13: "King" } },
    french: { suits: { H: "hearts", D: "diamonds", C: "clubs", S: "spades" }, figures: { 11: "Jack", 12: "Queen", 13: "King" } },
    of: "of", joker: "Joker",
  },
};

// Suit letters for the colour-blind corner mark, per language and faces.
const LETTERS = {
  it: { italian: "CDBS", french: "CQFP" },
  "pt-BR": { italian: "COPE", french: "COPE" },
  en: { italian: "CNBS", french: "HDCS" },
};

export function suitLetters(faces) {
  return LETTERS[currentLang()][faces];
}

export function cardName(code, faces = "italian") {
  const words = WORDS[currentLang()] || WORDS.en;
  const { rank, suit } = parseCard(code.split("=")[0]);
  if (rank === 0) return words.joker;
  const deck = words[faces];
  const rankWord = deck.figures[rank] || words.ranks[rank];
  return `${rankWord} ${words.of} ${deck.suits[suit]}`;
}

export function cardNames(codes, faces) {
  return codes.map((c) => cardName(c, faces)).join(", ");
}
