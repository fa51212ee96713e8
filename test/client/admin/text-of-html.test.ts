import { describe, expect, it } from 'vitest';
import { textOfHtml } from '#client/pages/admin/text-of-html.ts';

describe('textOfHtml (previews in the admin lists, the same on the server and in the browser)', () => {
  it('keeps the words of sanitised HTML, paragraphs apart', () => {
    expect(textOfHtml('<p>Great <strong>work</strong> on the van.</p><p>Thanks!</p>')).toBe('Great work on the van. Thanks!');
  });

  it('decodes character references', () => {
    expect(textOfHtml('<p>Body &amp; Paint &lt;3 &#8217;s&nbsp;best &#x2764;</p>')).toBe('Body & Paint <3 ’s best ❤');
  });

  it('leaves an unknown reference as written and drops comments', () => {
    expect(textOfHtml('<!-- note --><p>&bogus; text</p>')).toBe('&bogus; text');
  });

  it('cuts a long text with an ellipsis', () => {
    expect(textOfHtml(`<p>${'a'.repeat(200)}</p>`, 10)).toBe(`${'a'.repeat(10)}…`);
  });
});
