// A tiny Docusaurus site: built by Docusaurus itself in docusaurus-build.test.ts, so the anchors
// and URLs Docent ingests can be checked against the HTML the generator really writes. Only the
// docs plugin and the classic theme: no blog, search or analytics.
export default {
  title: 'Harbor',
  url: 'https://harbor.example.com',
  baseUrl: '/',
  // The navbar's title links to the site root, which a docs-only site does not have.
  onBrokenLinks: 'warn',
  plugins: ['@docusaurus/plugin-content-docs'],
  themes: ['@docusaurus/theme-classic'],
};
