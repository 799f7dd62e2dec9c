/**
 * The text of an inline module script that imports `script` once the browser reports the
 * page's first contentful paint and has shown one more frame, so that no script is fetched
 * while the page is still to be painted (docs/decisions/023-inline-site-stylesheet.md): the
 * marketing pages' islands entry, and the app's entry in a page the server rendered. On a
 * busy phone the parser yields and a page is painted in parts, its largest element after
 * its first; a module script runs once the page is parsed, so the frame after it shows all
 * of it (docs/decisions/074-app-pages-painted-from-their-html.md). A browser without paint
 * timing imports it after the next frame. The server allows the script by its hash, taken
 * from the pages it serves; its text is ours and has no markup in it.
 */
export function importAfterFirstPaint(script: string): string {
  const load = `import(${JSON.stringify(script)})`;
  return [
    'if (PerformanceObserver.supportedEntryTypes?.includes("paint")) {',
    '  new PerformanceObserver((list, observer) => {',
    '    if (!list.getEntriesByName("first-contentful-paint").length) return;',
    '    observer.disconnect();',
    `    requestAnimationFrame(() => setTimeout(() => ${load}));`,
    '  }).observe({ type: "paint", buffered: true });',
    '} else {',
    `  requestAnimationFrame(() => setTimeout(() => ${load}));`,
    '}',
  ].join('\n');
}

/**
 * Where a page's first frame waits for its main content: the `href` of a
 * `<link rel="expect" blocking="render">` in its head. The browser paints no frame until
 * that element is parsed to its end, so a parser that yields on a busy phone no longer
 * shows the header alone first and the largest element a frame later (a browser without
 * `rel="expect"` ignores the link). `main` is every page's main content, the skip link's
 * target.
 */
export const firstFrameAwaits = '#main';
