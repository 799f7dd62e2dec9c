/**
 * The widgets only the home page has, in one module so that the build makes one chunk of
 * them (one request, compressed together) rather than one each; like site-wide.ts.
 */
export { default as DownloadableContent } from './downloadable-content.tsx';
export { default as Questionnaire } from './questionnaire.tsx';
