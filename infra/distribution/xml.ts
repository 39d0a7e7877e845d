// The little XML the release packages need, as no XML library is installed: writing elements with
// escaped text and attributes, and a strict parser (no DTDs, no unknown entities, matched tags) for
// checking a package's message as a distributor would read it.

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (concatenated, unescaped, trimmed). */
  text: string;
}

/** A node to write: an element with attributes and children, or text. */
export type XmlNode = { name: string; attributes?: Record<string, string | number | boolean | null | undefined>; children?: (XmlNode | null | undefined | false)[]; text?: string | number };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

// Characters XML 1.0 forbids anywhere (controls other than tab, newline, carriage return).
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(value: string): string {
  return value.replace(FORBIDDEN, '').replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&apos;');
}

/** Shorthand for a node. */
export function el(name: string, attributesOrChildren?: XmlNode['attributes'] | XmlNode['children'] | string | number, children?: XmlNode['children'] | string | number): XmlNode {
  const attributes = attributesOrChildren && !Array.isArray(attributesOrChildren) && typeof attributesOrChildren === 'object' ? attributesOrChildren : undefined;
  const content = attributes ? children : (attributesOrChildren as XmlNode['children'] | string | number | undefined);
  if (typeof content === 'string' || typeof content === 'number') return { name, attributes, text: content };
  return { name, attributes, children: content };
}

/** The document with its declaration, two-space indented. */
export function writeXml(root: XmlNode): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${writeNode(root, '')}\n`;
}

function writeNode(node: XmlNode, indent: string): string {
  const attributes = Object.entries(node.attributes ?? {})
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => ` ${key}="${escapeXml(String(value))}"`)
    .join('');
  if (node.text !== undefined) return `${indent}<${node.name}${attributes}>${escapeXml(String(node.text))}</${node.name}>`;
  const children = (node.children ?? []).filter((child): child is XmlNode => Boolean(child));
  if (children.length === 0) return `${indent}<${node.name}${attributes}/>`;
  return `${indent}<${node.name}${attributes}>\n${children.map((child) => writeNode(child, `${indent}  `)).join('\n')}\n${indent}</${node.name}>`;
}

export class XmlSyntaxError extends Error {}

const NAME = /^[A-Za-z_][\w.:-]*/;

/** Parses a document into its root element; throws XmlSyntaxError with the offset of the problem. */
export function parseXml(source: string): XmlElement {
  let at = 0;
  const fail = (message: string): never => {
    throw new XmlSyntaxError(`${message} at offset ${at}`);
  };
  const skipMisc = () => {
    for (;;) {
      while (/\s/.test(source[at] ?? '')) at++;
      if (source.startsWith('<?', at)) {
        const end = source.indexOf('?>', at);
        if (end < 0) fail('Unterminated processing instruction');
        at = end + 2;
      } else if (source.startsWith('<!--', at)) {
        const end = source.indexOf('-->', at);
        if (end < 0) fail('Unterminated comment');
        at = end + 3;
      } else if (source.startsWith('<!', at)) {
        fail('Document type declarations are not accepted');
      } else return;
    }
  };
  const unescape = (raw: string): string =>
    raw.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);|&/g, (match, entity: string | undefined) => {
      if (!entity) return fail('A bare & must be written &amp;');
      if (entity.startsWith('#x')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
      if (entity.startsWith('#')) return String.fromCodePoint(parseInt(entity.slice(1), 10));
      return ENTITIES[entity] ?? fail(`Unknown entity ${match}`);
    });
  const name = (): string => {
    const match = NAME.exec(source.slice(at, at + 200));
    if (!match) fail('Expected a name');
    at += match![0].length;
    return match![0];
  };
  const element = (): XmlElement => {
    if (source[at] !== '<') fail('Expected an element');
    at++;
    const tag = name();
    const attributes: Record<string, string> = {};
    for (;;) {
      while (/\s/.test(source[at] ?? '')) at++;
      if (source.startsWith('/>', at)) {
        at += 2;
        return { name: tag, attributes, children: [], text: '' };
      }
      if (source[at] === '>') {
        at++;
        break;
      }
      const key = name();
      if (key in attributes) fail(`Attribute ${key} repeated`);
      while (/\s/.test(source[at] ?? '')) at++;
      if (source[at] !== '=') fail('Expected =');
      at++;
      while (/\s/.test(source[at] ?? '')) at++;
      const quote = source[at];
      if (quote !== '"' && quote !== "'") fail('Expected a quoted attribute value');
      const end = source.indexOf(quote!, at + 1);
      if (end < 0) fail('Unterminated attribute value');
      const raw = source.slice(at + 1, end);
      if (raw.includes('<')) fail('< in an attribute value');
      attributes[key] = unescape(raw);
      at = end + 1;
    }
    const children: XmlElement[] = [];
    let text = '';
    for (;;) {
      if (at >= source.length) fail(`Unclosed element <${tag}>`);
      if (source.startsWith('</', at)) {
        at += 2;
        const closing = name();
        if (closing !== tag) fail(`</${closing}> closes <${tag}>`);
        while (/\s/.test(source[at] ?? '')) at++;
        if (source[at] !== '>') fail('Expected >');
        at++;
        return { name: tag, attributes, children, text: text.trim() };
      }
      if (source.startsWith('<!--', at)) {
        const end = source.indexOf('-->', at);
        if (end < 0) fail('Unterminated comment');
        at = end + 3;
      } else if (source.startsWith('<![CDATA[', at)) {
        const end = source.indexOf(']]>', at);
        if (end < 0) fail('Unterminated CDATA section');
        text += source.slice(at + 9, end);
        at = end + 3;
      } else if (source[at] === '<') {
        children.push(element());
      } else {
        const end = source.indexOf('<', at);
        const raw = source.slice(at, end < 0 ? source.length : end);
        text += unescape(raw);
        at += raw.length;
      }
    }
  };
  skipMisc();
  const root = element();
  skipMisc();
  if (at < source.length) fail('Content after the root element');
  return root;
}

/** The local name of a (possibly prefixed) element name. */
export const localName = (name: string) => name.slice(name.indexOf(':') + 1);

export function child(parent: XmlElement | undefined, name: string): XmlElement | undefined {
  return parent?.children.find((c) => localName(c.name) === name);
}

export function childrenNamed(parent: XmlElement | undefined, name: string): XmlElement[] {
  return parent?.children.filter((c) => localName(c.name) === name) ?? [];
}

/** Every descendant named `name`, depth first. */
export function descendants(parent: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (node: XmlElement) => {
    for (const c of node.children) {
      if (localName(c.name) === name) found.push(c);
      walk(c);
    }
  };
  walk(parent);
  return found;
}

/** The text at a path of child names, or undefined. */
export function textAt(parent: XmlElement | undefined, ...path: string[]): string | undefined {
  let node = parent;
  for (const name of path) node = child(node, name);
  return node?.text;
}
