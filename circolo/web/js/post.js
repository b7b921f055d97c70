// A POST of JSON to one of the room's routes: { ok: answer } or { error: { code, message } }
// (offline: the code is "offline", worded by errorText).
export async function postJson(url, body) {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
    const answer = await res.json().catch(() => ({}));
    return res.ok ? { ok: answer } : { error: answer };
  } catch {
    return { error: { code: "offline", message: "offline" } };
  }
}
