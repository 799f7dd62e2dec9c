/**
 * The text of an inline module script that imports `script` once the browser reports the
 * page's first contentful paint, so that no script is fetched while the page is still to be
 * painted (docs/decisions/023-inline-site-stylesheet.md): the marketing pages' islands entry,
 * and the app's entry in a page the server rendered. A browser without paint timing imports
 * it after the next frame. The server allows the script by its hash, taken from the pages it
 * serves; its text is ours and has no markup in it.
 */
export function importAfterFirstPaint(script: string): string {
  const load = `import(${JSON.stringify(script)})`;
  return [
    'if (PerformanceObserver.supportedEntryTypes?.includes("paint")) {',
    '  new PerformanceObserver((list, observer) => {',
    '    if (!list.getEntriesByName("first-contentful-paint").length) return;',
    '    observer.disconnect();',
    `    ${load};`,
    '  }).observe({ type: "paint", buffered: true });',
    '} else {',
    `  requestAnimationFrame(() => setTimeout(() => ${load}));`,
    '}',
  ].join('\n');
}
