// Card backs: a lattice in one of the house colours around the Circolo emblem.
export const BACKS = {
  green: ["#145a3a", "#1f7a52", "#e9d9a6"],
  red: ["#7a1622", "#a4283a", "#f0d9a0"],
  blue: ["#173e7a", "#2a5aa8", "#e6dcb4"],
};

export function back(name = "green") {
  const [dark, light, line] = BACKS[name] || BACKS.green;
  let lattice = "";
  for (let i = -150; i <= 150; i += 10) {
    lattice += `M${i},0L${i + 150},150M${i + 150},0L${i},150`;
  }
  return `<rect x="5" y="5" width="90" height="140" rx="4" fill="${dark}"/>
<svg x="8" y="8" width="84" height="134" viewBox="8 8 84 134"><path d="${lattice}" stroke="${light}" stroke-width="2.2"/></svg>
<rect x="8" y="8" width="84" height="134" rx="3" fill="none" stroke="${line}" stroke-width="1.2"/>
<circle cx="50" cy="75" r="18" fill="${dark}" stroke="${line}" stroke-width="1.5"/>
<circle cx="50" cy="75" r="13" fill="none" stroke="${line}" stroke-width=".8"/>
<text x="50" y="82" text-anchor="middle" font-size="20" font-weight="700" font-family="Georgia, 'DejaVu Serif', serif" fill="${line}">C</text>`;
}
