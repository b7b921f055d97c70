// Tests only: the browser tests set `__circoloFrameShapes` (the server frames' declared
// fields, circolo/server/frames.py `shapes`) before the page loads, and `__circoloUnread`
// (a function). Each received frame is then wrapped in Proxies that report every read of
// a field its schema does not declare: a client reading what the server never sends fails
// a test. In production neither global exists and frames are passed through untouched.
const SHAPES = globalThis.__circoloFrameShapes || null;
// Read by the language itself, never as a field of the protocol.
const IGNORED = new Set(["then", "toJSON", "constructor", "toString", "valueOf", "hasOwnProperty", "__proto__"]);
const proxies = new WeakMap(); // target -> its Proxy (the same object reads as the same)

function report(path) {
  globalThis.__circoloUnread?.(path);
}

function watch(value, shape, path) {
  if (!shape || value === null || typeof value !== "object") return value;
  if (proxies.has(value)) return proxies.get(value);
  let proxy;
  if (Array.isArray(value)) {
    if (!shape.items) return value;
    proxy = new Proxy(value, {
      get(target, key, receiver) {
        const got = Reflect.get(target, key, receiver);
        return typeof key === "string" && /^\d+$/.test(key) ? watch(got, shape.items, `${path}[]`) : got;
      },
    });
  } else {
    let fields = shape.fields;
    if (shape.by) {
      const tag = value[shape.by];
      if (!Object.hasOwn(shape.cases, tag)) return value; // a game the schema leaves open
      fields = shape.cases[tag]?.fields;
      path = `${path}<${tag}>`;
    }
    if (!fields) return value;
    proxy = new Proxy(value, {
      get(target, key, receiver) {
        const got = Reflect.get(target, key, receiver);
        if (typeof key !== "string" || IGNORED.has(key)) return got;
        if (!Object.hasOwn(fields, key)) {
          report(`${path}.${key}`);
          return got;
        }
        return watch(got, fields[key], `${path}.${key}`);
      },
    });
  }
  proxies.set(value, proxy);
  return proxy;
}

// The frame as the client's code reads it: watched when a test asks, else itself.
export function checked(frame) {
  return SHAPES ? watch(frame, SHAPES, "frame") : frame;
}
