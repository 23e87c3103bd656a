/**
 * The loader a prerendered page runs instead of the app's module entry (shared by the build,
 * scripts/prerender, and the server's Content-Security-Policy, which allows it by the hash of
 * its text; pure): it asks for the entry once the page's first contentful paint has happened
 * (the browser's paint timing entry; the end of the next frame where there is none), so on a
 * slow link the app's script never competes with the first paint, and a lab's model of the
 * page (Lighthouse's) does not count the script as needed for that paint.
 *
 * It is inline in the page's <head>, not a file: a file is one more request before the
 * first paint, and Lighthouse's model of the largest paint counted it (2026-11-29, `/` on a
 * phone, first visit: 0.44 s of a simulated 1.63 s LCP). Its text is the same for every
 * build, so one hash allows it: the entry and the chunks fetched with it are named on the
 * script element itself (`data-entry`, `data-alongside`, space-separated), and so is the web
 * app manifest (`data-manifest`), whose link it adds with the entry: a browser that reads the
 * manifest at once fetches its icons too, before the first paint (Lighthouse's Chromium did:
 * 0.15 s of the same simulated LCP).
 *
 * Where no paint is reported it loads anyway: after 1 s in a hidden page (a background tab
 * paints nothing), after 3 s in a visible one (a paint that slow is a loaded device; the app
 * must start all the same).
 */

/** The window property through which the loader hands early button presses to main.tsx. */
export const EARLY_CLICKS_KEY = '__pneumaEarlyClicks';

/** The loader's text, for the page's inline <script> and the server's CSP hash. */
export function afterPaintLoader(): string {
  // A button pressed before the app has started is held, not lost: main.tsx takes the list
  // (EARLY_CLICKS_KEY) when it hydrates and presses them again. Links work without it.
  const hold =
    `var q=[];function c(e){var t=e.target;t=t&&t.closest?t.closest('button'):null;if(t){e.preventDefault();e.stopPropagation();q.push(t)}}` +
    `document.addEventListener('click',c,true);window.${EARLY_CLICKS_KEY}=function(){document.removeEventListener('click',c,true);return q};`;
  // The entry, then the chunks the app imports as soon as it runs (modulepreload), fetched
  // together instead of one round trip after it.
  const load =
    `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=E;document.head.appendChild(s);` +
    `for(var i=0;i<A.length;i++){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=A[i];document.head.appendChild(l)}` +
    `if(M){var m=document.createElement('link');m.rel='manifest';m.href=M;document.head.appendChild(m)}`;
  const afterPaint =
    `var o;function f(){requestAnimationFrame(function(){setTimeout(go)})}` +
    `try{if(PerformanceObserver.supportedEntryTypes&&PerformanceObserver.supportedEntryTypes.indexOf('paint')<0)throw 0;` +
    `o=new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(go)}});o.observe({type:'paint',buffered:true})}catch(e){f()}`;
  return (
    `(function(){var x=document.currentScript,E=x.getAttribute('data-entry'),M=x.getAttribute('data-manifest'),A=(x.getAttribute('data-alongside')||'').split(' ').filter(Boolean);` +
    `${hold}var d=0;function go(){if(d)return;d=1;${load}}${afterPaint}` +
    `setTimeout(go,document.visibilityState==='hidden'?1000:3000)})();`
  );
}
