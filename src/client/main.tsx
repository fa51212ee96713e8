// The browser's entry: the stylesheet (linked in every page's head) and a boot that loads the
// application itself (start.tsx) in a chunk of its own.
//
// A page the server rendered is complete without JavaScript, so its ~115 KB of application code
// is asked for only after the first paint: on a phone's connection the page's own picture (its
// LCP) no longer shares the bandwidth with it, and the page takes input a moment later, once
// hydrated (docs/decisions/server-rendered-public-pages.md). A screen rendered in the browser
// (sign-in, account, admin) loads it at once.
import '#client/styles/tokens.css';
import '#client/styles/base.css';
import '#client/styles/layout.css';
import '#client/styles/components.css';
import '#client/styles/pages.css';

// zod (the forms' validation) probes whether it may compile its parsers with `new Function`; under
// the site's Content-Security-Policy (script-src 'self', no 'unsafe-eval') the probe is refused and
// reported as a securitypolicyviolation, though zod then works without. Telling it up front spares
// the report. Set on zod's global configuration object before zod loads (it is in a later chunk:
// importing zod here would put it in every page's first download); test/e2e/content-security-policy.test.ts
// fails on any violation, so a zod that stops reading this is caught.
// zod keeps the object it finds there, so it is changed in place, never replaced.
((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {}).jitless = true;

/** Runs `start` once the browser has painted the page, or after a second in a tab that paints nothing (a background tab). */
function afterFirstPaint(start: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  // A frame's callbacks run before it paints; the next frame's run once it has been shown.
  requestAnimationFrame(() => requestAnimationFrame(once));
  setTimeout(once, 1000);
}

const startApp = () => void import('#client/start.tsx');
if (document.getElementById('root')?.hasChildNodes()) afterFirstPaint(startApp);
else startApp();
