// The rich-text allow-list against known XSS payloads: each must come out harmless.
import { describe, expect, it } from 'vitest';
import { sanitizeRichText, sanitizeVideoHtml } from '#server/html/sanitize-html.ts';

/** Nothing in the output can run script or load from elsewhere. */
function expectHarmless(html: string) {
  expect(html).not.toMatch(/<script|<style|<svg|<math|<img|<object|<embed|<form|<input|<base|<link|<meta/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:|vbscript:|data:/i);
  expect(html).not.toMatch(/expression\s*\(|url\s*\(/i);
  expect(html).not.toMatch(/&#(x0*6a|0*106);|&colon;/i);
}

const payloads = [
  '<script>alert(1)</script>',
  '<p>hi<script src="//evil.test/x.js"></script></p>',
  '<img src=x onerror=alert(1)>',
  '<p onclick="alert(1)" onmouseover=alert(2)>text</p>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;avascript&colon;alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<span style="color: expression(alert(1))">x</span>',
  '<span style="background:url(javascript:alert(1))">x</span>',
  '<span style="color: red; background-image: url(http://evil.test/x.png)">x</span>',
  '<p style="text-align: center; behavior: url(x.htc)">x</p>',
  '<svg onload=alert(1)><circle r="10"/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="https://evil.test/"></iframe>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<form action="https://evil.test"><input name=a></form>',
  '<base href="https://evil.test/">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel=stylesheet href="https://evil.test/x.css">',
  '<div style="width: expression(alert(1))">x</div>',
  '<<script>script>alert(1)<</script>/script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<p><a href="//evil.test">protocol-relative</a></p>',
  '<details open ontoggle=alert(1)>',
  '<a href="https://ok.test" onclick="alert(1)" style="color:red">ok</a>',
  '<strong><em>nested <u>ok</u></em></strong><img src="data:image/svg+xml;base64,PHN2Zz4=">',
];

describe('sanitizeRichText', () => {
  it.each(payloads)('makes %s harmless', (payload) => {
    expectHarmless(sanitizeRichText(payload));
    expectHarmless(sanitizeVideoHtml(payload));
  });

  it("keeps the editor's formatting", () => {
    const html =
      '<h2 style="text-align: center">Title</h2><p style="text-align: right">A <strong>b</strong> <b>c</b> <em>d</em> <i>e</i> <u>f</u> <s>g</s> <strike>h</strike><br><span style="color: #ff0000">red</span> <span style="color: rgb(0, 128, 0)">green</span></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote><p><a href="https://example.com/x?y=1">web</a> <a href="mailto:a@b.test">mail</a> <a href="tel:01736555014">01736 555 014</a> <a href="http://example.com">plain</a></p>';
    // Only whitespace in style values and the void <br> are normalised.
    expect(sanitizeRichText(html)).toBe(html.replace(/: /g, ':').replace('<br>', '<br />'));
  });

  it('drops styles other than colour and alignment, and unknown tags but not their text', () => {
    expect(sanitizeRichText('<p style="font-size: 90px; text-align: left; position: fixed">x</p>')).toBe(
      '<p style="text-align:left">x</p>',
    );
    expect(sanitizeRichText('<span style="color: blue; font-weight: bold">x</span>')).toBe('<span style="color:blue">x</span>');
    expect(sanitizeRichText('<div><font color="red">kept text</font></div>')).toBe('kept text');
    expect(sanitizeRichText('<p>a<script>alert(1)</script>b</p>')).toBe('<p>ab</p>');
  });

  it('makes links that open a new tab safe', () => {
    expect(sanitizeRichText('<a href="https://x.test" target="_blank">x</a>')).toBe(
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it('never keeps an iframe in rich text, even a YouTube one', () => {
    expect(sanitizeRichText('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>')).toBe('');
  });
});

describe('raw-text tags (the sanitize-html 2.17.4 advisory)', () => {
  // Browsers read the content of these tags as text, and sanitize-html used to pass it through
  // unescaped: markup inside them would come out as live markup once the wrapper was dropped.
  it.each(['xmp', 'noembed', 'noframes'])('drops <%s> with its content', (tag) => {
    for (const inner of ['<img src=x onerror=alert(1)>', '</p><script>alert(1)</script>', '<a href="javascript:alert(1)">x</a>']) {
      const out = sanitizeRichText(`<p>before</p><${tag}>${inner}</${tag}><p>after</p>`);
      expectHarmless(out);
      expect(out).toBe('<p>before</p><p>after</p>');
      expectHarmless(sanitizeVideoHtml(`<${tag}>${inner}</${tag}>`));
    }
  });
});

describe('sanitizeVideoHtml', () => {
  it('keeps YouTube and Vimeo embeds', () => {
    for (const src of [
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=10',
      'https://player.vimeo.com/video/76979871',
    ]) {
      const out = sanitizeVideoHtml(`<iframe src="${src}" width="560" height="315" allowfullscreen onload="alert(1)"></iframe>`);
      expect(out).toContain(`src="${src.replace(/&/g, '&amp;')}"`);
      expect(out).not.toContain('onload');
    }
  });

  it('keeps no attribute smuggled into an embed', () => {
    const out = sanitizeVideoHtml('<iframe src="https://player.vimeo.com/video/1"onload="alert(1)" srcdoc="<script>x</script>"></iframe>');
    expect(out).toBe('<iframe src="https://player.vimeo.com/video/1"></iframe>');
  });

  it('drops iframes to other hosts or lookalikes', () => {
    for (const src of [
      'https://evil.test/embed/x',
      'http://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com.evil.test/embed/dQw4w9WgXcQ',
      'https://evil.test/?https://www.youtube.com/embed/dQw4w9WgXcQ',
      'javascript:alert(1)//https://www.youtube.com/embed/x',
      '//www.youtube.com/embed/dQw4w9WgXcQ',
    ]) {
      expect(sanitizeVideoHtml(`<iframe src="${src}"></iframe>`), src).not.toContain('<iframe');
    }
  });
});
