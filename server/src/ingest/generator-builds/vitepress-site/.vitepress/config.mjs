// A tiny VitePress site: built by VitePress itself in generator-build.test.ts, so the anchors and
// URLs Docent ingests can be checked against the HTML the generator really writes.
export default {
  title: 'Harbor',
  cleanUrls: true,
  // The included partial is not a page of its own: VitePress builds no page for it, and the
  // test checks Docent indexes none.
  srcExclude: ['**/parts/**'],
  locales: {
    root: { label: 'English', lang: 'en' },
    fr: { label: 'Français', lang: 'fr' },
  },
};
