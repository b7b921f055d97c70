// Suit symbols as SVG fragments, drawn in a unit box centred on 0,0 (about -1..1).
// French pips are flat shapes in one colour; Italian suits (Neapolitan style) are
// small drawings with their own colours. Every function returns an SVG string.

export const SUITS = "HDCS";

export const FRENCH_PATHS = {
  H: "M0,.92C-.32,.62-1,.22-1,-.3C-1,-.76-.56,-1-.26,-.92C-.1,-.87 0,-.72 0,-.62C0,-.72.1,-.87.26,-.92C.56,-1 1,-.76 1,-.3C1,.22.32,.62 0,.92Z",
  D: "M0,-1Q.36,-.46.76,0Q.36,.46 0,1Q-.36,.46-.76,0Q-.36,-.46 0,-1Z",
  C: "M-.12,.12C-.14,.62-.3,.86-.46,1H.46C.3,.86.14,.62.12,.12C.3,.42.96,.5.96,-.02C.96,-.44.5,-.52.28,-.3C.56,-.56.44,-1 0,-1C-.44,-1-.56,-.56-.28,-.3C-.5,-.52-.96,-.44-.96,-.02C-.96,.5-.3,.42-.12,.12Z",
  S: "M0,-1C.34,-.62 1,-.3 1,.18C1,.6.58,.76.28,.62C.18,.57.1,.48.07,.4C.1,.7.24,.9.42,1H-.42C-.24,.9-.1,.7-.07,.4C-.1,.48-.18,.57-.28,.62C-.58,.76-1,.6-1,.18C-1,-.3-.34,-.62 0,-1Z",
};

export const TWO_COLOURS = { H: "#c8102e", D: "#c8102e", C: "#1b1b1b", S: "#1b1b1b" };
export const FOUR_COLOURS = { H: "#c8102e", D: "#1a5fc4", C: "#1c7c38", S: "#1b1b1b" };
// Italian faces are four-coloured by nature; these are the index colours.
export const ITALIAN_COLOURS = { H: "#b3202a", D: "#a86a00", C: "#2f6b22", S: "#1d4f9c" };

const INK = "#2a1a10";

export function frenchPip(suit, colour) {
  return `<path d="${FRENCH_PATHS[suit]}" fill="${colour}"/>`;
}

// Coppa: a chalice with a wide bowl, a knotted stem and a round foot.
export function coppa() {
  return `<g stroke="${INK}" stroke-width=".06" stroke-linejoin="round">
<path d="M-.78,-.86H.78C.78,-.3.48,.02.16,.1V.26H-.16V.1C-.48,.02-.78,-.3-.78,-.86Z" fill="#c9252f"/>
<path d="M-.78,-.86H.78C.76,-.7.72,-.62.68,-.56H-.68C-.72,-.62-.76,-.7-.78,-.86Z" fill="#f2c230"/>
<path d="M-.44,-.42C-.3,-.16-.1,-.06 0,-.04C.1,-.06.3,-.16.44,-.42" fill="none" stroke="#f2c230" stroke-width=".08"/>
<ellipse cx="0" cy=".34" rx=".2" ry=".11" fill="#f2c230"/>
<path d="M-.1,.42H.1L.14,.6H-.14Z" fill="#c9252f"/>
<path d="M-.56,.92C-.52,.68-.24,.6 0,.6C.24,.6.52,.68.56,.92Z" fill="#f2c230"/>
</g>`;
}

// Denaro: a gold coin with a red ring and an eight-petalled rosette.
export function denaro() {
  let petals = "";
  for (let i = 0; i < 8; i++) {
    petals += `<ellipse cx="0" cy="-.36" rx=".12" ry=".26" transform="rotate(${i * 45})" fill="#c9252f"/>`;
  }
  return `<g stroke="${INK}" stroke-width=".06">
<circle r=".96" fill="#f2c230"/>
<circle r=".78" fill="none" stroke="#c9252f" stroke-width=".1"/>
<circle r=".66" fill="#f7d65a" stroke-width=".04"/>
<g stroke-width=".03">${petals}</g>
<circle r=".18" fill="#2f7d3a"/>
</g>`;
}

// Bastone: a knotty wooden cudgel, thick at the top, with a green leafy knob.
export function bastone() {
  return `<g stroke="${INK}" stroke-width=".05" stroke-linejoin="round">
<path d="M-.1,.98C-.14,.5-.2,0-.3,-.7C-.3,-.92.3,-.92.3,-.7C.22,0 .14,.5.1,.98Z" fill="#a4672e"/>
<path d="M-.06,.9C-.08,.4-.12,0-.18,-.64" fill="none" stroke="#d39a55" stroke-width=".06"/>
<ellipse cx="-.22" cy="-.3" rx=".1" ry=".06" fill="#6b3d16"/>
<ellipse cx=".17" cy=".05" rx=".09" ry=".05" fill="#6b3d16"/>
<ellipse cx="-.14" cy=".42" rx=".08" ry=".05" fill="#6b3d16"/>
<path d="M-.3,-.72C-.5,-.9-.3,-1.02-.12,-.9C0,-1.04.2,-1.02.18,-.88C.38,-.96.5,-.8.3,-.7Z" fill="#3f8f2f"/>
</g>`;
}

// Spada: a straight blue blade with a gold cross-guard and grip.
export function spada() {
  return `<g stroke="${INK}" stroke-width=".05" stroke-linejoin="round">
<path d="M0,-1L.13,-.8V.38H-.13V-.8Z" fill="#3b7fd0"/>
<path d="M0,-.9V.36" stroke="#bcd9f5" stroke-width=".05"/>
<path d="M-.46,.36H.46C.5,.44.5,.5.46,.56H-.46C-.5,.5-.5,.44-.46,.36Z" fill="#f2c230"/>
<rect x="-.08" y=".56" width=".16" height=".3" fill="#c9252f"/>
<circle cy=".93" r=".1" fill="#f2c230"/>
</g>`;
}

export const ITALIAN_SYMBOLS = { H: coppa, D: denaro, C: bastone, S: spada };

export function italianSymbol(suit) {
  return ITALIAN_SYMBOLS[suit]();
}

// Place a unit-box drawing at x,y with a size (half-width) and an optional rotation.
export function place(svg, x, y, size, rotate = 0) {
  const r = rotate ? ` rotate(${rotate})` : "";
  return `<g transform="translate(${x} ${y})${r} scale(${size})">${svg}</g>`;
}
