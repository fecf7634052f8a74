import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown, safeHref } from './markdown';

describe('Markdown', () => {
  it('renders paragraphs, lists, emphasis, code, links and mentions', () => {
    const { container } = render(
      <Markdown
        text={
          'Met at **the conference**.\nSecond line\n\n- likes *tea*\n- wants `COBOL`\n\n1. call\n2. write\n\nSee https://example.com/a. Ask @bob@example.com'
        }
      />,
    );
    expect(container.querySelectorAll('p')).toHaveLength(2);
    expect(container.querySelector('strong')?.textContent).toBe('the conference');
    expect(container.querySelector('br')).not.toBeNull();
    expect(container.querySelectorAll('ul > li')).toHaveLength(2);
    expect(container.querySelectorAll('ol > li')).toHaveLength(2);
    expect(container.querySelector('em')?.textContent).toBe('tea');
    expect(container.querySelector('code')?.textContent).toBe('COBOL');
    const link = screen.getByRole('link', { name: 'https://example.com/a' });
    expect(link.getAttribute('href')).toBe('https://example.com/a');
    expect(link.getAttribute('rel')).toBe('noreferrer noopener');
    expect(screen.getByText('@bob@example.com')).toBeTruthy();
  });

  it('never renders HTML, and keeps only http, https and mailto links', () => {
    const { container } = render(
      <Markdown
        text={
          '<script>alert(1)</script> <img src=x onerror=alert(1)>\n\n[click](javascript:alert(1)) [data](data:text/html,x) [mail](mailto:a@example.com)'
        }
      />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
    const links = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['mailto:a@example.com']);
    expect(container.textContent).toContain('[click](javascript:alert(1))');
    expect(safeHref('JavaScript:alert(1)')).toBeNull();
    expect(safeHref('not a url')).toBeNull();
  });
});
