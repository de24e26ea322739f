import { Fragment, type ReactNode } from 'react';

/**
 * The catalogue's descriptions and how-to-fix texts carry a little HTML (<code>, links,
 * paragraphs, lists). They reach the browser through the API, so rather than trusting them as
 * markup we rebuild them as React elements from an allow-list: any other tag keeps only its
 * text, attributes other than a link's http(s) href are dropped, scripts never run.
 */
const ALLOWED = new Set(['p', 'code', 'pre', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'br', 'a']);
const DROPPED = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template']);

function safeHref(value: string | null): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value, 'https://invalid.example/');
    return url.protocol === 'https:' || url.protocol === 'http:' ? value : undefined;
  } catch {
    return undefined;
  }
}

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = Array.from(element.childNodes, toReact);
  if (!ALLOWED.has(tag)) return <Fragment key={key}>{children}</Fragment>;
  if (tag === 'br') return <br key={key} />;
  if (tag === 'a') {
    return (
      <a key={key} href={safeHref(element.getAttribute('href'))} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  const Tag = tag as 'p';
  return <Tag key={key}>{children}</Tag>;
}

export function RichText({ html, className }: { html: string; className?: string }) {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return <div className={className}>{Array.from(body.childNodes, toReact)}</div>;
}
