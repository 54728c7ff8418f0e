/**
 * Rich text from the console's editor, made safe to store and to show to other people: the formatting an editor
 * produces (headings, lists, tables, links, images, colours, alignment) stays; scripts, styles sheets, frames,
 * forms, event handlers (`on*=`) and `javascript:`/`vbscript:` URLs go. Images may be `data:` URLs (pasted
 * screenshots) or http(s)/relative links (uploads through put-file).
 */
import sanitizeHtml from 'sanitize-html';

const COLOR = /^(#[0-9a-f]{3,8}|rgba?\(\s*[\d.%\s,]+\)|hsla?\(\s*[\d.%\s,deg]+\)|[a-z]{3,20})$/i;
const LENGTH = /^(-?\d+(\.\d+)?(px|pt|em|rem|%|vw|vh)?|0|auto)$/i;
const LENGTHS = /^((-?\d+(\.\d+)?(px|pt|em|rem|%)?|0|auto)\s*){1,4}$/i;
const BORDER =
  /^(\d+(\.\d+)?(px|pt|em)?\s+)?(none|solid|dashed|dotted|double)?(\s+(#[0-9a-f]{3,8}|rgba?\([\d.%\s,]+\)|[a-z]{3,20}))?$/i;

const STYLES: Record<string, RegExp[]> = {
  color: [COLOR],
  'background-color': [COLOR],
  'font-size': [LENGTH, /^(x{0,2}-?small|medium|x{0,2}-?large)$/i],
  'font-family': [/^[\w\s,"'\-\u4e00-\u9fa5]{1,200}$/],
  'font-weight': [/^(normal|bold|bolder|lighter|\d{3})$/i],
  'font-style': [/^(normal|italic|oblique)$/i],
  'text-align': [/^(left|right|center|justify|start|end)$/i],
  'text-decoration': [/^(none|underline|overline|line-through)(\s+(solid|double|dotted|dashed|wavy))?$/i],
  'text-indent': [LENGTH],
  'line-height': [LENGTH, /^(normal|\d+(\.\d+)?)$/],
  'letter-spacing': [LENGTH],
  'vertical-align': [/^(baseline|top|middle|bottom|sub|super|text-top|text-bottom)$/i],
  'white-space': [/^(normal|nowrap|pre|pre-wrap|pre-line)$/i],
  width: [LENGTH],
  height: [LENGTH],
  'max-width': [LENGTH],
  margin: [LENGTHS],
  'margin-left': [LENGTH],
  'margin-right': [LENGTH],
  'margin-top': [LENGTH],
  'margin-bottom': [LENGTH],
  padding: [LENGTHS],
  'padding-left': [LENGTH],
  'padding-right': [LENGTH],
  'padding-top': [LENGTH],
  'padding-bottom': [LENGTH],
  border: [BORDER],
  'border-collapse': [/^(collapse|separate)$/i],
  float: [/^(left|right|none)$/i],
};

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'strike',
    'del',
    'ins',
    'sub',
    'sup',
    'small',
    'mark',
    'font',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'caption',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    '*': ['style', 'class', 'title', 'align', 'dir'],
    a: ['href', 'target', 'rel', 'name'],
    img: ['src', 'alt', 'width', 'height'],
    font: ['color', 'size', 'face'],
    table: ['border', 'cellpadding', 'cellspacing', 'width'],
    col: ['span', 'width'],
    colgroup: ['span', 'width'],
    th: ['colspan', 'rowspan', 'width', 'valign'],
    td: ['colspan', 'rowspan', 'width', 'valign'],
    ol: ['start', 'type'],
  },
  allowedClasses: { '*': [/^[\w-]{1,64}$/] },
  allowedStyles: { '*': STYLES },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // scripts and style sheets are dropped together with their text
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object', 'template'],
  transformTags: {
    // a link that opens a new window must not hand the console's window to the opened page
    a: (tagName, attribs) => {
      if (attribs.target === '_blank') return { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } };
      return { tagName, attribs };
    },
  },
  exclusiveFilter: (frame) =>
    frame.tag === 'img' &&
    /^data:/i.test(frame.attribs.src ?? '') &&
    !/^data:image\/(png|jpe?g|gif|webp|bmp);base64,/i.test(frame.attribs.src ?? ''),
};

/** Cleans rich text for storage; plain text passes through unchanged except that `<`/`&` become entities. */
export function sanitizeRichText(html: string | null | undefined): string {
  if (html === null || html === undefined) return '';
  return sanitizeHtml(String(html), OPTIONS);
}
