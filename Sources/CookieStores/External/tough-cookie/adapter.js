#!/usr/bin/env node
// tough-cookie: Node's tough-cookie (Debian node-tough-cookie) as a CookieHarness out-of-process adapter.
//
// Speaks the harness's JSON-lines protocol, version 1 (Sources/CookieStores/OutOfProcess/PROTOCOL.md): one request
// per line on stdin, one reply per line on stdout, logs on stderr. Node's standard library and tough-cookie only.
//
// The jar is driven as an HTTP client built on it drives it: CookieJar.setCookieSync(line, url, options) for each
// Set-Cookie field, CookieJar.getCookieStringSync(url, options) for the Cookie header, with the jar's defaults
// (new CookieJar(): rejectPublicSuffixes true, loose mode off, prefixSecurity "silent") and a MemoryCookieStore.
// Errors from setCookieSync (a cookie the jar refuses) are swallowed, as clients do (ignoreError).
//
// The harness's virtual clock: every call takes the request's `now` (options.now), which tough-cookie uses for
// Max-Age, expiry and creation time.
//
// The request context becomes tough-cookie's sameSiteContext (PROTOCOL.md, "SameSite"): "strict" for a same-site
// request, "lax" for a cross-site top-level navigation with a safe method, "none" otherwise; api "non-http" is
// options.http = false.
//
// App restart: the jar is serialised (CookieJar.serializeSync) and a new jar deserialised from it
// (CookieJar.deserializeSync), as an application persists a tough-cookie jar; what survives is what that keeps.
"use strict";

const readline = require("readline");
let tough = null;
let loadError = null;
try {
  tough = require("tough-cookie");
} catch (error) {
  loadError = error;
}

const PROTOCOL = 1;
const NAME = "tough-cookie";
const CAPABILITIES = ["virtual-clock", "persistence", "store-inspection", "javascript", "http-only", "raw-set-cookie", "bench"];

class ProtocolError extends Error {}
class Unsupported extends Error {}

function field(request, name, kind) {
  if (!(name in request)) throw new ProtocolError(`missing field '${name}'`);
  const value = request[name];
  if (kind === "integer" ? !Number.isInteger(value) : typeof value !== kind) {
    throw new ProtocolError(`field '${name}' must be of type ${kind}`);
  }
  return value;
}

/** tough-cookie's sameSiteContext for a request context (PROTOCOL.md, "SameSite"). */
function sameSiteContext(context) {
  if (field(context, "same-site", "boolean")) return "strict";
  if (field(context, "top-level", "boolean") && field(context, "safe-method", "boolean")) return "lax";
  return "none";
}

function httpOptions(request, now) {
  const context = field(request, "context", "object");
  if (context === null) throw new ProtocolError("field 'context' must be an object");
  return { now, http: field(context, "api", "string") === "http", sameSiteContext: sameSiteContext(context) };
}

function scriptOptions(request, now) {
  return { now, http: false, sameSiteContext: field(request, "same-site", "boolean") ? "strict" : "none" };
}

function cookieRecord(cookie) {
  const expires = cookie.expires instanceof Date ? cookie.expires.getTime() / 1000 : null;
  const maxAgeExpiry = cookie.maxAge != null && cookie.maxAge !== "Infinity" ? cookie.expiryTime() : Infinity;
  let expiry = null;
  if (cookie.maxAge != null) {
    // Max-Age wins over Expires (tough-cookie's expiryTime); -Infinity and 0 are "already expired".
    expiry = Number.isFinite(maxAgeExpiry) ? maxAgeExpiry / 1000 : maxAgeExpiry > 0 ? 1e15 : 0;
  } else if (expires !== null) {
    expiry = Number.isFinite(expires) ? expires : null;
  }
  const sameSite = ["strict", "lax", "none"].includes(cookie.sameSite) ? cookie.sameSite : "default";
  return {
    name: cookie.key,
    value: cookie.value,
    domain: String(cookie.domain || "").replace(/^\./, ""),
    path: cookie.path || "",
    "host-only": Boolean(cookie.hostOnly),
    secure: Boolean(cookie.secure),
    "http-only": Boolean(cookie.httpOnly),
    "same-site": sameSite,
    expires: expiry === null ? null : Math.min(expiry, 1e15),
    created: cookie.creation instanceof Date ? cookie.creation.getTime() / 1000 : undefined,
  };
}

/** Runs body once to warm up, then until `seconds` have passed; notes the fastest round (PROTOCOL.md, "bench"). */
function timed(body, operations, seconds) {
  body();
  const start = process.hrtime.bigint();
  let best = Infinity;
  for (let rounds = 1; ; rounds++) {
    const begin = process.hrtime.bigint();
    body();
    const end = process.hrtime.bigint();
    best = Math.min(best, Number(end - begin) / 1e9);
    const elapsed = Number(end - start) / 1e9;
    if (elapsed >= seconds) return { operations: rounds * operations, seconds: elapsed, best };
  }
}

/** FNV-1a (64 bits) of every header's UTF-8 bytes, each followed by a newline (PROTOCOL.md, "bench"). */
function checksum(headers) {
  let value = 0xcbf29ce484222325n;
  for (const header of headers) {
    for (const byte of Buffer.from((header ?? "") + "\n", "utf8")) {
      value = ((value ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
    }
  }
  return value.toString(16).padStart(16, "0");
}

class Adapter {
  constructor() {
    this.jar = new tough.CookieJar();
  }

  start(request) {
    const version = field(request, "protocol", "integer");
    if (version !== PROTOCOL) {
      throw new ProtocolError(`this adapter speaks protocol ${PROTOCOL}, the harness asked for ${version}`);
    }
    return {
      protocol: PROTOCOL,
      name: NAME,
      version: `tough-cookie ${require("tough-cookie/package.json").version} (Node.js ${process.versions.node})`,
      capabilities: CAPABILITIES,
      language: "javascript",
      homepage: "https://github.com/salesforce/tough-cookie",
    };
  }

  "set-cookie"(request, now) {
    const options = { ...httpOptions(request, now), ignoreError: true };
    this.jar.setCookieSync(field(request, "set-cookie", "string"), field(request, "url", "string"), options);
    return {};
  }

  "cookie-header"(request, now) {
    const header = this.jar.getCookieStringSync(field(request, "url", "string"), httpOptions(request, now));
    return { header: header === "" ? null : header };
  }

  "document-cookie"(request, now) {
    return { value: this.jar.getCookieStringSync(field(request, "url", "string"), scriptOptions(request, now)) };
  }

  "write-document-cookie"(request, now) {
    const options = { ...scriptOptions(request, now), ignoreError: true };
    this.jar.setCookieSync(field(request, "value", "string"), field(request, "url", "string"), options);
    return {};
  }

  cookies(request, now) {
    return { cookies: this.jar.serializeSync().cookies.map((raw) => cookieRecord(tough.Cookie.fromJSON(raw))) };
  }

  restart(request, now) {
    this.jar = tough.CookieJar.deserializeSync(JSON.stringify(this.jar.serializeSync()));
    return {};
  }

  reset(request, now) {
    this.jar = new tough.CookieJar();
    return {};
  }

  /** The standard workload, timed here (PROTOCOL.md, "bench"); the adapter's own jar is left alone. */
  bench(request, now) {
    const workload = JSON.parse(require("fs").readFileSync(field(request, "workload", "string"), "utf8"));
    const seconds = field(request, "seconds", "number");
    const options = httpOptions(workload, new Date(workload.now * 1000));
    const storeOptions = { ...options, ignoreError: true };
    const fill = () => {
      const jar = new tough.CookieJar();
      for (const [url, line] of workload.responses) jar.setCookieSync(line, url, storeOptions);
      return jar;
    };
    const storing = timed(fill, workload.responses.length, seconds);
    const jar = fill();
    const headers = new Array(workload.requests.length);
    const compute = () => workload.requests.forEach((url, index) => {
      headers[index] = jar.getCookieStringSync(url, options) || null;
    });
    const computing = timed(compute, headers.length, seconds);
    const stored = jar.serializeSync().cookies.length;
    return { "set-cookie": storing, "cookie-header": computing, stored, checksum: checksum(headers), headers };
  }

  /** The reply to one request line, or null for `stop`. */
  handle(line) {
    let id = null;
    try {
      let request;
      try {
        request = JSON.parse(line);
      } catch (error) {
        throw new ProtocolError(`not JSON: ${error.message}`);
      }
      if (request === null || typeof request !== "object" || Array.isArray(request)) {
        throw new ProtocolError("a request must be a JSON object");
      }
      id = request.id === undefined ? null : request.id;
      const op = field(request, "op", "string");
      field(request, "id", "integer");
      if (op === "stop") return null;
      const known = ["start", "set-cookie", "cookie-header", "document-cookie", "write-document-cookie", "cookies",
        "restart", "reset", "bench"];
      if (!known.includes(op)) throw new Unsupported(`unknown op '${op}' (this adapter speaks protocol ${PROTOCOL})`);
      const now = "now" in request ? new Date(field(request, "now", "number") * 1000) : undefined;
      return { id, status: "ok", result: this[op](request, now) };
    } catch (error) {
      if (error instanceof Unsupported) return { id, status: "skipped", reason: error.message };
      return { id, status: "errored", message: `${error.name}: ${error.message}`, details: String(error.stack) };
    }
  }
}

function main() {
  if (tough === null) {
    // Still speak the protocol, so that the harness shows why: every request is answered `errored`.
    process.stderr.write(`tough-cookie is not installed (Debian package node-tough-cookie): ${loadError.message}\n`);
  }
  const adapter = tough === null ? null : new Adapter();
  const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  input.on("line", (raw) => {
    const line = raw.trim();
    if (!line) return;
    let reply;
    if (adapter === null) {
      let id = null;
      try { id = JSON.parse(line).id ?? null; } catch (error) { /* id stays null */ }
      reply = { id, status: "errored", message: `tough-cookie is not installed (Debian package node-tough-cookie): ${loadError.message}`, details: null };
    } else {
      reply = adapter.handle(line);
    }
    if (reply === null) {
      input.close();
      return;
    }
    process.stdout.write(JSON.stringify(reply) + "\n");
  });
  input.on("close", () => process.exit(0));
}

main();
