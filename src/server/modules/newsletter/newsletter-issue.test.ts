import { describe, expect, it } from 'vitest';
import { IssueError, renderIssue } from './newsletter-issue.ts';

describe('renderIssue', () => {
  it('takes the first heading as the subject and keeps the Markdown as the text', () => {
    const markdown = '\uFEFFIntro line\r\n\r\n## Spring issue ##\r\n\r\nText.';
    const issue = renderIssue(markdown);
    expect(issue.subject).toBe('Spring issue');
    expect(issue.text).toBe('Intro line\n\n## Spring issue ##\n\nText.');
    expect(issue.html).toBe('<p>Intro line</p>\n<h2>Spring issue</h2>\n<p>Text.</p>');
  });

  it('renders headings (h4 and below as h3), lists, line breaks and inline marks', () => {
    const issue = renderIssue('# Title\n#### Small\nline one\nline two\n\n1. first\n2. `second`\n   continued\n- a bullet\n\n**bold**, *italic* and a*b*c');
    expect(issue.html).toBe(
      [
        '<h1>Title</h1>',
        '<h3>Small</h3>',
        '<p>line one<br>line two</p>',
        '<ol><li>first</li><li><code>second</code> continued</li></ol>',
        '<ul><li>a bullet</li></ul>',
        '<p><strong>bold</strong>, <em>italic</em> and a*b*c</p>',
      ].join('\n'),
    );
  });

  it('links only http, https and mailto targets, and escapes everything else', () => {
    const issue = renderIssue('# T\n\n[site](https://example.ch/?a=1&b="2") [mail](mailto:info@example.ch) [bad](javascript:alert(1)) <img src=x onerror=alert(1)>');
    expect(issue.html).toContain('<a href="https://example.ch/?a=1&amp;b=&quot;2&quot;">site</a>');
    expect(issue.html).toContain('<a href="mailto:info@example.ch">mail</a>');
    expect(issue.html).toContain('[bad](javascript:alert(1))');
    expect(issue.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('refuses an issue without a heading', () => {
    expect(() => renderIssue('Just text.\n\n#not a heading')).toThrow(IssueError);
  });
});
