import { describe, expect, test } from 'vitest';
import { parseMarkdown, stringifyMarkdown } from '../markdown-parser';
import type { KeysSettings } from './mkdocs-keys';
import { renderKeys } from './mkdocs-keys';

const defaults: KeysSettings = { keyMap: {}, camelCase: false, separator: '+' };

function rendered(markdown: string, settings: KeysSettings = defaults): string {
  const tree = parseMarkdown(markdown);
  renderKeys(tree, settings, markdown);
  return stringifyMarkdown(tree.children);
}

describe('renderKeys', () => {
  test('names are case-sensitive unless camel_case is on; the separator joins the keys', () => {
    expect(rendered('++Ctrl+PageUp++ and ++ctrl++ ++alt++')).toBe('++Ctrl+PageUp++ and Ctrl Alt');
    expect(rendered('++Ctrl+PageUp++', { ...defaults, camelCase: true })).toBe('Ctrl+Page Up');
    expect(rendered('++ctrl+c++', { ...defaults, separator: ' then ' })).toBe('Ctrl then C');
    expect(rendered('++ctrl+command++', { ...defaults, keyMap: { command: '⌘' } })).toBe('Ctrl+⌘');
  });

  test('link text and emphasis are read; link targets are not', () => {
    expect(rendered('[Press ++enter++](https://x.org/++enter++) or *++tab++*')).toBe('[Press Enter](https://x.org/++enter++) or _Tab_');
  });

});
