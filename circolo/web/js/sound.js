// Short synthesised sounds (no audio files) and the "your turn" notification.
import * as settings from "./settings.js";

let ctx = null;

function tone(freq, ms, when = 0, gain = 0.08) {
  if (!settings.get("sound")) return;
  try {
    ctx = ctx || new AudioContext();
    const osc = ctx.createOscillator();
    const vol = ctx.createGain();
    osc.frequency.value = freq;
    vol.gain.value = gain;
    osc.connect(vol).connect(ctx.destination);
    const start = ctx.currentTime + when;
    osc.start(start);
    vol.gain.setTargetAtTime(0, start + ms / 1000 - 0.03, 0.02);
    osc.stop(start + ms / 1000);
  } catch {
    // audio is optional
  }
}

export const sounds = {
  turn: () => { tone(660, 120); tone(880, 160, 0.13); },
  play: () => tone(420, 60, 0, 0.05),
  warn: () => tone(980, 90, 0, 0.06),
  // Burraco's reserve entering its last 10 s: louder and longer than a move clock's warning,
  // since a reserve at zero loses the match.
  reserve: () => { tone(1175, 110, 0, 0.1); tone(1175, 110, 0.18, 0.1); tone(1568, 200, 0.36, 0.1); },
  // a big moment called out on the felt (a scopa): a quick rising run
  cheer: () => { tone(784, 90, 0, 0.09); tone(988, 90, 0.09, 0.09); tone(1319, 220, 0.18, 0.09); },
  end: () => { tone(523, 150); tone(659, 150, 0.16); tone(784, 260, 0.32); },
};

export function notifyTurn(title, body) {
  if (!settings.get("notify") || !document.hidden || !("Notification" in window)) return;
  if (Notification.permission === "granted") new Notification(title, { body, tag: "circolo-turn" });
}

export async function askNotifications() {
  if ("Notification" in window && Notification.permission === "default") {
    await Notification.requestPermission();
  }
}
