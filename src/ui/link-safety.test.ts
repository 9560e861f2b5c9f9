import { describe, expect, it } from 'vitest';
import { safeLink } from './link-safety.js';

describe('safeLink', () => {
  it('keeps http(s) links as external', () => {
    expect(safeLink('https://example.com/a?b#c')).toEqual({ href: 'https://example.com/a?b#c', external: true });
    expect(safeLink('HTTP://example.com')).toEqual({ href: 'HTTP://example.com', external: true });
  });

  it('keeps relative paths and anchors on the same site', () => {
    for (const href of ['/docs/install', './x', '../y', 'page', '#section', '?q=1']) {
      expect(safeLink(href)).toEqual({ href, external: false });
    }
  });

  it('refuses every other scheme, also when disguised', () => {
    for (const href of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0001javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'mailto:a@b.c',
      'file:///etc/passwd',
      '//evil.example/x',
      '\\\\evil.example',
      '',
    ]) {
      expect(safeLink(href), href).toBeNull();
    }
  });
});
