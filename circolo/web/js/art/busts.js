// The upper half of a French court card: a bust for J, Q or K in the traditional
// palette, the robe in the suit's colour. Drawn in the frame's top half (y 17..75).

const SKIN = "#f6d3b0";
const GOLD = "#f2c230";
const BLUE = "#1f4e9c";
const INK = "#222";

function robe(main) {
  return `<path d="M22,76V64C24,56 32,52 40,51H60C68,52 76,56 78,64V76Z" fill="${main}"/>
<path d="M40,51L50,66 60,51" fill="${GOLD}"/>
<path d="M44,51L50,60 56,51" fill="#fffdf6"/>
<path d="M22,68H40M60,68H78" stroke="${GOLD}" stroke-width="2.4"/>
<path d="M30,76V62M70,76V62" stroke="${BLUE}" stroke-width="2"/>`;
}

function face(beard) {
  return `<rect x="46" y="44" width="8" height="8" fill="${SKIN}"/>
<ellipse cx="50" cy="38" rx="8.5" ry="9.5" fill="${SKIN}"/>
<circle cx="46.8" cy="37" r="1" fill="${INK}"/><circle cx="53.2" cy="37" r="1" fill="${INK}"/>
<path d="M50,38.5V42H48.5" fill="none" stroke-width=".7"/>
<path d="M47.5,44.5Q50,46 52.5,44.5" fill="none" stroke-width=".7"/>
${beard ? `<path d="M41.6,40C42,50 46,53 50,53C54,53 58,50 58.4,40C56,46 44,46 41.6,40Z" fill="#8a5a2b"/>` : ""}`;
}

function hat(rank) {
  if (rank === 11) {
    return `<path d="M39,31C40,23 60,23 61,31Z" fill="${BLUE}"/>
<path d="M37,31H63V33.5H37Z" fill="${GOLD}"/>
<path d="M58,26C66,16 74,16 76,12C74,22 68,26 60,29Z" fill="#c8102e"/>
<path d="M41.5,34C41,40 41,44 42.5,47M58.5,34C59,40 59,44 57.5,47" stroke="#8a5a2b" stroke-width="2.4" fill="none"/>`;
  }
  const tall = rank === 13 ? 6 : 0;
  const crown = `<path d="M40,31L38,${20 - tall}L44,${25 - tall / 2}L50,${17 - tall}L56,${25 - tall / 2}L62,${20 - tall}L60,31Z" fill="${GOLD}"/>
<circle cx="50" cy="${17 - tall}" r="1.6" fill="#c8102e"/><path d="M40,29H60" stroke="#c8102e" stroke-width="1.6"/>`;
  if (rank === 12) {
    return `${crown}<path d="M41,32C36,40 36,50 39,56L42,54C40,46 41,38 43,33ZM59,32C64,40 64,50 61,56L58,54C60,46 59,38 57,33Z" fill="#c07a2c"/>`;
  }
  return crown;
}

// What each figure holds: the knave a halberd, the queen a flower, the king a sword.
function held(rank, main) {
  if (rank === 11) {
    return `<path d="M29,76V24" stroke="#6b4a2b" stroke-width="1.8"/>
<path d="M29,24L25,30H33Z M25,32C22,30 22,26 25,26 M33,32C36,30 36,26 33,26" fill="#c0c8d0"/>
<ellipse cx="30" cy="60" rx="4" ry="3" fill="${SKIN}"/>`;
  }
  if (rank === 12) {
    let petals = "";
    for (let i = 0; i < 5; i++) {
      petals += `<ellipse cx="30" cy="38" rx="2" ry="3.6" transform="rotate(${i * 72} 30 42)" fill="${main}"/>`;
    }
    return `<path d="M30,44V62" stroke="#1c7c38" stroke-width="1.4"/>${petals}<circle cx="30" cy="42" r="1.8" fill="${GOLD}"/>
<ellipse cx="31" cy="62" rx="4" ry="3" fill="${SKIN}"/>`;
  }
  return `<path d="M71,64V22" stroke="#c0c8d0" stroke-width="3"/>
<path d="M71,22L69.5,25H72.5Z" fill="#c0c8d0"/>
<path d="M65,64H77" stroke="${GOLD}" stroke-width="2.6"/>
<ellipse cx="70" cy="68" rx="4" ry="3" fill="${SKIN}"/>`;
}

export function bust(rank, suit, colour) {
  return `<g stroke="${INK}" stroke-width=".8" stroke-linejoin="round">
${robe(colour)}${face(rank === 13)}${hat(rank)}${held(rank, colour)}
</g>`;
}
