/**
 * The part of SaxonJS 2 (the package ships no types) that the e-invoice tests use
 * (tests/helpers/e-invoice.ts): running a compiled stylesheet (SEF) on a document, and
 * XPath on the result.
 */
declare module 'saxon-js' {
  interface TransformOptions {
    /** A compiled stylesheet (SEF) as parsed JSON. */
    stylesheetInternal: object;
    sourceText: string;
    destination: 'serialized' | 'document';
  }
  const SaxonJS: {
    transform(options: TransformOptions, mode: 'sync'): { principalResult: unknown };
    XPath: {
      evaluate(xpath: string, context: unknown, options?: { namespaceContext?: Record<string, string>; resultForm?: 'array' | 'iterator' | 'default' }): unknown;
    };
  };
  export default SaxonJS;
}
