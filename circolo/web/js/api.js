// The room's JSON routes read by the pages (history, ratings): the answer, or null when the
// route failed or did not answer JSON (the page then says it is not available).
export async function getJson(url) {
  try {
    const res = await fetch(url, { headers: { accept: "application/json" } });
    if (!res.ok || !(res.headers.get("content-type") || "").includes("json")) return null;
    return await res.json();
  } catch {
    return null;
  }
}
