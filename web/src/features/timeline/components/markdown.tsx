import type { ReactNode } from 'react';

/**
 * The Markdown of notes, as React elements (decision 0049): paragraphs, line breaks, bulleted and
 * numbered lists, headings, `code`, **bold**, *italic*, [links](https://…), bare links and @mentions.
 * Nothing is ever parsed as HTML: every piece of text is a React text node, so `<script>` in a note
 * shows as those characters. Links go only to http(s) and mailto addresses, open in a new tab without
 * the opener, and anything else stays text.
 */
export function Markdown({ text }: { text: string }) {
  return <div className="grid gap-2 text-sm leading-relaxed break-words">{blocks(text)}</div>;
}

const LIST_ITEM = /^\s*(?:[-*+]|(\d+)[.)])\s+(.*)$/;
const HEADING = /^(#{1,6})\s+(.*)$/;

function blocks(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length > 0) {
      // Keys are positions in the parsed text, which never reorders.
      const children: ReactNode[] = [];
      for (const line of paragraph) {
        if (children.length > 0) children.push(<br key={`br${children.length}`} />);
        children.push(<span key={`l${children.length}`}>{inline(line)}</span>);
      }
      out.push(<p key={out.length}>{children}</p>);
    }
    paragraph = [];
    if (list) {
      const { ordered, items } = list;
      const children: ReactNode[] = [];
      for (const item of items) children.push(<li key={children.length}>{inline(item)}</li>);
      out.push(
        ordered ? (
          <ol key={out.length} className="list-decimal space-y-0.5 pl-5">
            {children}
          </ol>
        ) : (
          <ul key={out.length} className="list-disc space-y-0.5 pl-5">
            {children}
          </ul>
        ),
      );
    }
    list = null;
  };
  for (const line of lines) {
    const item = LIST_ITEM.exec(line);
    const heading = HEADING.exec(line);
    if (line.trim() === '') flush();
    else if (item) {
      const ordered = item[1] !== undefined;
      if (paragraph.length > 0 || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(item[2]);
    } else if (heading) {
      flush();
      out.push(
        <p key={out.length} className="font-semibold">
          {inline(heading[2])}
        </p>,
      );
    } else if (list && /^\s{2,}\S/.test(line)) {
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return out;
}

const INLINE =
  /(`[^`\n]+`)|(\*\*[^*\n]+\*\*|__[^_\n]+__)|(\*[^*\s][^*\n]*\*|_[^_\s][^_\n]*_)|(\[[^\]\n]+\]\([^)\s]+\))|(https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"])|((?<![\w.+-])@[\w.+-]+@[\w-]+(?:\.[\w-]+)+)/g;

/** A link's address when it is a safe one (http, https, mailto), else null. */
export function safeHref(href: string): string | null {
  try {
    const url = new URL(href);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

function link(href: string, label: ReactNode, key: number) {
  return (
    <a
      key={key}
      href={href}
      target="_blank"
      rel="noreferrer noopener"
      className="text-primary underline-offset-2 hover:underline"
    >
      {label}
    </a>
  );
}

function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, code, bold, italic, mdLink, bare, mention] = match;
    const at = match.index;
    if (at > last) out.push(text.slice(last, at));
    const key = out.length;
    if (code)
      out.push(
        <code key={key} className="rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]">
          {code.slice(1, -1)}
        </code>,
      );
    else if (bold) out.push(<strong key={key}>{inline(bold.slice(2, -2))}</strong>);
    else if (italic) out.push(<em key={key}>{inline(italic.slice(1, -1))}</em>);
    else if (mdLink) {
      const split = mdLink.indexOf('](');
      const label = mdLink.slice(1, split);
      const href = safeHref(mdLink.slice(split + 2, -1));
      out.push(href ? link(href, inline(label), key) : whole);
    } else if (bare) {
      const href = safeHref(bare);
      out.push(href ? link(href, bare, key) : bare);
    } else if (mention)
      out.push(
        <span key={key} className="rounded bg-primary/10 px-1 font-medium text-primary">
          {mention}
        </span>,
      );
    last = at + whole.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
