// Entry of a ParsePool worker thread (see parse-pool.ts). A worker does not inherit the
// TypeScript loader of the thread that started it (tsx's CLI or `register()` in
// bin/docent-server.js, Vite under Vitest), so it registers tsx itself, as the server's bin does.
//
// The parser's packages are imported first, before the loader: every module loaded through a
// loader hook costs a round trip to the loader's thread, and these packages (micromark's hundreds
// of files) are plain JavaScript. Importing them here cuts the worker's start by about a third. A
// package missing from this list is still loaded (through the loader), one no longer installed is
// skipped.
const parserPackages = [
  'unified', 'remark-parse', 'remark-gfm', 'remark-frontmatter', 'remark-directive', 'remark-mdx', 'remark-stringify', 'yaml', 'github-slugger',
  'mdast-util-to-string', 'mdast-util-gfm-footnote', 'mdast-util-gfm-strikethrough', 'mdast-util-gfm-table', 'mdast-util-gfm-task-list-item',
  'micromark-extension-gfm-footnote', 'micromark-extension-gfm-strikethrough', 'micromark-extension-gfm-table', 'micromark-extension-gfm-task-list-item',
  'hast-util-from-html', 'hast-util-to-mdast', 'hast-util-to-string',
];
await Promise.allSettled(parserPackages.map((specifier) => import(specifier)));
const { register } = await import('tsx/esm/api');
register();
await import('./parse-pool-worker.ts');
