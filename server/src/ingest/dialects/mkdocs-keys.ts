import type { Nodes, Parent, Root, Text } from 'mdast';
import { markChanged } from '../mdast-edits';

/** `pymdownx.keys` options that change what a reader sees. */
export interface KeysSettings {
  /** `key_map`: labels added or replaced, by key name (`{ custom: 'Custom Key' }`). */
  keyMap: Record<string, string>;
  /** `camel_case`: `++PageUp++` reads as `++page-up++`. */
  camelCase: boolean;
  /** `separator` shown between keys (default `+`). */
  separator: string;
}

// The extension's English key map, as `name:Label` entries: the labels its `<kbd>` elements show.
// Letters, digits, F1–F24 and the numeric keypad's digits are added below.
const keyLabels = new Map(
  [
    'space:Space',
    // Punctuation.
    'backslash:\\', 'bar:|', 'brace-left:{', 'brace-right:}', 'bracket-left:[', 'bracket-right:]', 'colon::', 'comma:,',
    'double-quote:"', 'equal:=', 'exclam:!', 'grave:`', 'greater:>', 'less:<', 'less-greater:<>', 'minus:-', 'period:.',
    'plus:+', 'question:?', 'section:§', 'semicolon:;', "single-quote:'", 'slash:/', 'tilde:~', 'underscore:_',
    // Navigation and editing.
    'arrow-up:Up', 'arrow-down:Down', 'arrow-left:Left', 'arrow-right:Right', 'page-up:Page Up', 'page-down:Page Down',
    'home:Home', 'end:End', 'backspace:Backspace', 'delete:Del', 'insert:Ins', 'tab:Tab', 'backtab:Back Tab',
    // Actions.
    'break:Break', 'caps-lock:Caps Lock', 'clear:Clear', 'escape:Esc', 'help:Help', 'print-screen:Print Screen',
    'scroll-lock:Scroll Lock', 'enter:Enter', 'eject:Eject',
    // Numeric keypad (its digits below).
    'num-asterisk:Num *', 'num-clear:Num Clear', 'num-delete:Num Del', 'num-equal:Num =', 'num-lock:Num Lock',
    'num-minus:Num -', 'num-plus:Num +', 'num-separator:Num ,', 'num-slash:Num /', 'num-enter:Num Enter',
    // Modifiers.
    'alt:Alt', 'command:Cmd', 'control:Ctrl', 'function:Fn', 'meta:Meta', 'option:Option', 'shift:Shift', 'windows:Win',
    'left-alt:Left Alt', 'left-control:Left Ctrl', 'left-shift:Left Shift', 'left-windows:Left Win',
    'right-alt:Right Alt', 'right-control:Right Ctrl', 'right-shift:Right Shift', 'right-windows:Right Win',
    // Media, browser and mouse keys.
    'context-menu:Context Menu', 'copy:Copy', 'print:Print', 'reset:Reset', 'select:Select', 'sleep:Sleep', 'zoom:Zoom',
    'mail:Mail', 'media:Media', 'media-play-pause:Play/Pause', 'media-play:Play', 'media-pause:Pause', 'media-stop:Stop',
    'media-next-track:Next Track', 'media-prev-track:Previous Track', 'volume-up:Volume Up', 'volume-down:Volume Down',
    'volume-mute:Mute', 'browser-back:Browser Back', 'browser-forward:Browser Forward', 'browser-home:Browser Home',
    'browser-refresh:Browser Refresh', 'browser-search:Browser Search', 'browser-stop:Browser Stop',
    'browser-favorites:Browser Favorites', 'left-button:Left Button', 'middle-button:Middle Button',
    'right-button:Right Button', 'x-button1:X Button 1', 'x-button2:X Button 2',
  ].map((entry) => {
    const colon = entry.indexOf(':');
    return [entry.slice(0, colon), entry.slice(colon + 1)] as const;
  }),
);
for (let code = 97; code <= 122; code++) keyLabels.set(String.fromCharCode(code), String.fromCharCode(code - 32));
for (let digit = 0; digit <= 9; digit++) keyLabels.set(String(digit), String(digit)).set(`num${digit}`, `Num ${digit}`);
for (let number = 1; number <= 24; number++) keyLabels.set(`f${number}`, `F${number}`);

// The extension's aliases of those names (`ctrl`, `cmd`, `esc`, `pgup`…), as `alias:name` entries.
const keyAliases = new Map(
  [
    'ctrl:control', 'cmd:command', 'opt:option', 'fn:function', 'win:windows', 'menu:alt', 'return:enter', 'esc:escape',
    'del:delete', 'ins:insert', 'back:backspace', 'bksp:backspace', 'bktab:backtab', 'tabulator:tab', 'spc:space',
    'up:arrow-up', 'down:arrow-down', 'dn:arrow-down', 'left:arrow-left', 'right:arrow-right',
    'pgup:page-up', 'prior:page-up', 'pgdn:page-down', 'page-dn:page-down', 'next:page-down',
    'cancel:break', 'capital:caps-lock', 'cplk:caps-lock', 'clr:clear', 'printscreen:print-screen', 'prtsc:print-screen',
    'scroll:scroll-lock', 'apps:context-menu', 'numlk:num-lock', 'numlock:num-lock', 'num-del:num-delete',
    'num-equalsign:num-equal', 'num-return:num-enter', 'add:num-plus', 'subtract:num-minus', 'multiply:num-asterisk',
    'divide:num-slash', 'decimal:num-separator', 'separator:num-separator',
    'lalt:left-alt', 'lmenu:left-alt', 'left-menu:left-alt', 'lctrl:left-control', 'lcontrol:left-control',
    'left-ctrl:left-control', 'lshift:left-shift', 'lwin:left-windows', 'left-win:left-windows',
    'ralt:right-alt', 'rmenu:right-alt', 'right-menu:right-alt', 'rctrl:right-control', 'rcontrol:right-control',
    'right-ctrl:right-control', 'rshift:right-shift', 'rwin:right-windows', 'right-win:right-windows',
    'close-brace:brace-right', 'open-brace:brace-left', 'close-bracket:bracket-right', 'open-bracket:bracket-left',
    'dblquote:double-quote', 'exclamation:exclam', 'grave-accent:grave', 'greater-than:greater', 'gt:greater',
    'less-than:less', 'lt:less', 'less-greater-than:less-greater', 'lt-gt:less-greater', 'hyphen:minus',
    'question-mark:question', 'play:media-play', 'pause:media-pause', 'stop:media-stop', 'play-pause:media-play-pause',
    'next-track:media-next-track', 'prev-track:media-prev-track', 'mute:volume-mute', 'vol-mute:volume-mute',
    'vol-up:volume-up', 'vol-down:volume-down', 'refresh:browser-refresh', 'search:browser-search',
    'forward:browser-forward', 'favorites:browser-favorites', 'launch-mail:mail', 'launch-media:media',
    'lbutton:left-button', 'mbutton:middle-button', 'rbutton:right-button', 'xbutton1:x-button1', 'xbutton2:x-button2',
  ].map((entry) => entry.split(':') as [string, string]),
);

// Bounds on one `++…++` combination, so a scan from each `++` stays short on hostile text.
const maximumKeys = 16;
const maximumKeyLength = 64;
const keyCharacter = /[\p{L}\p{N}_-]/u;

/**
 * Turns pymdownx.keys combinations in a page's text into what its `<kbd>` elements show:
 * `++ctrl+alt+del++` reads `Ctrl+Alt+Del`, `++cmd+k++` reads `Cmd+K`, a quoted key
 * `++ctrl+"My Key"++` reads `Ctrl+My Key`. Key names go through the extension's aliases (`ctrl`,
 * `cmd`, `esc`, `pgup`…), its English key map and the site's `key_map`, case-sensitively unless
 * `camel_case` is on, like the extension; keys are joined by the `separator` (by `+` when it is
 * empty: a reader still tells the keys apart). As the extension does, a combination naming a key it does
 * not know is no combination and stays as written (`++foo++`), and so does one written with
 * escaped plus signs (`\+\+ctrl\+\+`); inline code and code blocks are never touched (their text is
 * not text nodes).
 *
 * @param source the text the tree's positions point into (to see a node's escapes).
 */
export function renderKeys(tree: Root, settings: KeysSettings, source: string): void {
  const visit = (parent: Parent) => {
    for (const child of parent.children as Nodes[]) {
      if (child.type === 'text') {
        if (child.value.includes('++') && !writtenWithEscapedPlus(child, source)) renderKeysIn(child, settings);
      } else if ('children' in child) visit(child);
    }
  };
  visit(tree);
}

/** Whether the node's source writes a `\+` (its value has lost the backslash, not the meaning). */
function writtenWithEscapedPlus(node: Text, source: string): boolean {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start !== undefined && end !== undefined && source.slice(start, end).includes('\\+');
}

/** Replaces the combinations in one text node, scanning it once. */
function renderKeysIn(node: Text, settings: KeysSettings): void {
  const value = node.value;
  let output = '';
  let copied = 0;
  let index = value.indexOf('++');
  while (index !== -1) {
    const combination = readCombination(value, index + 2, settings);
    if (combination === undefined) {
      index = value.indexOf('++', index + 1);
      continue;
    }
    output += value.slice(copied, index) + combination.labels.join(settings.separator === '' ? '+' : settings.separator);
    copied = combination.end;
    index = value.indexOf('++', combination.end);
  }
  if (copied === 0) return;
  node.value = output + value.slice(copied);
  markChanged(node);
}

/** The labels of the combination starting at `start` (after its `++`) and where it ends (after its closing `++`). */
function readCombination(value: string, start: number, settings: KeysSettings): { labels: string[]; end: number } | undefined {
  const labels: string[] = [];
  let index = start;
  while (labels.length < maximumKeys) {
    const key = readKey(value, index);
    if (key === undefined) return undefined;
    const label = key.quoted ? key.text : labelOf(key.text, settings);
    if (label === undefined || label === '') return undefined;
    labels.push(label);
    index = key.end;
    if (value.startsWith('++', index)) return { labels, end: index + 2 };
    if (value[index] !== '+') return undefined;
    index++;
  }
  return undefined;
}

/** One key name (`ctrl`, `page-up`) or quoted text (`"My Key"`, `'Ü'`, with `\"` escapes) at `start`. */
function readKey(value: string, start: number): { text: string; quoted: boolean; end: number } | undefined {
  const quote = value[start];
  if (quote === '"' || quote === "'") {
    let text = '';
    for (let index = start + 1; index < value.length && index - start <= maximumKeyLength; index++) {
      const character = value[index] as string;
      if (character === quote) return text.trim() === '' ? undefined : { text: text.trim(), quoted: true, end: index + 1 };
      if (character === '\\' && index + 1 < value.length) text += value[++index];
      else text += character;
    }
    return undefined;
  }
  let end = start;
  while (end < value.length && end - start < maximumKeyLength && keyCharacter.test(value[end] as string)) end++;
  return end === start ? undefined : { text: value.slice(start, end), quoted: false, end };
}

/** A key name's label: through `camel_case`, the aliases, then the site's and the extension's key maps. */
function labelOf(name: string, settings: KeysSettings): string | undefined {
  const normalized = settings.camelCase ? camelCaseToKeyName(name) : name;
  const canonical = keyAliases.get(normalized) ?? normalized;
  return Object.hasOwn(settings.keyMap, canonical) ? settings.keyMap[canonical] : keyLabels.get(canonical);
}

/** `PageUp` → `page-up`, `Ctrl` → `ctrl`: an upper-case letter starts a new hyphenated word, as the extension reads it. */
function camelCaseToKeyName(name: string): string {
  let result = '';
  let last = '';
  for (const character of name) {
    const upper = character !== character.toLowerCase();
    if (upper) result += last === '' || last === '-' ? character.toLowerCase() : `-${character.toLowerCase()}`;
    else result += character;
    last = character;
  }
  return result;
}
