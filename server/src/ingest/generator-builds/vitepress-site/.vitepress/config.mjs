// A tiny VitePress site: built by VitePress itself in generator-build.test.ts, so the anchors and
// URLs Docent ingests can be checked against the HTML the generator really writes.
export default {
  title: 'Harbor',
  cleanUrls: true,
  locales: {
    root: { label: 'English', lang: 'en' },
    fr: { label: 'Français', lang: 'fr' },
  },
};
