import { HtmlValidate } from 'html-validate';

/**
 * html-validate with its recommended rules, set to the way our renderers write markup
 * where the rule only chooses between equally valid spellings: React (the prerendered
 * pages, the pages the server renders) and vite's shells.
 */
const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    // React writes attributes as JSX names them (autoComplete, charSet, noValidate); HTML
    // attribute names are case-insensitive.
    'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
    // React closes void elements (<input />), vite's tags in the shells do not (<link …>);
    // React writes empty attributes with a value (hidden=""), vite without (crossorigin).
    // Either spelling is valid HTML, and neither writer can be told to use the other.
    'void-style': 'off',
    'attribute-empty-style': 'off',
    // React writes boolean attributes with an empty value (disabled="").
    'attribute-boolean-style': ['error', { style: 'empty' }],
    // Every page starts with <!doctype html> (src/site/render-page.tsx, src/client/*.html).
    'doctype-style': ['error', { style: 'lowercase' }],
    // React's useId makes ids such as "_R_1nd_-email": HTML allows any id without spaces.
    'valid-id': ['error', { relaxed: true }],
  },
});

/** What html-validate finds wrong in `html`, one line each: rule, place, element and message. */
export async function htmlProblems(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  return report.results.flatMap((result) => result.messages.map((message) => `${message.ruleId} ${message.line}:${message.column} ${message.selector ?? ''}: ${message.message}`));
}
