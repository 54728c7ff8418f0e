import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize.ts';

describe('sanitizeRichText', () => {
  it('keeps what a rich-text editor produces', () => {
    const html =
      '<h1>标题</h1><p style="text-align:center;color:rgb(255, 0, 0);font-size:16px"><em>斜体</em><u>下划线</u><s>删除</s></p>' +
      '<ol><li>一</li></ol><ul><li>二</li></ul><blockquote>引用</blockquote><pre><code>x &lt; 1</code></pre>' +
      '<p><span style="background-color:#ffff00">高亮</span><br /><sub>2</sub><sup>3</sup></p>' +
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="截图" width="200" />';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('removes scripts, handlers, dangerous URLs and styles', () => {
    const cases: [string, string][] = [
      ['<p>a<script>alert(1)</script>b</p>', '<p>ab</p>'],
      ['<img src="x" onerror="alert(1)" />', '<img src="x" />'],
      ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
      ['<a href="JaVaScRiPt&#58;alert(1)">x</a>', '<a>x</a>'],
      ['<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
      ['<img src="data:text/html;base64,PHNjcmlwdD4=" />', ''],
      ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
      ['<p style="background-image:url(javascript:alert(1));color:red">x</p>', '<p style="color:red">x</p>'],
      ['<p style="width:expression(alert(1))">x</p>', '<p>x</p>'],
      ['<svg><script>alert(1)</script></svg>', ''],
      ['<form action="/x"><input name="a" /><button>go</button></form>', 'go'],
      ['<object data="x.swf"></object><embed src="x.swf" />', ''],
      ['<p>x</p><!-- <script>alert(1)</script> -->', '<p>x</p>'],
      ['<div onmouseover="x()" class="ql-align-center">x</div>', '<div class="ql-align-center">x</div>'],
    ];
    for (const [dirty, clean] of cases) expect(sanitizeRichText(dirty), dirty).toBe(clean);
  });

  it('treats empty content as empty text', () => {
    expect(sanitizeRichText(null)).toBe('');
    expect(sanitizeRichText(undefined)).toBe('');
    expect(sanitizeRichText('纯文本 & 符号')).toBe('纯文本 &amp; 符号');
  });
});
