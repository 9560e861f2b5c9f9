import { rewriteLinesOutsideFences } from '../line-scanner';

// `:::tabs`, `::::tabs key:ab`: vitepress-plugin-tabs' container, with its shared-state key.
const tabsOpener = /^(\s*)(:{3,})[ \t]*tabs\b[ \t]*(?:key:\S*)?[ \t]*$/;
const otherOpener = /^\s*:{3,}[ \t]*[A-Za-z]/;
const closer = /^\s*:{3,}[ \t]*$/;
// `== Playwright`, `=== GitHub Actions (CI)`: a tab of the innermost tabs container.
const tabMarker = /^(\s*)={2,}[ \t]+(\S.*?)[ \t]*$/;

/**
 * vitepress-plugin-tabs' tabs as the page shows them: the `key:` of a `:::tabs key:ab` container
 * (which only ties tab groups together) is dropped, and each tab's marker line (`== Label`,
 * `=== Label` in nested groups) becomes its label as a bold line of its own, like other
 * dialects' tab labels. Only inside a tabs container and outside fenced code: elsewhere `== x`
 * is text.
 *
 * @example pluginTabsAsLabels(':::tabs key:pm\n== npm\nnpm i x\n== pnpm\npnpm add x\n:::') === ':::tabs\n\n**npm**\n\nnpm i x\n\n**pnpm**\n\npnpm add x\n:::'
 */
export function pluginTabsAsLabels(source: string): string {
  if (!source.includes('tabs')) return source;
  // The containers open around the current line, innermost last: whether each is a tabs group.
  const open: boolean[] = [];
  return rewriteLinesOutsideFences(source, (line) => {
    const tabs = tabsOpener.exec(line);
    if (tabs !== null) {
      open.push(true);
      return `${tabs[1] ?? ''}${tabs[2] ?? ':::'}tabs`;
    }
    if (otherOpener.test(line)) open.push(false);
    else if (closer.test(line)) open.pop();
    else if (open.at(-1) === true) {
      const marker = tabMarker.exec(line);
      if (marker !== null) return `\n${marker[1] ?? ''}**${marker[2] ?? ''}**\n`;
    }
    return line;
  });
}
