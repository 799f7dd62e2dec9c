/**
 * A small XML writer for the e-invoice (factur-x.ts): elements with attributes, text and
 * children, written as UTF-8 text with the characters XML reserves escaped. The CII
 * document is a few kilobytes; a library would only add what escaping does here
 * (docs/decisions/066-factur-x-invoices.md).
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  /** Text or child elements; `undefined`, `null` and `false` stand for an element left out. */
  content: string | readonly XmlChild[];
}

export type XmlChild = XmlElement | undefined | null | false;

/** `<name attributes>children</name>`; absent children are left out. */
export function element(name: string, children: readonly XmlChild[], attributes: Record<string, string> = {}): XmlElement {
  return { name, attributes, content: children };
}

/** `<name attributes>text</name>` */
export function textElement(name: string, text: string, attributes: Record<string, string> = {}): XmlElement {
  return { name, attributes, content: text };
}

/** Whether XML 1.0 may carry the character: not the controls other than tab, line feed and carriage return, nor U+FFFE and U+FFFF. */
function allowedInXml(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return (code >= 0x20 || code === 0x9 || code === 0xa || code === 0xd) && code !== 0xfffe && code !== 0xffff;
}

/**
 * Text as XML may carry it: the reserved characters as entities, and the control
 * characters XML 1.0 does not allow (a name pasted with a stray one) dropped.
 */
function escape(text: string): string {
  return [...text]
    .filter(allowedInXml)
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function write(node: XmlElement, indent: string, out: string[]): void {
  const attributes = Object.entries(node.attributes)
    .map(([name, value]) => ` ${name}="${escape(value)}"`)
    .join('');
  if (typeof node.content === 'string') {
    out.push(`${indent}<${node.name}${attributes}>${escape(node.content)}</${node.name}>`);
    return;
  }
  const children = node.content.filter((child): child is XmlElement => Boolean(child));
  if (children.length === 0) {
    out.push(`${indent}<${node.name}${attributes}/>`);
    return;
  }
  out.push(`${indent}<${node.name}${attributes}>`);
  for (const child of children) write(child, `${indent}  `, out);
  out.push(`${indent}</${node.name}>`);
}

/** The document with its XML declaration, indented by two spaces. */
export function xmlDocument(root: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  write(root, '', out);
  return `${out.join('\n')}\n`;
}
